/**
 * The server bundle's entry (see vite.config.ts): the React Router build, the
 * HTTP app and the services in one module graph, started by server/main.ts.
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { defaultClientDir } from "./web/app.ts";
import { createLogger } from "./base/log.ts";
import { serve } from "./ops/serve.ts";
import { superviseCopies } from "./ops/processes.ts";
import { drainable } from "./ops/shutdown.ts";
import { configOrExit } from "./base/config.ts";
import { createSite as createSiteWith, openSiteOrExit, serverTimeouts } from "./site.ts";
import type { AppServices } from "./content/context.ts";

/** The production site on given services (what page-level integration tests drive). */
export function createSite(services: AppServices) {
  return createSiteWith(services, { build, clientDir: defaultClientDir(import.meta.url), pageCache: true });
}

export async function start(): Promise<void> {
  const config = configOrExit();
  const log = createLogger(config.logLevel);
  if (config.serverProcesses > 1 && cluster.isPrimary)
    return superviseCopies(config, log, fileURLToPath(import.meta.url));
  const server = createServer(serverTimeouts(config));
  const connections = drainable(server);
  const site = await openSiteOrExit(config, log, {
    build,
    clientDir: defaultClientDir(import.meta.url),
    pageCache: true,
    isDraining: () => connections.draining,
  });
  server.on("request", site.listener);
  await serve({ config, log, server, connections, readMetrics: site.metricsText, close: site.close });
  log.info(
    { url: config.publicUrl, address: `${config.host}:${config.port}`, database: site.services.database.dialect },
    "Polyglot Press is listening",
  );
}

// A copy forked by superviseCopies (SERVER_PROCESSES) runs this bundle as its entry point.
if (cluster.isWorker) await start();
