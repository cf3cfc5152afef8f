/** A worker of the render pool (render-pool.ts): renders the Markdown bodies it is sent: HTML, search text and the version's index form. */
import { parentPort } from "node:worker_threads";
import type { MediaRendition } from "#core/media-rules.ts";
import type { DialectName } from "#server/db/connect.ts";
import { indexForm } from "#server/db/full-text.ts";
import type { RenderJob } from "./render-pool.ts";
import { renderForImport } from "./rendering.ts";

parentPort?.on("message", ({ id, jobs, media, dialect }: { id: number; jobs: RenderJob[]; media: Record<number, MediaRendition>; dialect: DialectName }) => {
  const rendered = jobs.map((job) => {
    const rendering = renderForImport(job.body, { media, language: job.language });
    return { ...rendering, indexed: indexForm(dialect, { title: job.title, summary: job.summary, body_text: rendering.text }, job.language) };
  });
  parentPort?.postMessage({ id, rendered });
});
