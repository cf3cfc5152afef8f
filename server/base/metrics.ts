/**
 * Prometheus metrics (prom-client) in one registry for the process. Other
 * modules report through the small functions below and never touch
 * prom-client themselves; who may read the registry is decided in
 * server/ops/metrics-server.ts (never public by default).
 */
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

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
// prom-client also sums three of its gauges into gauges named "…_total", a suffix Prometheus keeps for
// counters (`promtool check metrics` refuses them); sum(nodejs_active_handles) and so on give the same figures.
for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
  registry.removeSingleMetric(name);

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

const caughtUpVersions = new Counter({
  name: "search_catch_up_versions_total",
  help: "Versions a bulk import stored that this process rendered and indexed for search (decision 139).",
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

/** Hook for the search catch-up: versions it rendered and indexed. */
export function countCaughtUpVersions(versions: number): void {
  caughtUpVersions.inc(versions);
}

interface MetricsExposition {
  body: string;
  contentType: string;
}

/**
 * The exposition text and its content type, for whoever is allowed to read it.
 * In a copy of SERVER_PROCESSES the supervisor answers with every copy's
 * metrics summed, so a scrape means the same whichever copy it reaches.
 */
export async function metricsText(): Promise<MetricsExposition> {
  if (cluster.isWorker) return askSupervisorForMetrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

// Between a copy and its supervisor (server/ops/processes.ts): a copy asks for
// the sum; the supervisor collects it with prom-client's cluster aggregation.
const METRICS_REQUEST = "polyglot:metrics-request";
const METRICS_REPLY = "polyglot:metrics-reply";
const SUPERVISOR_TIMEOUT_MS = 5000;

if (cluster.isWorker) {
  AggregatorRegistry.setRegistries(registry);
  // Its constructor makes this copy answer the supervisor's requests for its registry.
  new AggregatorRegistry();
}

let aggregator: AggregatorRegistry<typeof Registry.PROMETHEUS_CONTENT_TYPE> | null = null;

/** Every copy's metrics, summed (the supervisor's view; its own process serves no requests). */
export async function clusterMetricsText(): Promise<MetricsExposition> {
  aggregator ??= new AggregatorRegistry();
  return { body: await aggregator.clusterMetrics(), contentType: aggregator.contentType };
}

let nextRequestId = 0;

function askSupervisorForMetrics(): Promise<MetricsExposition> {
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => settle(new Error("the supervisor did not send the metrics in time")),
      SUPERVISOR_TIMEOUT_MS,
    );
    const onMessage = (message: unknown) => {
      if (!isMessage(message, METRICS_REPLY) || message.id !== id) return;
      settle(
        typeof message.body === "string" ? null : new Error("the supervisor could not collect the metrics"),
        message,
      );
    };
    const settle = (error: Error | null, reply?: Record<string, unknown>) => {
      clearTimeout(timer);
      process.off("message", onMessage);
      if (error) reject(error);
      else resolve({ body: String(reply!.body), contentType: String(reply!.contentType) });
    };
    process.on("message", onMessage);
    try {
      process.send!({ type: METRICS_REQUEST, id });
    } catch (error) {
      settle(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

function isMessage(message: unknown, type: string): message is Record<string, unknown> {
  return typeof message === "object" && message !== null && (message as Record<string, unknown>).type === type;
}

/** The supervisor's side: a copy asked for the summed metrics. */
export function answerMetricsRequest(worker: Worker, message: unknown): void {
  if (!isMessage(message, METRICS_REQUEST)) return;
  const reply = (fields: MetricsExposition | { body: null }) => {
    if (worker.isConnected()) worker.send({ type: METRICS_REPLY, id: message.id, ...fields });
  };
  clusterMetricsText().then(reply, () => reply({ body: null }));
}
