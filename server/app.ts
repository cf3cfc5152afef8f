/**
 * The server bundle's entry (see vite.config.ts): the React Router build, the
 * HTTP app and the services in one module graph, started by server/main.ts.
 */
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { ConfigError, loadConfig } from "./config.ts";
import { hasSessionCookie } from "./auth/session-cookie.ts";
import { createHttpApp, defaultClientDir } from "./http/app.ts";
import { createPageCache } from "./http/page-cache.ts";
import { createLogger } from "./log.ts";
import { createServices } from "./services.ts";

export async function start(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const services = await createServices(config, log).catch((error: unknown) => {
    const where = config.database.kind === "sqlite" ? config.database.path : new URL(config.database.url).host;
    console.error(`Cannot open the database (${config.database.kind} at ${where}): ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  const handleRequest = createRequestHandler(build, config.env);
  const pageCache = createPageCache({ content: services.content, isAnonymous: (cookie) => !hasSessionCookie(cookie), secureCookies: config.secureCookies });
  const app = createHttpApp(services, { handleDocument: handleRequest, clientDir: defaultClientDir(import.meta.url), pageCache });
  const handleWithHono = getRequestListener(app.fetch);

  const server = createServer((request, response) => {
    if (!pageCache.serveFromMemory(request, response)) void handleWithHono(request, response);
  });
  server.listen(config.port, config.host, () => {
    log.info({ url: config.publicUrl, address: `${config.host}:${config.port}`, database: services.database.dialect }, "Polyglot Press is listening");
  });
  server.on("error", (error) => {
    log.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
    process.exit(1);
  });

  const shutdown = () => {
    log.info("shutting down");
    server.close(() => {
      void services.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
