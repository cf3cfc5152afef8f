/** A worker of the render pool (render-pool.ts): renders the Markdown bodies it is sent. */
import { parentPort } from "node:worker_threads";
import { renderVersion } from "./rendering.ts";

parentPort?.on("message", ({ id, bodies }: { id: number; bodies: string[] }) => {
  parentPort?.postMessage({ id, rendered: bodies.map(renderVersion) });
});
