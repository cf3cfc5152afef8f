/**
 * SERVER_PROCESSES (docs/decisions/0126-one-process-per-core.md): the built
 * server as a supervisor of copies sharing one port, on each database. Every
 * copy answers, an admin edit made through one shows on all of them, metrics
 * are summed over the copies, a copy that dies is replaced, and SIGTERM drains
 * them all and exits 0. A copy that cannot start stops the supervisor with its message.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/connect.ts";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { sessionXsrfToken } from "#server/http/xsrf.ts";
import { bareEnv, childPids } from "#tests/fixtures/processes.ts";
import { freePort, startRealServer, type RealServer } from "./server-process.ts";
import { DATABASE_KINDS, signedInCookie } from "./support.ts";

const METRICS_TOKEN = "m".repeat(40);

/** A GET on a connection of its own, so that the supervisor may hand it to any copy. */
function getOnNewConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.setTimeout(5_000, () => request.destroy(new Error(`no answer from ${url} within 5 s`)));
    request.on("error", reject);
  });
}

const copiesListening = (server: RealServer) =>
  server.logs().filter((line) => line.msg === "Polyglot Press is listening" && line.database).length;

async function waitFor(check: () => boolean | Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function requestsCounted(metrics: string): number {
  return [...metrics.matchAll(/^http_requests_total\{[^}]*\} (\d+)$/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

describe.each(DATABASE_KINDS)("SERVER_PROCESSES=2 on %s", (kind) => {
  let server: RealServer;
  let metricsUrl: string;

  beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startRealServer(kind, { SERVER_PROCESSES: "2", METRICS_PORT: String(metricsPort), METRICS_TOKEN });
    await waitFor(() => childPids(server.pid).length === 2, 30_000, "two copies");
    // Both copies listen once the second has finished starting.
    await waitFor(() => copiesListening(server) === 2, 30_000, "both copies listening");
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers from every copy, and an admin edit through one shows on all of them within a second", async () => {
    const handle = openDatabase(parseDatabaseUrl(server.databaseUrl));
    const session = await signedInCookie({ database: handle }, { email: "processes-admin@example.com", isAdmin: true });
    await handle.close();
    const token = sessionXsrfToken(session.slice("pp_session=".length));
    const label = `Über uns ${Date.now()}`;
    const pages = await Promise.all(Array.from({ length: 8 }, () => getOnNewConnection(`${server.url}/de/willkommen`)));
    expect(pages.map((page) => page.status)).toEqual(Array(8).fill(200));

    const cell = `${server.url}/api/admin/translations/FOOTER%3AABOUT/de-DE`;
    const current = await fetch(cell, { headers: { cookie: session } });
    const saved = await fetch(cell, {
      method: "PUT",
      headers: {
        cookie: `${session}; XSRF-TOKEN=${token}`,
        "x-xsrf-token": token,
        origin: server.url,
        "content-type": "application/json",
        "if-match": current.headers.get("etag")!,
      },
      body: JSON.stringify({ label }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const edited = Date.now();
    // Ten answers in a row, each on a new connection, all showing the edit: every copy dropped its cached page.
    await waitFor(
      async () => {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => getOnNewConnection(`${server.url}/de/willkommen`)),
        );
        return answers.every((answer) => answer.body.includes(label));
      },
      5_000,
      "the edit on every copy",
    );
    expect(Date.now() - edited).toBeLessThan(1_000 + 500);
  });

  it("sums the copies' metrics, on the metrics port and on the site's /metrics alike", async () => {
    const before = requestsCounted(await (await fetch(metricsUrl)).text());
    await Promise.all(Array.from({ length: 20 }, () => getOnNewConnection(`${server.url}/healthz`)));
    const onPort = await (await fetch(metricsUrl)).text();
    expect(requestsCounted(onPort) - before).toBeGreaterThanOrEqual(20);
    expect(onPort).toContain("process_resident_memory_bytes");
    const onSite = await Promise.all(
      Array.from({ length: 4 }, () =>
        getOnNewConnection(`${server.url}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` }),
      ),
    );
    for (const answer of onSite) {
      expect(answer.status).toBe(200);
      expect(requestsCounted(answer.body)).toBeGreaterThanOrEqual(requestsCounted(onPort));
    }
  });

  it("replaces a copy that dies, and keeps answering meanwhile", async () => {
    const [victim] = childPids(server.pid);
    process.kill(victim!, "SIGKILL");
    await waitFor(
      () =>
        server
          .logs()
          .some((line) => line.msg === "a server process ended unexpectedly; starting another" && line.pid === victim),
      5_000,
      "the supervisor noticing",
    );
    // The other copy answers while the replacement starts.
    const meanwhile = await Promise.all(Array.from({ length: 4 }, () => getOnNewConnection(`${server.url}/healthz`)));
    expect(meanwhile.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await waitFor(() => copiesListening(server) === 3, 30_000, "a replacement copy listening");
    const copies = childPids(server.pid);
    expect(copies).toHaveLength(2);
    expect(copies).not.toContain(victim);
    const answers = await Promise.all(Array.from({ length: 6 }, () => getOnNewConnection(`${server.url}/healthz`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
  }, 60_000);

  it("drains every copy on SIGTERM and exits 0", async () => {
    const copies = childPids(server.pid);
    process.kill(server.pid, "SIGTERM");
    expect(await server.exited).toBe(0);
    for (const copy of copies) expect(() => process.kill(copy, 0)).toThrow();
    expect(server.logs().filter((line) => line.msg === "stopped").length).toBe(3);
  });
});

describe("SERVER_PROCESSES when the first copy cannot start", () => {
  it("ends the supervisor with the copy's message and exit code", async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { start } = await import(${JSON.stringify(new URL("../../build/server/index.js", import.meta.url).pathname)}); await start();`,
      ],
      {
        env: {
          ...bareEnv(),
          PORT: String(port),
          HOST: "127.0.0.1",
          SERVER_PROCESSES: "2",
          DATABASE_URL: "postgres://nobody@127.0.0.1:1/nothing",
          LOG_LEVEL: "silent",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(output).toContain("Cannot open the database (postgres at 127.0.0.1:1)");
  }, 60_000);
});
