/**
 * Renders many Markdown bodies on worker threads (one per core): a bulk import
 * of 70 000 versions would otherwise spend most of its time rendering on the
 * main thread. Same renderer as a single save (rendering.ts).
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { MediaRendition } from "#core/media-rules.ts";
import type { DialectName } from "#server/db/connect.ts";
import type { ImportRendering } from "./rendering.ts";

/** A body to render, its language (library images' alt text, search terms) and its version's title and summary (search terms). */
export interface RenderJob {
  body: string;
  language: string;
  title: string;
  summary: string;
}

/**
 * Bodies per message to a worker. A batch's share in one message kept all its renderings in the
 * worker's heap until the last was done, then serialized tens of MB at once; small messages let
 * each worker's renderings die young and spread slow and quick languages over both workers
 * (bench/README.md: 1 000 × 7 imported 5–23 % faster, peak RSS −12 %).
 */
const JOBS_PER_MESSAGE = 50;

/** `dialect`: the database the search index terms are computed for. */
export function createRenderPool(dialect: DialectName, size = availableParallelism()) {
  // A small young generation: each batch's renderings are short-lived, and a worker's default one let the
  // import's peak memory grow by hundreds of MB before collecting (1 000 × 7: 1 317 → 1 037 MB peak RSS).
  const workers = Array.from({ length: Math.max(1, size) }, () => new Worker(new URL("./render-worker.ts", import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 16 } }));
  const waiting = new Map<number, { resolve: (rendered: ImportRendering[]) => void; reject: (error: unknown) => void }>();
  let nextId = 0;
  for (const worker of workers) {
    worker.on("message", ({ id, rendered }: { id: number; rendered: ImportRendering[] }) => {
      waiting.get(id)?.resolve(rendered);
      waiting.delete(id);
    });
    worker.on("error", (error) => {
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
    });
  }

  function send(worker: Worker, jobs: RenderJob[], media: Record<number, MediaRendition>): Promise<ImportRendering[]> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, jobs, media, dialect });
    });
  }

  return {
    /** Renders the bodies, in order, spread over the workers JOBS_PER_MESSAGE at a time; `media` holds the library images they show. */
    async renderAll(jobs: RenderJob[], media: Record<number, MediaRendition> = {}): Promise<ImportRendering[]> {
      const parts: Promise<ImportRendering[]>[] = [];
      for (let start = 0, index = 0; start < jobs.length; start += JOBS_PER_MESSAGE, index += 1) {
        parts.push(send(workers[index % workers.length]!, jobs.slice(start, start + JOBS_PER_MESSAGE), media));
      }
      return (await Promise.all(parts)).flat();
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
