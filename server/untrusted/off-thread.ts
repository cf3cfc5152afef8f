/**
 * Work on untrusted input (an uploaded translation file, a long Markdown body) that could hold the event
 * loop runs on a worker thread of its own, with a time and a memory limit, one such job at a time per
 * process (decision 0142): whatever a hostile file costs a parser, other requests keep being served.
 */
import { Worker } from "node:worker_threads";

/** What a task module (named by its `#server/…` specifier) exports for the worker to call. */
export type OffThreadTask<Input, Output> = (input: Input) => Output | Promise<Output>;

export type OffThreadResult<Output> =
  | { kind: "done"; value: Output }
  /** The task threw an error named "FileRefused": the input is refused, with this message. */
  | { kind: "refused"; message: string }
  | { kind: "over-time"; seconds: number }
  | { kind: "over-memory"; megabytes: number };

export interface OffThreadLimits {
  seconds: number;
  /** The worker's old-generation heap. */
  megabytes: number;
}

export const DEFAULT_OFF_THREAD_LIMITS: OffThreadLimits = { seconds: 10, megabytes: 256 };

/** Jobs allowed to wait for the one running; more get OffThreadBusy (a 503 with Retry-After). */
const MAX_WAITING = 8;

export class OffThreadBusy extends Error {
  override name = "OffThreadBusy";
}

let running: Promise<unknown> = Promise.resolve();
let waiting = 0;

/** Runs `exportName` of the module `specifier` on `input` in a new worker thread, after the jobs before it. */
export async function runOffThread<Input, Output>(specifier: string, exportName: string, input: Input, limits: OffThreadLimits = DEFAULT_OFF_THREAD_LIMITS): Promise<OffThreadResult<Output>> {
  if (waiting >= MAX_WAITING) throw new OffThreadBusy("Too many files are being read right now; try again in a few seconds.");
  waiting += 1;
  const turn = running.then(() => {
    waiting -= 1;
    return runWorker<Input, Output>(specifier, exportName, input, limits);
  });
  running = turn.catch(() => undefined);
  return turn;
}

type WorkerMessage<Output> = { kind: "done"; value: Output } | { kind: "refused"; message: string } | { kind: "failed"; message: string; stack?: string };

function runWorker<Input, Output>(specifier: string, exportName: string, input: Input, limits: OffThreadLimits): Promise<OffThreadResult<Output>> {
  // Resolved through package.json's imports, as the other workers are; no inherited Node options (reading-time-pool.ts).
  const script = new URL(import.meta.resolve("#server/untrusted/off-thread-worker.ts"));
  const worker = new Worker(script, {
    execArgv: [],
    workerData: { specifier, exportName, input },
    resourceLimits: { maxOldGenerationSizeMb: limits.megabytes, maxYoungGenerationSizeMb: 16 },
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => resolve({ kind: "over-time", seconds: limits.seconds })), limits.seconds * 1000);
    worker.on("message", (message: WorkerMessage<Output>) => {
      if (message.kind === "failed") settle(() => reject(Object.assign(new Error(message.message), { stack: message.stack })));
      else settle(() => resolve(message));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") settle(() => resolve({ kind: "over-memory", megabytes: limits.megabytes }));
      else settle(() => reject(error));
    });
    worker.on("exit", (code) => settle(() => reject(new Error(`The worker thread of ${specifier} exited with code ${code} without an answer.`))));
  });
}
