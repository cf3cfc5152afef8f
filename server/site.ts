/**
 * The site as one Node request listener: services, the Hono app and React
 * Router behind it. `npm start` (server/app.ts) opens it with the production
 * build; `npm run dev` (server/dev.ts) with Vite's live build, and opens it
 * again whenever server code changes.
 */
import type { IncomingMessage, ServerOptions, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { AppServices } from "./content/context.ts";
import { hasSessionCookie } from "./http/session-cookie.ts";
import { scheduleHousekeeping } from "./housekeeping.ts";
import { startSearchCatchUp } from "./content/search-catch-up.ts";
import type { Config } from "./base/config.ts";
import { createHttpApp } from "./web/app.ts";
import { guardedListener } from "./http/node-listener.ts";
import { createCdnPurger } from "./web/cdn.ts";
import { createPageCache } from "./web/page-cache.ts";
import { siteHosts } from "./http/site-hosts.ts";
import type { Logger } from "./base/log.ts";
import { metricsText, observeRequest } from "./base/metrics.ts";
import { pagePattern } from "./ops/page-pattern.ts";
import { createServices } from "./services.ts";
import { startScheduler } from "./admin/publishing/scheduler.ts";
import { startWebhookDeliveries } from "./webhooks/deliveries.ts";

export interface SiteOptions {
  /** The React Router build, or (development) a function returning the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser assets; in development Vite serves them. */
  clientDir?: string;
  /** Folder of public/'s files where nothing is built (development), for the covers' link-preview pictures. */
  publicDir?: string;
  /** Cache anonymous pages (production); off in development, where every render must show the edited code. */
  pageCache: boolean;
  isDraining?: () => boolean;
}

export interface Site {
  services: AppServices;
  listener: (request: IncomingMessage, response: ServerResponse) => void;
  /** The Prometheus exposition of this site's registry (for the separate metrics listener). */
  metricsText: typeof metricsText;
  /** Stops background work and closes the database. */
  close: () => Promise<void>;
}

/** Label of requests answered by the page cache's fast path, before any route matching. */
const PAGE_CACHE_ROUTE = "(page cache)";

/** The site on open services: React Router behind the HTTP app, the page cache in front (also what page-level integration tests drive). */
export function createSite(services: AppServices, options: SiteOptions) {
  const { config, log } = services;
  const pageCache = createPageCache({
    content: services.content,
    isAnonymous: (cookie) => !hasSessionCookie(cookie),
    secureCookies: config.secureCookies,
    maxBytes: config.pageCacheBytes,
    shared: { maxAgeSeconds: config.cdn.maxAgeSeconds, purger: createCdnPurger(config.cdn, log) },
  });
  const currentBuild = async () => (typeof options.build === "function" ? options.build() : options.build);
  const app = createHttpApp(services, {
    handleDocument: createRequestHandler(options.build, config.env),
    clientDir: options.clientDir,
    publicDir: options.publicDir,
    pageCache,
    cachePages: options.pageCache,
    isDraining: options.isDraining,
    pagePattern: async (pathname) => pagePattern((await currentBuild()).routes, pathname),
  });
  const handleWithHono = getRequestListener(app.fetch);
  const listener = guardedListener({
    fastPath(request, response) {
      const started = performance.now();
      if (!options.pageCache || !pageCache.serveFromMemory(request, response)) return false;
      observeRequest(
        request.method ?? "GET",
        PAGE_CACHE_ROUTE,
        response.statusCode,
        (performance.now() - started) / 1000,
      );
      return true;
    },
    handle: handleWithHono,
    hosts: siteHosts(config),
    log,
  });
  return { app, pageCache, listener };
}

export async function openSite(config: Config, log: Logger, options: SiteOptions): Promise<Site> {
  const services = await createServices(config, log);
  const { listener } = createSite(services, options);
  const stopPruning = scheduleHousekeeping(services);
  const scheduler = startScheduler(services);
  const searchCatchUp = startSearchCatchUp(services);
  const webhookDeliveries = startWebhookDeliveries(services);
  return {
    services,
    listener,
    metricsText,
    close: async () => {
      stopPruning();
      await scheduler.stop();
      await searchCatchUp.stop();
      await webhookDeliveries.stop();
      return services.close();
    },
  };
}

/** Node server limits: a client trickling its headers or body holds a connection this long at most (408). */
export function serverTimeouts(config: Config): ServerOptions {
  const requestTimeoutMs = config.requestTimeoutSeconds * 1000;
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(10_000, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
  };
}

/** The site, or the process ends with a message saying which database could not be opened. */
export async function openSiteOrExit(config: Config, log: Logger, options: SiteOptions): Promise<Site> {
  return openSite(config, log, options).catch((error: unknown) => {
    const where = config.database.kind === "sqlite" ? config.database.path : new URL(config.database.url).host;
    console.error(
      `Cannot open the database (${config.database.kind} at ${where}): ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
}
