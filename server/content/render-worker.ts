/** A worker of the render pool (render-pool.ts): renders the Markdown bodies it is sent (HTML, search text and index form), or measures their reading time. */
import { parentPort } from "node:worker_threads";
import { readingMinutes } from "#core/markdown.ts";
import { indexForm } from "#server/db/full-text.ts";
import type { RenderRequest } from "./render-pool.ts";
import { renderWithText } from "./rendering.ts";

function resultsOf(request: RenderRequest) {
  if (request.kind === "minutes") return request.bodies.map(readingMinutes);
  return request.jobs.map((job) => {
    const rendering = renderWithText(job.body, { media: request.media, language: job.language });
    return { ...rendering, indexed: indexForm(request.dialect, { title: job.title, summary: job.summary, body_text: rendering.text }, job.language) };
  });
}

parentPort?.on("message", ({ id, request }: { id: number; request: RenderRequest }) => {
  parentPort?.postMessage({ id, results: resultsOf(request) });
});
