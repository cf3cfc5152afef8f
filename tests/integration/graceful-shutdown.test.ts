/**
 * SIGTERM to the real server process while requests are in flight: every one
 * is answered, new connections are refused, the process exits 0 — and a
 * request still running at the deadline is cut, without hanging the exit.
 */
import { request } from "node:http";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./server-process.ts";

let server: ServerProcess | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

async function xsrf(url: string): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${url}/healthz`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")![1]!;
  return { cookie: `XSRF-TOKEN=${token}`, token };
}

interface SlowUpload {
  /** Resolves once the request's headers and first bytes have reached the server. */
  started: Promise<void>;
  /** Sends the rest of the body. */
  finish(): void;
  reply: Promise<{ status: number; body: string }>;
}

/** A POST whose JSON body arrives in two parts: the server is busy with it until finish() is called. */
function slowUpload(url: string, auth: { cookie: string; token: string }, path: string): SlowUpload {
  const body = JSON.stringify({ name: "page_view", path });
  let resolveStarted!: () => void;
  const started = new Promise<void>((resolve) => (resolveStarted = resolve));
  const outgoing = request(`${url}/api/analytics/events`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      cookie: auth.cookie,
      "x-xsrf-token": auth.token,
      origin: url,
    },
  });
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    outgoing.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
  });
  outgoing.write(body.slice(0, 10), () => setTimeout(resolveStarted, 300));
  return { started, finish: () => outgoing.end(body.slice(10)), reply };
}

function eventPaths(dataDir: string): string[] {
  const database = new DatabaseSync(join(dataDir, "site.db"), { readOnly: true });
  try {
    return database
      .prepare("select path from analytics_events where path like '/shutdown-%' order by path")
      .all()
      .map((row) => String(row.path));
  } finally {
    database.close();
  }
}

describe("graceful shutdown of the real server process", () => {
  it("answers every in-flight request after SIGTERM, refuses new connections, closes the database and exits 0", async () => {
    server = await startServerProcess();
    const auth = await xsrf(server.url);
    const uploads = [1, 2, 3, 4, 5].map((n) => slowUpload(server!.url, auth, `/shutdown-${n}`));
    await Promise.all(uploads.map((upload) => upload.started));

    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    for (const upload of uploads) upload.finish();
    const replies = await Promise.all(uploads.map((upload) => upload.reply));
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    expect(server.output()).toContain('"msg":"stopped"');
    expect(eventPaths(server.dataDir)).toEqual([
      "/shutdown-1",
      "/shutdown-2",
      "/shutdown-3",
      "/shutdown-4",
      "/shutdown-5",
    ]);
  });

  it("cuts a request still running at the deadline (SHUTDOWN_TIMEOUT_SECONDS) and still exits 0", async () => {
    server = await startServerProcess({ SHUTDOWN_TIMEOUT_SECONDS: "1" });
    const auth = await xsrf(server.url);
    const stuck = slowUpload(server.url, auth, "/shutdown-stuck");
    await stuck.started;
    const signalled = Date.now();
    server.child.kill("SIGINT");
    await expect(stuck.reply).rejects.toThrow();
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
    expect(Date.now() - signalled).toBeLessThan(8_000);
    expect(server.output()).toContain("requests still running at the shutdown deadline were cut");
    expect(eventPaths(server.dataDir)).toEqual([]);
  });
});
