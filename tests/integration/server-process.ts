/**
 * The real server in a child process, on a free port, for tests about what only
 * a real process shows:
 * - `startServerProcess`: `node server/main.ts` (what `npm start` runs; it builds first
 *   when the build is missing or stale) on its own SQLite file — signals, exit codes, files.
 * - `startRealServer`: the built bundle (`build/server/index.js`) on a fresh database of
 *   either kind — raw request targets, the page cache's fast path, timeouts, memory.
 * Both start through `launch()`: spawn, collect the output, wait for /healthz.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { sessionXsrfToken } from "#server/http/xsrf.ts";
import { bareEnv, rssKB } from "#tests/fixtures/processes.ts";
import { createTestDatabase, signedInCookie, type DatabaseKind, type TestDatabase } from "./support.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_BUNDLE = join(projectRoot, "build/server/index.js");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Launched {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Starts `node <args>` with the server's settings for a free port, and waits until /healthz answers. */
async function launch(args: string[], env: Record<string, string>, databaseUrl: string): Promise<Launched> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
      ...bareEnv(),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (
      await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, port, child, output: () => output, exited };
}

export interface ServerProcess extends Launched {
  dataDir: string;
  stop(): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "pp-process-"));
  const server = await launch(["server/main.ts"], env, `sqlite:${join(dataDir, "site.db")}`);
  return {
    ...server,
    dataDir,
    async stop() {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
      await server.exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface RealServer {
  url: string;
  port: number;
  pid: number;
  databaseUrl: string;
  /** The JSON log lines written so far. */
  logs(): LogLine[];
  /** Whether the process is still running. */
  alive(): boolean;
  /** Resident memory of the server process, in bytes. */
  rss(): number;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startRealServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  database?: TestDatabase,
): Promise<RealServer> {
  if (!existsSync(SERVER_BUNDLE))
    throw new Error(`${SERVER_BUNDLE} is missing: run "npm run build" first (npm test does).`);
  const target = database ?? (await createTestDatabase(kind));
  const server = await launch(
    ["--input-type=module", "-e", `const { start } = await import(${JSON.stringify(SERVER_BUNDLE)}); await start();`],
    { NODE_ENV: "test", ...env },
    target.url,
  );
  const { child } = server;
  return {
    url: server.url,
    port: server.port,
    pid: child.pid!,
    databaseUrl: target.url,
    logs: () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogLine),
    alive: () => child.exitCode === null && child.signalCode === null,
    rss: () => rssKB(child.pid!) * 1024,
    exited: server.exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await server.exited;
      if (!database) await target.drop();
    },
  };
}

/** An administrator signed in to a real server, made in its database: the Cookie header (session and XSRF cookie) and the XSRF token for writes. */
export async function adminSession(server: RealServer, email: string): Promise<{ cookie: string; token: string }> {
  const handle = openDatabase(parseDatabaseUrl(server.databaseUrl));
  try {
    const session = await signedInCookie({ database: handle }, { email, isAdmin: true });
    const token = sessionXsrfToken(session.slice("pp_session=".length));
    return { cookie: `${session}; XSRF-TOKEN=${token}`, token };
  } finally {
    await handle.close();
  }
}

export interface RawResponse {
  status: number;
  head: string;
  /** Set-Cookie lines. */
  cookies: string[];
  body: string;
}

/**
 * Sends bytes exactly as given (no URL parsing or normalisation on the way)
 * and reads the answer until the server closes the connection.
 */
export function rawRequest(
  port: number,
  request: string | Buffer,
  options: { timeoutMs?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${options.timeoutMs ?? 10_000} ms`));
    }, options.timeoutMs ?? 10_000);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const cookies = head
        .split("\r\n")
        .filter((line) => /^set-cookie:/i.test(line))
        .map((line) => line.replace(/^set-cookie:\s*/i, ""));
      resolve({ status, head, cookies, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
  });
}

/** A GET with the target written verbatim. */
export function rawGet(
  port: number,
  target: string | Buffer,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, Connection: "close", ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return rawRequest(
    port,
    Buffer.concat([
      Buffer.from("GET "),
      Buffer.isBuffer(target) ? target : Buffer.from(target, "latin1"),
      Buffer.from(` HTTP/1.1\r\n${lines.join("")}\r\n`),
    ]),
  );
}
