/** /healthz, /readyz and /metrics on the real app, on SQLite and PostgreSQL. */
import { spawnSync } from "node:child_process";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "#server/base/config.ts";
import { DATABASE_KINDS, startTestApp } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const METRICS_TOKEN = "m".repeat(40);

/** A database outage for this app only: SQLite closed under it; PostgreSQL refusing its connections. */
async function cutOffDatabase(testApp: TestApp): Promise<void> {
  if (testApp.services.database.dialect === "sqlite") return testApp.services.database.close();
  const name = new URL(testApp.databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} with allow_connections false`);
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
  } finally {
    await admin.end();
  }
}

describe.each(DATABASE_KINDS)("probes and metrics on %s", (kind) => {
  let testApp: TestApp | null = null;
  afterEach(async () => {
    await testApp?.close();
    testApp = null;
  });

  it("is live and ready on a migrated database", async () => {
    testApp = await startTestApp(kind);
    const health = await testApp.app.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await testApp.app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: kind });
  });

  it("is not ready while a migration is pending, and says which", async () => {
    testApp = await startTestApp(kind);
    await testApp.services.database.db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", "0002-sign-in-attempts" as never)
      .execute();
    const ready = await testApp.app.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "migrations pending", pending: ["0002-sign-in-attempts"] });
  });

  it("stays live but not ready when the database is unreachable", async () => {
    testApp = await startTestApp(kind);
    await cutOffDatabase(testApp);
    expect((await testApp.app.request("/healthz")).status).toBe(200);
    const ready = await testApp.app.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "database unreachable", database: kind });
  });

  it("is not ready while draining for a shutdown", async () => {
    testApp = await startTestApp(kind, { http: { isDraining: () => true } });
    expect((await testApp.app.request("/healthz")).status).toBe(200);
    const ready = await testApp.app.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "draining" });
  });

  it("does not serve /metrics on the site without METRICS_TOKEN", async () => {
    testApp = await startTestApp(kind);
    const response = await testApp.app.request("/metrics");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("http_requests_total");
  });

  it("serves /metrics only with the bearer token when METRICS_TOKEN is set", async () => {
    testApp = await startTestApp(kind, { env: { METRICS_TOKEN } });
    expect((await testApp.app.request("/metrics")).status).toBe(401);
    expect(
      (await testApp.app.request("/metrics", { headers: { authorization: `Bearer ${"x".repeat(40)}` } })).status,
    ).toBe(401);

    expect((await testApp.app.request("/init/file/languages")).status).toBe(200);
    const response = await testApp.app.request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    // Request count and latency by route pattern (not the raw path) and status.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/init\/file\/:name",status="200"\} [1-9]/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/init\/file\/:name",status="200"\}/,
    );
    expect(text).not.toContain('route="/init/file/languages"');
    // Query time from this database's queries; process metrics from prom-client's defaults.
    expect(text).toMatch(new RegExp(`db_query_duration_seconds_count\\{dialect="${kind}",outcome="ok"\\} [1-9]`));
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    if (kind === "postgres") expect(text).toMatch(/db_pool_connections\{dialect="postgres",state="total"\} [1-9]/);
  });

  it("serves metrics that promtool checks clean (Prometheus's own linter)", async () => {
    testApp = await startTestApp(kind, { env: { METRICS_TOKEN } });
    await testApp.app.request("/init/file/languages");
    const response = await testApp.app.request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const check = spawnSync("promtool", ["check", "metrics"], { input: await response.text(), encoding: "utf8" });
    expect(check.error).toBeUndefined();
    expect({ status: check.status, problems: `${check.stdout}${check.stderr}`.trim() }).toEqual({
      status: 0,
      problems: "",
    });
  });
});
