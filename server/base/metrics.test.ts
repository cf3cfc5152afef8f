/** The hook points other modules call (page cache, content store) and what a scrape shows of them. */
import { describe, expect, it } from "vitest";
import {
  countContentChange,
  countPageCacheLookup,
  metricsText,
  observeRequest,
  reportPageCacheSize,
  watchPool,
} from "./metrics.ts";

function sample(text: string, line: string): number {
  const match = new RegExp(`^${line.replace(/[{}()[\]"\\.+*?^$|]/g, "\\$&")} (\\S+)$`, "m").exec(text);
  return match ? Number(match[1]) : 0;
}

describe("metrics hook points", () => {
  it("counts page-cache hits, misses and bytes served, and reports the bytes held", async () => {
    const before = (await metricsText()).body;
    countPageCacheLookup("hit", 1200);
    countPageCacheLookup("hit", 800);
    countPageCacheLookup("miss");
    reportPageCacheSize(4096);
    const after = (await metricsText()).body;
    expect(
      sample(after, 'page_cache_lookups_total{result="hit"}') -
        sample(before, 'page_cache_lookups_total{result="hit"}'),
    ).toBe(2);
    expect(
      sample(after, 'page_cache_lookups_total{result="miss"}') -
        sample(before, 'page_cache_lookups_total{result="miss"}'),
    ).toBe(1);
    expect(sample(after, "page_cache_served_bytes_total") - sample(before, "page_cache_served_bytes_total")).toBe(2000);
    expect(sample(after, "page_cache_size_bytes")).toBe(4096);
  });

  it("counts content-change notifications sent and received", async () => {
    const before = (await metricsText()).body;
    countContentChange("sent");
    countContentChange("received");
    countContentChange("received");
    const after = (await metricsText()).body;
    expect(
      sample(after, 'content_change_notifications_total{direction="sent"}') -
        sample(before, 'content_change_notifications_total{direction="sent"}'),
    ).toBe(1);
    expect(
      sample(after, 'content_change_notifications_total{direction="received"}') -
        sample(before, 'content_change_notifications_total{direction="received"}'),
    ).toBe(2);
  });

  it("reports a watched pool at each scrape until it is unwatched", async () => {
    const pool = { totalCount: 3, idleCount: 1, waitingCount: 0 };
    const unwatch = watchPool("test-pool", pool);
    pool.waitingCount = 4;
    const watched = (await metricsText()).body;
    expect(sample(watched, 'db_pool_connections{dialect="test-pool",state="total"}')).toBe(3);
    expect(sample(watched, 'db_pool_connections{dialect="test-pool",state="waiting"}')).toBe(4);
    unwatch();
    expect((await metricsText()).body).not.toContain('dialect="test-pool"');
  });

  it("labels requests by method, route pattern and status", async () => {
    observeRequest("GET", "/api/admin/articles/:id", 404, 0.003);
    const text = (await metricsText()).body;
    expect(
      sample(text, 'http_requests_total{method="GET",route="/api/admin/articles/:id",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/admin/articles/:id",status="404"}',
    );
  });
});
