/**
 * The built server (`build/server/index.js`, what `npm start` runs) in a child
 * process on a fresh database, for tests that need the real node:http server:
 * raw request targets, the page cache's fast path, timeouts, process memory.
 * `npm test` builds before Vitest runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./support.ts";
import { freePort } from "./server-process.ts";

const SERVER_BUNDLE = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));

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
  stop(): Promise<void>;
}

export async function startRealServer(kind: DatabaseKind, env: Record<string, string> = {}, database?: TestDatabase): Promise<RealServer> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run "npm run build" first (npm test does).`);
  const target = database ?? (await createTestDatabase(kind));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--input-type=module", "-e", `const { start } = await import(${JSON.stringify(SERVER_BUNDLE)}); await start();`], {
    env: { PATH: process.env.PATH, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, DATABASE_URL: target.url, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
  let exited = false;
  child.once("exit", () => (exited = true));

  const started = Date.now();
  while (!output.includes("Polyglot Press is listening")) {
    if (exited) throw new Error(`the server exited while starting:\n${output}\n${errors}`);
    if (Date.now() - started > 30_000) throw new Error(`the server did not start within 30 s:\n${output}\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    pid: child.pid!,
    databaseUrl: target.url,
    logs: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogLine),
    alive: () => !exited && child.exitCode === null,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))![1]) * 1024,
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await gone;
      }
      if (!database) await target.drop();
    },
  };
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
export function rawRequest(port: number, request: string | Buffer, options: { timeoutMs?: number } = {}): Promise<RawResponse> {
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
      const cookies = head.split("\r\n").filter((line) => /^set-cookie:/i.test(line)).map((line) => line.replace(/^set-cookie:\s*/i, ""));
      resolve({ status, head, cookies, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
  });
}

/** A GET with the target written verbatim. */
export function rawGet(port: number, target: string | Buffer, headers: Record<string, string> = {}): Promise<RawResponse> {
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, Connection: "close", ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  return rawRequest(port, Buffer.concat([Buffer.from("GET "), Buffer.isBuffer(target) ? target : Buffer.from(target, "latin1"), Buffer.from(` HTTP/1.1\r\n${lines.join("")}\r\n`)]));
}
