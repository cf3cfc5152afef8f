/** A worker of the reading-time pool (reading-time-pool.ts): measures the reading time of the bodies it is sent. */
import { parentPort } from "node:worker_threads";
import { readingMinutes } from "#core/markdown.ts";

parentPort?.on("message", ({ id, bodies }: { id: number; bodies: string[] }) => {
  parentPort?.postMessage({ id, minutes: bodies.map(readingMinutes) });
});
