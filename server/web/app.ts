/**
 * The HTTP application: one Hono app in front of everything (a request for
 * another host never reaches it: ./node-listener.ts). Order matters:
 * request id → security headers → refuse bad addresses → XSRF (before any body
 * is read) → route body limit → static files → session → analytics limits →
 * JSON API and sign-in → 405 for methods no route takes → cached anonymous
 * pages → React Router.
 */
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context, type Next } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext, type AppServices } from "#server/content/context.ts";
import { authRoutes } from "#server/auth/routes.ts";
import { sessionMiddleware } from "#server/auth/session-middleware.ts";
import type { SignedInUser } from "#core/shell.ts";
import { favoriteLanguage } from "#server/content/public-sections.ts";
import { RETRY_AFTER_SECONDS } from "#server/db/availability.ts";
import { robotsTxt } from "#server/content/sitemap.ts";
import { hasSessionCookie } from "#server/http/session-cookie.ts";
import { mediaFiles } from "#server/media/files.ts";
import { socialImages } from "#server/media/social-images.ts";
import { createUploadGate } from "#server/media/upload-gate.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { analyticsLimits } from "./analytics-limits.ts";
import { routeBodyLimit } from "#server/http/body-limits.ts";
import { AppError, errorResponse, refusalResponse } from "#server/http/errors.ts";
import { escapeHtml } from "#server/http/html.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import { newPageNotes, type PageNotes } from "#server/http/page-notes.ts";
import { conditionalGet } from "./conditional-get.ts";
import { sitemapRoutes } from "./sitemaps.ts";
import { feedRoutes } from "./feeds.ts";
import { adminApi } from "./admin-api.ts";
import { ADMIN_API_PREFIX } from "#server/http/endpoint.ts";
import { publicApi } from "./public-api.ts";
import { contentApi } from "./content-api.ts";
import { answerOtherMethods, refuseOtherMethods } from "#server/http/methods.ts";
import { requestGuard, type RenderErrorPage } from "#server/http/request-guard.ts";
import { securityHeaders } from "./security.ts";
import { siteHosts } from "#server/http/site-hosts.ts";
import { xsrfProtection } from "#server/http/xsrf.ts";
import { serveOpenApi } from "#server/http/openapi.ts";
import { probeRoutes } from "#server/ops/probes.ts";
import { requestMetrics } from "#server/ops/request-metrics.ts";

export type DocumentHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface HttpAppOptions {
  /** React Router's request handler; absent in API-only tests. */
  handleDocument?: DocumentHandler;
  /** Folder of the built browser assets. */
  clientDir?: string;
  /** Folder of public/'s files where nothing is built (development); else the built assets hold them. */
  publicDir?: string;
  /** Cache of anonymous pages in front of React Router (see page-cache.ts). */
  pageCache?: PageCache;
  /** Answer anonymous pages from the cache (default); off in development, where every render must show the edited code. */
  cachePages?: boolean;
  /** True once a graceful shutdown has begun (/readyz answers 503). */
  isDraining?: () => boolean;
  /** The React Router route pattern of a page path, for the request metrics. */
  pagePattern?: (pathname: string) => Promise<string>;
}

export function createHttpApp(services: AppServices, options: HttpAppOptions = {}) {
  const { config, content, log } = services;
  const app = new Hono<HttpEnv>();
  // Anonymous pages, start-up files and sitemaps share one byte-bounded cache.
  const pageCache =
    options.pageCache ??
    createPageCache({
      content,
      isAnonymous: (cookie) => !hasSessionCookie(cookie),
      secureCookies: config.secureCookies,
      maxBytes: config.pageCacheBytes,
    });

  // A bad address or method never reaches React Router; answer a small page in the favorite language.
  const renderErrorPage: RenderErrorPage = (status, message) => {
    const snapshot = content.current();
    const language = favoriteLanguage(snapshot);
    const strings = (language && snapshot.translations.get(language.code)) || new Map<string, string>();
    const title = strings.get("BADREQUEST:TITLE") ?? "Bad request";
    // "This address is not valid" is said of a bad address only: with another method the address is fine.
    const text = status === 400 ? `<p>${escapeHtml(strings.get("BADREQUEST:TEXT") ?? "")}</p>` : "";
    const html = `<!doctype html><html lang="${escapeHtml(language?.code ?? "en")}" dir="${language?.dir ?? "ltr"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${text}<p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(strings.get("NOTFOUND:HOME") ?? "Home")}</a></p></main></body></html>`;
    return new Response(html, {
      status,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  };

  app.use(requestMetrics(options.pagePattern));
  // A client's X-Request-Id is kept only if it is short and plain (letters, digits, _ - =); otherwise a fresh UUID.
  app.use(requestId({ limitLength: 64 }));
  app.use(async (c, next) => {
    const started = performance.now();
    c.set("user", null);
    await next();
    // Path only: query strings can carry OAuth codes and states. The logger redacts the path's secrets (server/base/log.ts).
    log.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  app.use(securityHeaders({ hsts: config.secureCookies, development: config.env === "development" }));
  app.use(requestGuard(renderErrorPage));
  // Outside compression, which turns strong ETags weak: 304 for every response whose ETag matches (weakly).
  app.use(conditionalGet());
  app.use(compress());
  const bodyLimit = routeBodyLimit(config);
  app.use(xsrfProtection({ secure: config.secureCookies, siteOrigins: siteHosts(config).origins }, bodyLimit));
  app.use(bodyLimit);
  app.route("/", probeRoutes(services, { isDraining: options.isDraining }));

  if (options.clientDir) {
    const root = options.clientDir;
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    });
    app.use("/assets/*", serveStatic({ root, precompressed: true }));
    app.get("/assets/*", () => errorResponse(404, "not_found", "No such asset."));
    // Files from public/ keep their names across releases: a week, then revalidated in the background.
    const publicFileCaching = async (c: Context, next: Next) => {
      await next();
      if (c.res.status === 200)
        c.res.headers.set("Cache-Control", "public, max-age=604800, stale-while-revalidate=86400");
    };
    app.use("/:file{[^/]+\\.(svg|png|ico|webmanifest)}", publicFileCaching, serveStatic({ root }));
    app.use("/covers/*", publicFileCaching, serveStatic({ root }));
  }

  app.route("/", mediaFiles(services));
  // One image queue per process, for uploads and link-preview pictures alike: the libuv threads and cores it protects are the process's (upload-gate.ts).
  const imageGate = createUploadGate({ maxAdmitted: config.media.maxConcurrentUploads });
  app.route(
    "/",
    socialImages(services, { publicDir: options.publicDir ?? options.clientDir ?? null, gate: imageGate }),
  );

  app.use(answerOtherMethods(() => app.routes, renderErrorPage));
  // After the static files: they never need the user, and the lookup is a database query.
  app.use(sessionMiddleware(services.database.db, { secure: config.secureCookies }));
  app.use("/api/analytics/*", analyticsLimits(services));

  app.route("/", publicApi(services, pageCache.responses));
  app.route("/", contentApi(services, pageCache.responses));
  // It changes only with PUBLIC_URL, so with a release: a day, then revalidated in the background.
  app.get("/robots.txt", (c) =>
    c.text(robotsTxt(config.publicUrl), 200, {
      "Cache-Control": "public, max-age=86400, stale-while-revalidate=86400",
    }),
  );
  app.route("/", sitemapRoutes(services, pageCache.responses));
  app.route("/", feedRoutes(services, pageCache.responses));
  app.route(ADMIN_API_PREFIX, adminApi(services, imageGate));
  app.route("/", authRoutes(services));
  serveOpenApi(app, config.publicUrl);
  app.all("/api/*", () => errorResponse(404, "not_found", "No such API endpoint."));
  app.use(refuseOtherMethods(renderErrorPage));

  const handleDocument = options.handleDocument;
  if (handleDocument) {
    const renderDocument = async (
      c: Context<HttpEnv>,
      request: Request,
      user: SignedInUser | null,
      pageNotes: PageNotes,
    ) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(requestContext, {
        nonce: c.get("nonce"),
        requestId: c.get("requestId"),
        user,
        pageNotes,
        // React Router's client navigations ask for `<path>.data`; anything else is answered with a document.
        markupOnly: c.req.path.endsWith(".data") ? null : new Map(),
      });
      const response = await handleDocument(request, context);
      const headers = new Headers(response.headers);
      if (!headers.has("Cache-Control")) headers.set("Cache-Control", user ? "private, no-store" : "public, no-cache");
      // A loader that failed for want of a database (entry.server's handleError recorded it) is a 503, not a 500.
      if (response.status === 500 && !services.database.availability.available) {
        headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
        headers.set("Cache-Control", "no-store");
        return new Response(response.body, { status: 503, headers });
      }
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    };
    // A signed-in visitor's miss may be filled with the page as a visitor gets it: no user, no cookies (decision 0138).
    if (options.cachePages !== false)
      app.use(pageCache.middleware((c, notes) => renderDocument(c, withoutCookies(c.req.raw), null, notes)));
    app.all("*", (c) => renderDocument(c, c.req.raw, c.get("user"), c.get("pageNotes") ?? newPageNotes()));
  }

  app.onError((error, c) => {
    if (error instanceof AppError) return refusalResponse(error);
    if (c.req.raw.signal.aborted) {
      // The client went away (closed the tab, lost the network): nothing to answer, nothing wrong here.
      log.info(
        { requestId: c.get("requestId"), method: c.req.method, path: c.req.path },
        "client closed the connection",
      );
      return errorResponse(400, "client_closed", "The client closed the connection.");
    }
    if (services.database.availability.failed(error)) {
      const response = errorResponse(
        503,
        "database_unavailable",
        "The database is unreachable right now. Please try again in a few seconds.",
      );
      response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
      return response;
    }
    log.error({ requestId: c.get("requestId"), err: error }, "unhandled error");
    return errorResponse(500, "internal_error", "Something went wrong on our side. Please try again.");
  });
  app.notFound(() => errorResponse(404, "not_found", "Not found."));
  return app;
}

/** The same request as a visitor without cookies would make it. */
function withoutCookies(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

export function defaultClientDir(serverBundleUrl: string): string {
  return fileURLToPath(new URL("../client", serverBundleUrl));
}
