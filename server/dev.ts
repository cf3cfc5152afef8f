/**
 * `npm run dev`: the production server (server/site.ts: the same Hono app, API,
 * sign-in and database) with Vite in middleware mode in front of it. Vite
 * serves the browser modules and pushes hot updates for components and CSS
 * over a WebSocket on the same port; the server code runs in Vite's SSR
 * module runner, so an edit under server/ re-opens the site (services,
 * database connection, routes) without restarting the process, Vite, or the
 * browser's connection (docs/decisions/0050-dev-server.md).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, isRunnableDevEnvironment } from "vite";
import { configOrExit } from "./base/config.ts";
import { createLogger } from "./base/log.ts";
import { serve } from "./ops/serve.ts";
import { drainable } from "./ops/shutdown.ts";
import { answeredAsNotOurs } from "./http/node-listener.ts";
import { siteHosts } from "./http/site-hosts.ts";
import type * as SiteModule from "./site.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const SITE_MODULE = "/server/site.ts";
const SERVER_BUILD = "virtual:react-router/server-build";

const config = configOrExit();
const log = createLogger(config.logLevel);
const server = createServer();
// The SQLite database (a path from the working directory): it and its -wal, -shm and -journal files change on every write and are no module.
const databaseFile = config.database.kind === "sqlite" ? resolve(config.database.path) : null;
const connections = drainable(server);

const vite = await createViteServer({
  root,
  appType: "custom",
  server: {
    middlewareMode: true,
    hmr: { server },
    // Its HMR WebSocket checks the Host too: the site's names (Vite allows loopback names and addresses itself).
    allowedHosts: [new URL(config.publicUrl).hostname, ...config.allowedHosts],
    // node_modules may be a link to a shared install (the dev-server test's project copy uses one).
    fs: { allow: [root, realpathSync(join(root, "node_modules"))] },
    watch: { ignored: databaseFile === null ? [] : [(path: string) => path.startsWith(databaseFile)] },
  },
});
const ssr = vite.environments.ssr;
if (!ssr || !isRunnableDevEnvironment(ssr))
  throw new Error("Vite's SSR environment cannot run modules in this process");
const runner = ssr.runner;

type Site = Awaited<ReturnType<typeof SiteModule.openSite>>;

interface Current {
  site: Site;
  /** The runner's record of the site module this site came from; gone once Vite reloads the server program. */
  module: unknown;
}

async function openSite(): Promise<Current> {
  const { openSite } = await runner.import<typeof SiteModule>(SITE_MODULE);
  const site = await openSite(config, log, {
    // Imported per request: Vite invalidates edited route modules, so every render uses the current code.
    build: () => runner.import<ServerBuild>(SERVER_BUILD),
    pageCache: false,
    publicDir: join(root, "public"),
    isDraining: () => connections.draining,
  });
  return { site, module: runner.evaluatedModules.getModuleByUrl(SITE_MODULE) };
}

let current = await openSite().catch((error: unknown) => {
  console.error(
    `Cannot start the development server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});

/**
 * An edit Vite cannot hot-apply on the server (any server/ file, and files the
 * server build imports without an HMR boundary) makes its runner drop every
 * evaluated module. The site must then be opened again from the fresh
 * modules: route modules and the site would otherwise see different
 * instances of shared modules (React Router context keys).
 */
let reopening: Promise<Current> | null = null;
function currentSite(): Promise<Site> | Site {
  if (runner.evaluatedModules.getModuleByUrl(SITE_MODULE) === current.module && current.module) return current.site;
  reopening ??= (async () => {
    const started = performance.now();
    const previous = current;
    try {
      current = await openSite();
      log.info({ ms: Math.round(performance.now() - started) }, "code changed: restarted the server part");
      await previous.site.close();
    } catch (error) {
      log.error({ err: error }, "the changed server code does not start; still serving the previous version");
    }
    return current;
  })().finally(() => {
    reopening = null;
  });
  return reopening.then(({ site }) => site);
}

async function handleWithSite(request: IncomingMessage, response: ServerResponse): Promise<void> {
  (await currentSite()).listener(request, response);
}

const hosts = siteHosts(config);
server.on("request", (request: IncomingMessage, response: ServerResponse) => {
  // Another host gets the site's answer naming ALLOWED_HOSTS, not Vite's pointing at vite.config.js.
  if (answeredAsNotOurs(request, response, { hosts, log })) return;
  // Vite answers its own requests (modules, HMR client, public files) and passes the rest on.
  vite.middlewares(request, response, () => void handleWithSite(request, response));
});

await serve({
  config,
  log,
  server,
  connections,
  readMetrics: async () => (await currentSite()).metricsText(),
  close: async () => {
    await reopening;
    await current.site.close();
    await vite.close();
  },
});
console.log(
  `\n  Polyglot Press (development, hot reload) at ${config.publicUrl}  — database ${config.database.kind === "sqlite" ? config.database.path : "PostgreSQL"}\n`,
);
