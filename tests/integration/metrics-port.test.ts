/** METRICS_PORT: the real server process exposes metrics on their own listener, never on the site's port. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess, type ServerProcess } from "./server-process.ts";

describe("metrics on a separate port", () => {
  let server: ServerProcess;
  let metricsUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}`;
    server = await startServerProcess({ METRICS_PORT: String(port), LOG_LEVEL: "warn" });
  });
  afterAll(() => server.stop());

  it("counts the site's requests by route pattern on GET /metrics of the metrics port", async () => {
    expect((await fetch(`${server.url}/en/welcome`)).status).toBe(200);
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    // Pages are labelled with their React Router route pattern, never the raw path.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/:lang\/:page",status="200"\} [1-9]/);
    expect(text).not.toContain('route="/en/welcome"');
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toMatch(/db_query_duration_seconds_count\{dialect="sqlite",outcome="ok"\} [1-9]/);
  });

  it("answers nothing else on the metrics port, and no metrics on the site's port", async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: "POST" })).status).toBe(404);
    const site = await fetch(`${server.url}/metrics`);
    expect(await site.text()).not.toContain("http_requests_total");
  });
});
