/**
 * A bulk import's versions prepared on worker threads (one per core, nicer than the writing thread: import-worker.ts)
 * while the main thread writes: each version's reading time, search words and index form (imported-versions.ts),
 * too much for the writing thread at 70 000 versions.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { DialectName } from "#server/db/connect.ts";
import type { ImportJob, PreparedVersion } from "./imported-versions.ts";

/**
 * Versions per message to a worker. A batch's share in one message kept all its results in the
 * worker's heap until the last was done, then serialized tens of MB at once; small messages let
 * each worker's results die young and spread slow and quick languages over the workers
 * (bench/README.md: 1 000 × 7 imported 5–23 % faster, peak RSS −12 %).
 */
const JOBS_PER_MESSAGE = 50;

export function createImportPool(dialect: DialectName, size = availableParallelism()) {
  // Resolved through package.json's imports, not next to this module, so that a bundle of it would find the source file.
  // No inherited Node options: a server started with `--input-type=module -e` (Dockerfile) passes one a file refuses.
  const script = new URL(import.meta.resolve("#server/content/import-worker.ts"));
  // A bounded young generation: each message's bodies are short-lived, and a worker's default one let an import's
  // peak memory grow by hundreds of MB before collecting (1 000 × 7: 1 317 → 1 037 MB peak RSS). 64 MB rather than 16:
  // a quarter of the scavenges, 8 % less CPU and 7 % less time at 10 000 × 7, for about 110 MB more (bench/README.md).
  const workers = Array.from(
    { length: Math.max(1, size) },
    () =>
      new Worker(script, { execArgv: [], workerData: { dialect }, resourceLimits: { maxYoungGenerationSizeMb: 64 } }),
  );
  const waiting = new Map<
    number,
    { resolve: (prepared: PreparedVersion[]) => void; reject: (error: unknown) => void }
  >();
  let nextId = 0;
  for (const worker of workers) {
    worker.on("message", ({ id, prepared }: { id: number; prepared: PreparedVersion[] }) => {
      waiting.get(id)?.resolve(prepared);
      waiting.delete(id);
    });
    worker.on("error", (error) => {
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
    });
  }

  return {
    /** The versions prepared (imported-versions.ts), in order, spread over the workers JOBS_PER_MESSAGE at a time. */
    async prepare(jobs: ImportJob[]): Promise<PreparedVersion[]> {
      const parts: Promise<PreparedVersion[]>[] = [];
      for (let start = 0, index = 0; start < jobs.length; start += JOBS_PER_MESSAGE, index += 1) {
        const id = nextId++;
        const worker = workers[index % workers.length]!;
        parts.push(
          new Promise((resolve, reject) => {
            waiting.set(id, { resolve, reject });
            worker.postMessage({ id, jobs: jobs.slice(start, start + JOBS_PER_MESSAGE) });
          }),
        );
      }
      return (await Promise.all(parts)).flat();
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
