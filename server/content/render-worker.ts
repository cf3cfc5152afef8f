/** A worker of the render pool (render-pool.ts): renders the Markdown bodies it is sent (HTML and search text). */
import { parentPort } from "node:worker_threads";
import type { MediaRendition } from "#core/media-rules.ts";
import type { RenderJob } from "./render-pool.ts";
import { renderForImport } from "./rendering.ts";

parentPort?.on("message", ({ id, jobs, media }: { id: number; jobs: RenderJob[]; media: Record<number, MediaRendition> }) => {
  parentPort?.postMessage({ id, rendered: jobs.map((job) => renderForImport(job.body, { media, language: job.language })) });
});
