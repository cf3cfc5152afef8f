/** A worker of the render pool (render-pool.ts): renders the Markdown bodies it is sent. */
import { parentPort } from "node:worker_threads";
import type { MediaRendition } from "#core/media-rules.ts";
import type { RenderJob } from "./render-pool.ts";
import { renderVersion } from "./rendering.ts";

parentPort?.on("message", ({ id, jobs, media }: { id: number; jobs: RenderJob[]; media: Record<number, MediaRendition> }) => {
  parentPort?.postMessage({ id, rendered: jobs.map((job) => renderVersion(job.body, { media, language: job.language })) });
});
