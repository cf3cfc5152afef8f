/**
 * Prometheus metrics (prom-client) in one registry for the process. Other
 * modules report through the small functions below and never touch
 * prom-client themselves; who may read the registry is decided in
 * server/http/metrics-endpoint.ts (never public by default).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** A pool whose use is reported when metrics are scraped (pg.Pool fits). */
export interface PoolUse {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

// A registry of our own rather than prom-client's global one: `npm run dev`
// re-evaluates this module when the server part restarts, and a fresh registry
// never meets "metric already registered".
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its response, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const pageCacheLookups = new Counter({
  name: "page_cache_lookups_total",
  help: "Anonymous page requests looked up in the page cache, by result (hit or miss).",
  labelNames: ["result"] as const,
  registers: [registry],
});

const pageCacheServedBytes = new Counter({
  name: "page_cache_served_bytes_total",
  help: "Bytes of page bodies answered from the page cache.",
  registers: [registry],
});

const pageCacheSize = new Gauge({
  name: "page_cache_size_bytes",
  help: "Bytes of page bodies the page cache holds.",
  registers: [registry],
});

const queryDuration = new Histogram({
  name: "db_query_duration_seconds",
  help: "Database query time, by dialect and outcome (ok or error).",
  labelNames: ["dialect", "outcome"] as const,
  buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [registry],
});

const contentChanges = new Counter({
  name: "content_change_notifications_total",
  help: "Content-change notifications: sent by this instance after a write, or received from another instance.",
  labelNames: ["direction"] as const,
  registers: [registry],
});

const pools = new Set<{ dialect: string; pool: PoolUse }>();
new Gauge({
  name: "db_pool_connections",
  help: "Database pool connections by state: total, idle, and requests waiting for one.",
  labelNames: ["dialect", "state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const { dialect, pool } of pools) {
      this.set({ dialect, state: "total" }, pool.totalCount);
      this.set({ dialect, state: "idle" }, pool.idleCount);
      this.set({ dialect, state: "waiting" }, pool.waitingCount);
    }
  },
});

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

export function observeQuery(dialect: string, outcome: "ok" | "error", seconds: number): void {
  queryDuration.observe({ dialect, outcome }, seconds);
}

/** Reports the pool's use at every scrape until the returned function is called (on close). */
export function watchPool(dialect: string, pool: PoolUse): () => void {
  const entry = { dialect, pool };
  pools.add(entry);
  return () => pools.delete(entry);
}

/** Hook for the page cache: a lookup that found a page (with the bytes sent) or not. */
export function countPageCacheLookup(result: "hit" | "miss", bytesServed = 0): void {
  pageCacheLookups.inc({ result });
  if (bytesServed > 0) pageCacheServedBytes.inc(bytesServed);
}

/** Hook for the page cache: the bytes it holds after a store or an eviction. */
export function reportPageCacheSize(bytes: number): void {
  pageCacheSize.set(bytes);
}

/** Hook for the content store: a change announced by this instance, or one heard from another. */
export function countContentChange(direction: "sent" | "received"): void {
  contentChanges.inc({ direction });
}

/** The exposition text and its content type, for whoever is allowed to read it. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType };
}
