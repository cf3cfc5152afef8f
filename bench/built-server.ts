/** The built server (build/server/index.js) in a child process, for the benchmarks: start, wait for the first response, stop. */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> })
  .scripts;
const startScript = scripts.start!.split(" ");

/** The V8 flags an npm script runs Node with, read from package.json so the benchmarks measure what operators run. */
export const nodeFlagsOf = (script: string): string[] =>
  scripts[script]!.split(" ").filter((word) => word.startsWith("--"));

/** `npm start`'s (decisions 0111 and 0127; the Dockerfile's CMD is held to the same flags by a test). */
export const SERVER_NODE_FLAGS: string[] = nodeFlagsOf("start");

/** The environment defaults `npm start` sets (`NAME=${NAME:-value}`, decision 0129): the caller's own values win. */
export const SERVER_ENV_DEFAULTS: Record<string, string> = Object.fromEntries(
  startScript.flatMap((word) => {
    const setting = /^(\w+)=\$\{\1:-([^}]*)\}$/.exec(word);
    return setting ? [[setting[1]!, setting[2]!]] : [];
  }),
);

export function startServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
  flags = SERVER_NODE_FLAGS,
): { child: ChildProcess; started: number } {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...flags, "-e", `import(${JSON.stringify(join(root, "build/server/index.js"))}).then((m) => m.start())`],
    {
      env: {
        ...SERVER_ENV_DEFAULTS,
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: "silent",
        NODE_ENV: "production",
        ...env,
      },
      stdio: "ignore",
    },
  );
  return { child, started };
}

/** Milliseconds from `started` until /healthz answers. */
export async function firstResponse(child: ChildProcess, started: number, port: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}
