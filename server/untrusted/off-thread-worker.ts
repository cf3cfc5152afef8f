/** The thread of off-thread jobs (off-thread.ts): for each message, imports the task's module, runs it on the input, posts the outcome. */
import { parentPort } from "node:worker_threads";

interface Job {
  specifier: string;
  exportName: string;
  input: unknown;
  /** Buffers moved here with the input, moved back with the value (the task may return them in it). */
  moved: ArrayBuffer[];
}

async function run({ specifier, exportName, input, moved }: Job): Promise<void> {
  try {
    const task = ((await import(specifier)) as Record<string, (input: unknown) => unknown>)[exportName]!;
    const value = await task(input);
    parentPort?.postMessage(
      { kind: "done", value },
      moved.filter((buffer) => !buffer.detached),
    );
  } catch (error) {
    if (error instanceof Error && error.name === "FileRefused")
      parentPort?.postMessage({ kind: "refused", message: error.message });
    else
      parentPort?.postMessage({
        kind: "failed",
        message: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
  }
}

parentPort?.on("message", (job: Job) => void run(job));
