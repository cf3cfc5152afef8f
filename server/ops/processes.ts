/**
 * SERVER_PROCESSES above 1 ([decision 126](../../docs/decisions/0126-one-process-per-core.md)):
 * this process becomes a supervisor of that many copies of the site, which share
 * its port through node:cluster, as several instances share a database. The
 * first copy starts alone (it migrates and seeds an empty database), then the
 * others; a copy that dies is replaced; SIGTERM or SIGINT drains them all;
 * Prometheus metrics are summed over the copies.
 */
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import type { Config } from "#server/base/config.ts";
import type { Logger } from "#server/base/log.ts";
import { answerMetricsRequest, clusterMetricsText } from "#server/base/metrics.ts";
import { createMetricsServer } from "./metrics-server.ts";

/** A copy that dies sooner than this after starting counts as a crash loop: its replacement waits longer. */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

/** Node options the copies inherit: the V8 flags, without the code of `node -e` (the copies run the bundle itself). */
export function copyExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index += 1) {
    const argument = execArgv[index]!;
    if (["-e", "--eval", "-p", "--print", "--input-type"].includes(argument)) index += 1;
    else if (!/^(--eval|--print|--input-type)=/.test(argument)) kept.push(argument);
  }
  return kept;
}

/** How long to wait before replacing a copy, after `quickDeaths` copies in a row died within 10 s of starting. */
export function restartDelayMs(quickDeaths: number): number {
  return quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (quickDeaths - 1));
}

/** Runs `config.serverProcesses` copies of `entry` (a module that starts the site when it is a cluster worker) until a signal stops them. */
export async function superviseCopies(config: Config, log: Logger, entry: string): Promise<void> {
  cluster.setupPrimary({ exec: entry, execArgv: copyExecArgv(process.execArgv) });
  // Preview links must verify on whichever copy a visitor reaches: one random key for all of them when none is set.
  const env = config.publishing.previewSecret ? {} : { PREVIEW_SECRET: randomBytes(32).toString("hex") };
  const started = new Map<Worker, number>();
  let stopping = false;
  let quickDeaths = 0;
  let pendingRestart: NodeJS.Timeout | null = null;
  const metricsServer = config.metrics.port === null ? null : createMetricsServer(clusterMetricsText);

  const fork = () => {
    const worker = cluster.fork(env);
    started.set(worker, Date.now());
    return worker;
  };

  let exitCode = 0;
  const finish = () => {
    log.info("stopped");
    process.exit(exitCode);
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, "second signal: ending every server process without waiting");
      for (const worker of started.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }
    stopping = true;
    if (pendingRestart) clearTimeout(pendingRestart);
    log.info(
      { signal, processes: started.size },
      "shutting down: every server process finishes its in-flight requests",
    );
    metricsServer?.close();
    if (started.size === 0) finish();
    for (const worker of started.keys()) worker.process.kill("SIGTERM");
  };
  process.on("SIGTERM", (signal) => stop(signal));
  process.on("SIGINT", (signal) => stop(signal));

  // The first copy migrates and seeds; the others wait for it, so they never race over an empty database.
  const first = fork();
  const firstExit = await new Promise<number | null>((resolve) => {
    first.once("listening", () => resolve(null));
    first.once("exit", (code) => resolve(code ?? 1));
  });
  if (firstExit !== null) {
    if (stopping) finish();
    process.exit(firstExit);
  }
  for (let copy = 1; copy < config.serverProcesses; copy += 1) fork();

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? 0);
    started.delete(worker);
    if (stopping) {
      // A copy still starting has no SIGTERM handler yet: the signal ends it at once, which is fine.
      if (code !== 0 && signal !== "SIGTERM") exitCode = 1;
      if (started.size === 0) finish();
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delayMs = restartDelayMs(quickDeaths);
    log.error(
      { pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delayMs },
      "a server process ended unexpectedly; starting another",
    );
    pendingRestart = setTimeout(() => {
      pendingRestart = null;
      if (!stopping) fork();
    }, delayMs);
  });
  cluster.on("message", answerMetricsRequest);

  if (metricsServer) {
    metricsServer.once("error", (error) => {
      log.fatal({ err: error }, `cannot listen for metrics on ${config.metrics.host}:${config.metrics.port}`);
      process.exit(1);
    });
    await new Promise<void>((resolve) => metricsServer.listen(config.metrics.port!, config.metrics.host, resolve));
    log.info(
      { address: `${config.metrics.host}:${config.metrics.port}` },
      "metrics at /metrics (all server processes)",
    );
  }

  log.info(
    { processes: config.serverProcesses, url: config.publicUrl, address: `${config.host}:${config.port}` },
    "Polyglot Press is listening",
  );
}
