/**
 * The search catch-up's thread (search-catch-up.ts): claims, renders and stores batches on a database connection
 * of its own until none is left, telling the server of each; a "stop" message ends it after its batch.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { DatabaseTarget } from "#server/base/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { BACKGROUND_LOCK_WAITS } from "#server/db/lock-waits.ts";
import { catchUpBatch, type CatchUpMessage } from "./search-catch-up.ts";

const { target } = workerData as { target: DatabaseTarget };
const tell = (message: CatchUpMessage) => parentPort?.postMessage(message);
let stopping = false;
parentPort?.on("message", (message) => {
  if (message === "stop") stopping = true;
});

// Its own thread: waiting for another process's write holds no requests up.
const handle = openDatabase(target, undefined, { lockWaits: BACKGROUND_LOCK_WAITS });
try {
  while (!stopping) {
    const batch = await catchUpBatch(handle);
    if (batch.claimed === 0) break;
    tell({ kind: "batch", ...batch });
    // Lets a "stop" message in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
} catch (error) {
  tell({
    kind: "failed",
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
} finally {
  await handle.close();
  parentPort?.close();
}
