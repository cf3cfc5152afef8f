/**
 * SQLite's WAL checkpoints on a thread of their own (docs/decisions/0136-wal-checkpoints-off-the-event-loop.md).
 * By default the commit that takes the WAL past 1 000 pages copies it into the database file and
 * syncs both, on the committing thread: on the server that was an admin save holding the event
 * loop for about 100 ms while every request waited. Here the connection checkpoints by itself only past
 * SAFETY_NET_PAGES (should this thread stop), and a thread with its own connection checkpoints
 * passively (never waiting for a reader or a writer) every interval.
 */
import { Worker } from "node:worker_threads";
import type { DatabaseLog } from "./availability.ts";

/** How often the thread checkpoints: a save's pages reach the database file within about this. */
const CHECKPOINT_INTERVAL_MS = 1_000;

/** WAL pages past which the connection checkpoints by itself (SQLite's default is 1 000): only if the thread falls behind or stops. */
export const SAFETY_NET_PAGES = 20_000;

/**
 * The thread's code: a plain function (no closure), sent as source, so the same code runs from
 * the server bundle and from the sources (a worker file would not be in the bundle).
 */
function checkpointEvery() {
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
  const threads = process.getBuiltinModule("node:worker_threads");
  const parentPort = threads.parentPort!;
  const { path, intervalMs } = threads.workerData as { path: string; intervalMs: number };
  // No busy timeout: a checkpoint another connection is running now is not waited for.
  const database = new DatabaseSync(path, { timeout: 0 });
  const checkpoint = database.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  const timer = setInterval(() => {
    try {
      checkpoint.get();
    } catch {
      // Busy or locked: the next interval tries again.
    }
  }, intervalMs);
  parentPort.once("message", () => {
    clearInterval(timer);
    database.close();
    parentPort.close();
  });
}

export interface Checkpointer {
  /** Stops the thread after its current checkpoint; resolves once its connection is closed. */
  stop(): Promise<void>;
}

/** Starts checkpointing the SQLite file at `path` (a database in WAL mode) from a thread of its own; `log` hears if the thread fails. */
export function startCheckpointer(path: string, log?: DatabaseLog): Checkpointer {
  const worker = new Worker(`(${checkpointEvery.toString()})()`, {
    eval: true,
    workerData: { path, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // Not needed to serve: the connection's safety net takes over.
  worker.on("error", (error: unknown) =>
    log?.warn(
      { err: error },
      `WAL checkpoints moved back to the connection (every ${SAFETY_NET_PAGES} pages): the checkpoint thread failed`,
    ),
  );
  // Running, it keeps no process alive.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    stop() {
      // Held again: a process whose last work is this close must wait for it, not exit on an empty event loop.
      worker.ref();
      worker.postMessage("stop");
      return exited;
    },
  };
}
