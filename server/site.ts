/**
 * The site as one Node request listener: services, the Hono app and React
 * Router behind it. `npm start` (server/app.ts) opens it with the production
 * build; `npm run dev` (server/dev.ts) with Vite's live build, and opens it
 * again whenever server code changes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { AppServices } from "./context.ts";
import { hasSessionCookie } from "./auth/session-cookie.ts";
import type { Config } from "./config.ts";
import { createHttpApp } from "./http/app.ts";
import { createPageCache } from "./http/page-cache.ts";
import type { Logger } from "./log.ts";
import { metricsText, observeRequest } from "./metrics.ts";
import { pagePattern } from "./ops/page-pattern.ts";
import { createServices } from "./services.ts";

export interface SiteOptions {
  /** The React Router build, or (development) a function returning the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser assets; in development Vite serves them. */
  clientDir?: string;
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

export async function openSite(config: Config, log: Logger, options: SiteOptions): Promise<Site> {
  const services = await createServices(config, log);
  const handleDocument = createRequestHandler(options.build, config.env);
  const pageCache = options.pageCache
    ? createPageCache({ content: services.content, isAnonymous: (cookie) => !hasSessionCookie(cookie), secureCookies: config.secureCookies })
    : undefined;
  const currentBuild = async () => (typeof options.build === "function" ? options.build() : options.build);
  const app = createHttpApp(services, {
    handleDocument,
    clientDir: options.clientDir,
    pageCache,
    isDraining: options.isDraining,
    pagePattern: async (pathname) => pagePattern((await currentBuild()).routes, pathname),
  });
  const handleWithHono = getRequestListener(app.fetch);

  return {
    services,
    listener(request, response) {
      const started = performance.now();
      if (pageCache?.serveFromMemory(request, response)) {
        observeRequest(request.method ?? "GET", PAGE_CACHE_ROUTE, response.statusCode, (performance.now() - started) / 1000);
        return;
      }
      void handleWithHono(request, response);
    },
    metricsText,
    close: () => services.close(),
  };
}

/** The site, or the process ends with a message saying which database could not be opened. */
export async function openSiteOrExit(config: Config, log: Logger, options: SiteOptions): Promise<Site> {
  return openSite(config, log, options).catch((error: unknown) => {
    const where = config.database.kind === "sqlite" ? config.database.path : new URL(config.database.url).host;
    console.error(`Cannot open the database (${config.database.kind} at ${where}): ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
