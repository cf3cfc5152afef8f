/** The thread of off-thread jobs (off-thread.ts): for each message, imports the task's module, runs it on the input, posts the outcome. */
import { parentPort } from "node:worker_threads";

parentPort?.on("message", async ({ specifier, exportName, input }: { specifier: string; exportName: string; input: unknown }) => {
  try {
    const task = (await import(specifier))[exportName] as (input: unknown) => unknown;
    parentPort?.postMessage({ kind: "done", value: await task(input) });
  } catch (error) {
    if (error instanceof Error && error.name === "FileRefused") parentPort?.postMessage({ kind: "refused", message: error.message });
    else parentPort?.postMessage({ kind: "failed", message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
  }
});
