/**
 * A bulk import's work on worker threads (one per core): the check's lines decoded, parsed and checked on their own
 * (ndjson-line.ts) while the main thread waits for nothing else (decision 0240), then each version prepared while the
 * main thread writes the batch before — its reading time, search words and index form (imported-versions.ts,
 * decision 0226), too much for the writing thread at 70 000 versions.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { DialectName } from "#server/db/connect.ts";
import type { ImportJob, PreparedVersion } from "./imported-versions.ts";
import type { LineKeys } from "./ndjson-line.ts";
import type { RawLine } from "./ndjson-lines.ts";

/**
 * Versions per message to a worker. A batch's share in one message kept all its results in the
 * worker's heap until the last was done, then serialized tens of MB at once; small messages let
 * each worker's results die young and spread slow and quick languages over the workers
 * (bench/README.md: 1 000 × 7 imported 5–23 % faster, peak RSS −12 %).
 */
const JOBS_PER_MESSAGE = 50;

/** The pool's check of some lines, in their order: each good line's keys, up to the first bad one (`error`). */
export interface CheckedLines {
  lines: LineKeys[];
  error?: { line: number | null; message: string };
}

/** A message to a worker: versions to prepare, or lines to check (their bytes one after another, moved, not copied). */
export type PoolMessage =
  { id: number; jobs: ImportJob[] } | { id: number; bytes: Uint8Array; numbers: number[]; ends: number[] };

export type ImportPool = ReturnType<typeof createImportPool>;

export function createImportPool(dialect: DialectName, size = availableParallelism()) {
  // Resolved through package.json's imports, not next to this module, so that a bundle of it would find the source file.
  // No inherited Node options: a server started with `--input-type=module -e` (Dockerfile) passes one a file refuses.
  const script = new URL(import.meta.resolve("#server/content/import-worker.ts"));
  // A bounded young generation: each message's bodies are short-lived, and a worker's default one let an import's
  // peak memory grow by hundreds of MB before collecting (1 000 × 7: 1 317 → 1 037 MB peak RSS). 64 MB rather than 16:
  // a quarter of the scavenges, 8 % less CPU and 7 % less time at 10 000 × 7, for about 110 MB more (bench/README.md).
  const workers = Array.from({ length: Math.max(1, size) }, () => ({
    worker: new Worker(script, {
      execArgv: [],
      workerData: { dialect },
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    }),
    waiting: 0,
  }));
  const answers = new Map<number, { resolve: (answer: never) => void; reject: (error: unknown) => void }>();
  let nextId = 0;
  for (const entry of workers) {
    entry.worker.on("message", ({ id, answer }: { id: number; answer: never }) => {
      entry.waiting -= 1;
      answers.get(id)?.resolve(answer);
      answers.delete(id);
    });
    entry.worker.on("error", (error) => {
      for (const { reject } of answers.values()) reject(error);
      answers.clear();
    });
  }

  /** A message to the worker with the fewest waiting: a Japanese article takes three times a French one. */
  const send = <Answer>(message: Omit<PoolMessage, "id">, transfer: ArrayBuffer[] = []): Promise<Answer> => {
    const entry = workers.reduce((least, next) => (next.waiting < least.waiting ? next : least));
    entry.waiting += 1;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      answers.set(id, { resolve, reject });
      entry.worker.postMessage({ id, ...message }, transfer);
    });
  };

  return {
    /** The versions prepared (imported-versions.ts), in order, spread over the workers JOBS_PER_MESSAGE at a time. */
    async prepare(jobs: ImportJob[]): Promise<PreparedVersion[]> {
      const parts: Promise<PreparedVersion[]>[] = [];
      for (let start = 0; start < jobs.length; start += JOBS_PER_MESSAGE)
        parts.push(send<PreparedVersion[]>({ jobs: jobs.slice(start, start + JOBS_PER_MESSAGE) }));
      return (await Promise.all(parts)).flat();
    },
    /** The lines checked on their own (ndjson-line.ts): what the file's checks need of each. */
    check(lines: RawLine[]): Promise<CheckedLines> {
      const bytes = new Uint8Array(lines.reduce((sum, line) => sum + line.bytes.length, 0));
      const ends: number[] = [];
      for (const line of lines) {
        bytes.set(line.bytes, ends.at(-1) ?? 0);
        ends.push((ends.at(-1) ?? 0) + line.bytes.length);
      }
      return send<CheckedLines>({ bytes, numbers: lines.map((line) => line.number), ends }, [bytes.buffer]);
    },
    async close() {
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}
