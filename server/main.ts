/**
 * `npm start`: builds the app if the build is missing or older than the
 * sources, then starts the bundled server (migrate, seed when empty, serve).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_NODE_ENV } from "./base/node-env.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const serverBundle = join(root, "build/server/index.js");
const SOURCES = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestModification(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((entry) => newestModification(join(path, entry))));
}

function buildIsStale(): boolean {
  if (!existsSync(serverBundle)) return true;
  const built = statSync(serverBundle).mtimeMs;
  return SOURCES.some((source) => existsSync(join(root, source)) && newestModification(join(root, source)) > built);
}

if (buildIsStale()) {
  console.log("Building Polyglot Press (first start or changed sources)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// React (loaded by the bundle from node_modules) picks its production build only when NODE_ENV says so: unset,
// it rendered every page with its development checks (an uncached article 11 ms instead of 7). The server
// copies of SERVER_PROCESSES inherit it.
process.env.NODE_ENV ??= DEFAULT_NODE_ENV;
const { start } = (await import(serverBundle)) as { start: () => Promise<void> };
await start();
