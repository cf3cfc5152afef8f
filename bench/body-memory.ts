/**
 * Memory under large hostile bodies (issue 8 item 2): starts the built server
 * on a fresh SQLite database, sends N parallel 50 MB form POSTs without an
 * XSRF token to a page, and prints the server's RSS before and at its peak.
 *
 *   node_modules/.bin/node bench/body-memory.ts [parallel=24] [port=7010] [bundle=build/server/index.js]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const parallel = Number(process.argv[2] ?? 24);
const port = Number(process.argv[3] ?? 7010);
const bundle = resolve(process.argv[4] ?? "build/server/index.js");
const BODY_BYTES = 50 * 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), "pp-body-memory-"));
const server = spawn(
  process.execPath,
  ["--input-type=module", "-e", `const { start } = await import(${JSON.stringify(bundle)}); await start();`],
  {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
    },
    stdio: "ignore",
  },
);
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) / 1024;

function hostilePost(): Promise<{ status: number; sentMb: number }> {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.write(
      `POST /en/welcome HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`,
    );
    const piece = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    let status = 0;
    const pump = () => {
      while (sent < BODY_BYTES && !socket.destroyed) {
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once("drain", pump);
      }
    };
    socket.on("data", (data) => {
      status ||= Number(/HTTP\/1\.1 (\d+)/.exec(data.toString())?.[1] ?? 0);
      socket.destroy();
    });
    socket.on("error", () => {});
    socket.on("close", () => done({ status, sentMb: Math.round(sent / 2 ** 20) }));
    pump();
  });
}

try {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      break;
    } catch (error) {
      if (attempt > 150) throw error;
      await new Promise((wait) => setTimeout(wait, 200));
    }
  }
  await fetch(`http://127.0.0.1:${port}/en/welcome`);
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: parallel }, hostilePost));
  await new Promise((wait) => setTimeout(wait, 300));
  clearInterval(sampler);
  console.log(
    JSON.stringify({
      parallel,
      rssBeforeMb: Math.round(before),
      rssPeakMb: Math.round(peak),
      ms: Math.round(performance.now() - started),
      statuses: [...new Set(results.map((result) => result.status))],
      mostSentMb: Math.max(...results.map((result) => result.sentMb)),
    }),
  );
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
