/**
 * Load from Node's own HTTP client (llhttp, in C) on keep-alive connections, for the phases whose
 * answers are compressed. autocannon parses responses in JavaScript (http-parser-js): on this
 * machine it spends ≈ 0.25 ms of CPU per Brotli page against ≈ 0.09 ms per uncompressed one, so
 * it fills its own core at about 4 000 compressed answers a second and its queueing shows up as
 * the server's latency (bench/README.md, "Edits re-index only what changed").
 */
import { Agent, get } from "node:http";

export interface LoadResult {
  requests: number;
  rps: number;
  p50ms: number;
  p99ms: number;
  /** Answers other than 2xx, and failed requests. */
  errors: number;
}

/** `connections` loops, each requesting the next of `paths` as soon as its previous answer ended, for `seconds`. */
export async function nodeClientLoad({
  base,
  paths,
  connections,
  seconds,
  headers = {},
}: {
  base: string;
  paths: readonly string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const { hostname, port } = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const endAt = performance.now() + seconds * 1000;
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      get({ hostname, port, path, agent, headers }, (response) => {
        if ((response.statusCode ?? 0) >= 300) errors += 1;
        response.resume();
        response.on("end", resolve);
        response.on("error", () => ((errors += 1), resolve()));
      }).on("error", () => ((errors += 1), resolve()));
    });
  const loop = async () => {
    while (performance.now() < endAt) {
      const started = performance.now();
      await one(paths[next++ % paths.length]!);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) =>
    +(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * quantile))] ?? 0).toFixed(1);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50ms: at(0.5),
    p99ms: at(0.99),
    errors,
  };
}
