/**
 * Listening and stopping, shared by `npm start` and `npm run dev`: the site's
 * port, the optional metrics port, and a graceful shutdown on SIGTERM/SIGINT
 * (stop accepting → finish in-flight requests up to the deadline → close the
 * rest → exit 0). A second signal exits at once. A copy under SERVER_PROCESSES
 * (./processes.ts) leaves SIGINT to its supervisor, and stops if the supervisor is gone.
 */
import cluster from "node:cluster";
import type { Server } from "node:http";
import type { Config } from "#server/base/config.ts";
import type { Logger } from "#server/base/log.ts";
import { createMetricsServer, type MetricsReader } from "./metrics-server.ts";
import type { Drainable } from "./shutdown.ts";

export interface ServeOptions {
  config: Config;
  log: Logger;
  server: Server;
  connections: Drainable;
  readMetrics: MetricsReader;
  /** After the last request: stop background jobs (analytics pruning, the publishing scheduler after its running tick), close the database (and, in development, Vite). */
  close: () => Promise<void>;
}

function listen(server: Server, port: number, host: string, log: Logger, what: string): Promise<void> {
  return new Promise((resolve) => {
    server.once("error", (error) => {
      log.fatal({ err: error }, `cannot listen for ${what} on ${host}:${port}`);
      process.exit(1);
    });
    server.listen(port, host, resolve);
  });
}

export async function serve({ config, log, server, connections, readMetrics, close }: ServeOptions): Promise<void> {
  // A promise some request path forgot to await must not end the process (Node's default): log it instead.
  process.on("unhandledRejection", (reason) => log.error({ err: reason }, "unhandled promise rejection"));
  await listen(server, config.port, config.host, log, "the site");
  // A copy of SERVER_PROCESSES leaves the metrics port to its supervisor, which sums every copy's.
  const metricsServer = config.metrics.port === null || cluster.isWorker ? null : createMetricsServer(readMetrics);
  if (metricsServer && config.metrics.port !== null) {
    await listen(metricsServer, config.metrics.port, config.metrics.host, log, "metrics");
    log.info({ address: `${config.metrics.host}:${config.metrics.port}` }, "metrics at /metrics");
  }

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals | "supervisor gone") => {
    if (stopping) {
      log.warn({ signal }, "second signal: exiting without waiting");
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, deadlineMs: config.shutdownTimeoutMs }, "shutting down: finishing in-flight requests");
    metricsServer?.close();
    const { cut } = await connections.drain(config.shutdownTimeoutMs);
    if (cut > 0) log.warn({ cut }, "requests still running at the shutdown deadline were cut");
    try {
      await close();
    } catch (error) {
      log.error({ err: error }, "closing the services failed");
      process.exit(1);
    }
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", (signal) => void shutdown(signal));
  if (!cluster.isWorker) {
    process.on("SIGINT", (signal) => void shutdown(signal));
    return;
  }
  // Ctrl-C's SIGINT reaches every process of the terminal's group, and the
  // supervisor relays it as SIGTERM: a copy ignores it so as to drain only once.
  process.on("SIGINT", () => {});
  process.on("disconnect", () => {
    if (!stopping) void shutdown("supervisor gone");
  });
  if (!process.connected) void shutdown("supervisor gone");
}
