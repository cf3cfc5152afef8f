/**
 * Work on untrusted input (an uploaded translation or ROME file, a long Markdown body) that could hold the
 * event loop runs on a worker thread, with a time and a memory limit, one job at a time per process
 * (decision 0142): whatever a hostile file costs a parser, other requests keep being served. The thread
 * is started at the first job and ends after IDLE_MS without one, so a server that reads no files keeps
 * no thread, and a burst of saves pays the thread's start once.
 */
import { Worker } from "node:worker_threads";
import { unavailable } from "#core/errors.ts";

export type OffThreadResult<Output> =
  | { kind: "done"; value: Output }
  /** The task threw an error named "FileRefused": the input is refused, with this message. */
  | { kind: "refused"; message: string }
  | { kind: "over-time"; seconds: number }
  | { kind: "over-memory"; megabytes: number };

/** A job's time, and the thread's old-generation heap: what one file may cost. */
export const OFF_THREAD_LIMITS = { seconds: 10, megabytes: 256 } as const;

/**
 * A Markdown body longer than this is rendered (server/content/rendering.ts) and read for its search entry (server/search/published-index.ts) on a worker thread (decision 0142): markdown-it takes up to about
 * 1 s on 200 000 hostile characters (long runs of emphasis or brackets, tables thousands of columns wide),
 * and 16 000 of them stay under about 100 ms on this thread; an ordinary article is 3 000 to 10 000.
 */
export const OFF_THREAD_BODY_CHARS = 16_000;

/** Jobs in line, the running one included; more get OffThreadBusy (a 503). */
const MAX_IN_LINE = 8;
const IDLE_MS = 10_000;

export class OffThreadBusy extends Error {
  override name = "OffThreadBusy";
}

type WorkerMessage =
  | { kind: "done"; value: unknown }
  | { kind: "refused"; message: string }
  | { kind: "failed"; message: string; stack?: string };

let thread: Worker | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let inLine = 0;

/**
 * Runs the function `exportName` of the module `specifier` (a `#server/…` name) on `input` on the thread,
 * after the jobs before it. The input and the output cross by structured clone, but for the buffers in
 * `transfer`, which move to the thread and back with the output (no copy of a request's body of megabytes in
 * one piece on the event loop): a task that returns them in its output hands them back; here they are unusable
 * meanwhile.
 */
export function runOffThread<Input, Output>(
  specifier: string,
  exportName: string,
  input: Input,
  seconds: number = OFF_THREAD_LIMITS.seconds,
  transfer: readonly ArrayBuffer[] = [],
): Promise<OffThreadResult<Output>> {
  if (inLine >= MAX_IN_LINE)
    return Promise.reject(new OffThreadBusy("Too many files are being read right now; try again in a few seconds."));
  inLine += 1;
  const turn = queue
    .then(() => runJob(specifier, exportName, input, seconds, transfer) as Promise<OffThreadResult<Output>>)
    .finally(() => {
      inLine -= 1;
    });
  queue = turn.catch(() => undefined);
  return turn;
}

function startThread(): Worker {
  // Resolved through package.json's imports, as the other workers are; no inherited Node options (reading-time-pool.ts).
  const script = new URL(import.meta.resolve("#server/untrusted/off-thread-worker.ts"));
  const worker = new Worker(script, {
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: OFF_THREAD_LIMITS.megabytes, maxYoungGenerationSizeMb: 16 },
  });
  worker.unref();
  worker.on("exit", () => {
    if (thread === worker) thread = null;
  });
  return worker;
}

function endThread(worker: Worker): void {
  if (thread === worker) thread = null;
  void worker.terminate();
}

function runJob(
  specifier: string,
  exportName: string,
  input: unknown,
  seconds: number,
  transfer: readonly ArrayBuffer[],
): Promise<OffThreadResult<unknown>> {
  clearTimeout(idleTimer);
  const worker = (thread ??= startThread());
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void, keepThread: boolean) => {
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (keepThread) idleTimer = setTimeout(() => endThread(worker), IDLE_MS).unref();
      else endThread(worker);
      outcome();
    };
    const timer = setTimeout(() => finish(() => resolve({ kind: "over-time", seconds }), false), seconds * 1000);
    const onMessage = (message: WorkerMessage) => {
      if (message.kind === "failed")
        finish(() => reject(Object.assign(new Error(message.message), { stack: message.stack })), true);
      // In a turn of the event loop of its own: receiving a large value (a file's thousands of entries) is a turn's work already.
      else finish(() => setImmediate(resolve, message), true);
    };
    const onError = (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY")
        finish(() => resolve({ kind: "over-memory", megabytes: OFF_THREAD_LIMITS.megabytes }), false);
      else finish(() => reject(error), false);
    };
    const onExit = (code: number) =>
      finish(() => reject(new Error(`The off-thread worker exited with code ${code} during ${specifier}.`)), false);
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    worker.postMessage({ specifier, exportName, input, moved: transfer }, [...transfer]);
  });
}

/**
 * runOffThread for a request: the task's value, or why the input is refused (the task's own refusal, or a limit
 * passed while doing `work`: "read the file", "render the Markdown"); too many jobs in line is a 503.
 */
export async function runOffThreadForRequest<Input, Output>(
  work: string,
  specifier: string,
  exportName: string,
  input: Input,
  transfer: readonly ArrayBuffer[] = [],
): Promise<{ ok: true; value: Output } | { ok: false; message: string }> {
  let result: OffThreadResult<Output>;
  try {
    result = await runOffThread<Input, Output>(specifier, exportName, input, OFF_THREAD_LIMITS.seconds, transfer);
  } catch (error) {
    if (error instanceof OffThreadBusy) throw unavailable("busy", error.message);
    throw error;
  }
  switch (result.kind) {
    case "done":
      return { ok: true, value: result.value };
    case "refused":
      return { ok: false, message: result.message };
    case "over-time":
      return { ok: false, message: `It took more than ${result.seconds} s to ${work}.` };
    case "over-memory":
      return { ok: false, message: `It took more than ${result.megabytes} MB of memory to ${work}.` };
  }
}
