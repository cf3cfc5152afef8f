/** The thread of one off-thread job (off-thread.ts): imports the task's module, runs it on the input, posts the outcome. */
import { parentPort, workerData } from "node:worker_threads";

const { specifier, exportName, input } = workerData as { specifier: string; exportName: string; input: unknown };
try {
  const task = (await import(specifier))[exportName] as (input: unknown) => unknown;
  parentPort?.postMessage({ kind: "done", value: await task(input) });
} catch (error) {
  if (error instanceof Error && error.name === "FileRefused") parentPort?.postMessage({ kind: "refused", message: error.message });
  else parentPort?.postMessage({ kind: "failed", message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
}
