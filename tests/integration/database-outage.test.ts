/**
 * Issue 8 item 6: while PostgreSQL is down the real server answers 503 with
 * Retry-After (never 500), logs the outage once, and recovers when the
 * database is back. The outage is staged on a throw-away cluster of our own
 * (initdb + pg_ctl in a temp folder), never on the machine's PostgreSQL.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/connect.ts";
import { startRealServer, type RealServer } from "./server-process.ts";
import { signedInCookie } from "./support.ts";

const PG_ROOT = "/usr/lib/postgresql";

function postgresBin(name: string): string {
  const versions = existsSync(PG_ROOT) ? readdirSync(PG_ROOT).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(PG_ROOT, version, "bin", name)).find(existsSync);
  if (!found)
    throw new Error(`${name} not found under ${PG_ROOT}/*/bin: install PostgreSQL's server package to run this test`);
  return found;
}

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function pgTool(name: string, args: string[]): void {
  const command =
    process.getuid?.() === 0
      ? ["runuser", ["-u", "postgres", "--", postgresBin(name), ...args]]
      : [postgresBin(name), args];
  execFileSync(command[0] as string, command[1] as string[], { stdio: "pipe", timeout: 60_000 });
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

describe("a PostgreSQL outage", () => {
  let dataDir: string;
  let port: number;
  let server: RealServer;
  let handle: DatabaseHandle;
  let adminCookie: string;

  const start = () =>
    pgTool("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      join(dataDir, "server.log"),
      "-w",
      "-o",
      `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1`,
      "start",
    ]);
  const stop = () => pgTool("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "pp-outage-"));
    if (process.getuid?.() === 0)
      chownSync(
        dataDir,
        Number(execFileSync("id", ["-u", "postgres"]).toString()),
        Number(execFileSync("id", ["-g", "postgres"]).toString()),
      );
    pgTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
    // A port in this suite's own range, away from the machine's PostgreSQL.
    port = 7900;
    while (!(await portIsFree(port))) port += 1;
    start();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    server = await startRealServer("postgres", {}, { url, drop: async () => {} });
    handle = openDatabase({ kind: "postgres", url });
    adminCookie = await signedInCookie({ database: handle }, { email: "outage-admin@example.com", isAdmin: true });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    try {
      stop();
    } catch {
      // Already stopped by a failed test.
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const adminApi = () => fetch(`${server.url}/api/admin/languages`, { headers: { cookie: adminCookie } });
  const outageLines = () => server.logs().filter((line) => line.msg.startsWith("database unavailable"));
  const recoveryLines = () => server.logs().filter((line) => line.msg === "database available again");

  it("answers 503 with Retry-After while the database is down, logs it once, and recovers", async () => {
    expect((await adminApi()).status).toBe(200);
    stop();

    const answers: Response[] = [];
    for (let round = 0; round < 3; round += 1) {
      answers.push(await adminApi());
      answers.push(
        await fetch(`${server.url}/api/analytics/events`, {
          method: "POST",
          headers: {
            cookie: "XSRF-TOKEN=t0k3nt0k3nt0k3n",
            "x-xsrf-token": "t0k3nt0k3nt0k3n",
            "content-type": "application/json",
          },
          body: '{"name":"page_view"}',
        }),
      );
      answers.push(
        await fetch(`${server.url}/admin/languages`, { headers: { cookie: adminCookie, accept: "text/html" } }),
      );
    }
    for (const answer of answers) {
      expect(answer.status, `${answer.url}: ${await answer.clone().text()}`).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
    }
    expect(await answers[0]!.json()).toMatchObject({ error: { code: "database_unavailable" } });
    expect(outageLines()).toHaveLength(1);
    expect(server.logs().filter((line) => line.level >= 50 && !line.msg.startsWith("database unavailable"))).toEqual(
      [],
    );
    expect(server.alive()).toBe(true);

    start();
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline && (status = (await adminApi()).status) !== 200)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(status).toBe(200);
    expect(recoveryLines()).toHaveLength(1);
    expect(outageLines()).toHaveLength(1);
  }, 90_000);
});
