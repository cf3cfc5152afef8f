/**
 * Markdown work on worker threads, off the main thread: a bulk import's reading
 * times (one worker per core) and the search catch-up's renderings (one worker,
 * leaving the other core to the server's requests). Same renderer as a single
 * save (rendering.ts).
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { MediaRendition } from "#core/media-rules.ts";
import type { DialectName } from "#server/db/connect.ts";
import type { IndexedRendering } from "./rendering.ts";

/** A body to render, its language (library images' alt text, search terms) and its version's title and summary (search terms). */
export interface RenderJob {
  body: string;
  language: string;
  title: string;
  summary: string;
}

/** What a worker is asked: renderings with their index form, or bodies' reading times. */
export type RenderRequest = { kind: "render"; jobs: RenderJob[]; media: Record<number, MediaRendition>; dialect: DialectName } | { kind: "minutes"; bodies: string[] };

/**
 * Items per message to a worker. A batch's share in one message kept all its results in the
 * worker's heap until the last was done, then serialized tens of MB at once; small messages let
 * each worker's results die young and spread slow and quick languages over the workers
 * (bench/README.md: 1 000 × 7 imported 5–23 % faster, peak RSS −12 %).
 */
const JOBS_PER_MESSAGE = 50;

/** `dialect`: the database the search index terms are computed for. */
export function createRenderPool(dialect: DialectName, size = availableParallelism()) {
  // A small young generation: each message's results are short-lived, and a worker's default one let
  // an import's peak memory grow by hundreds of MB before collecting (1 000 × 7: 1 317 → 1 037 MB peak RSS).
  // Resolved through package.json's imports, not next to this module: the server bundle (build/server) runs it too, from
  // the source file. No inherited Node options: the server is started with `--input-type=module -e` (Dockerfile), which a file refuses.
  const script = new URL(import.meta.resolve("#server/content/render-worker.ts"));
  const workers = Array.from({ length: Math.max(1, size) }, () => new Worker(script, { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 16 } }));
  const waiting = new Map<number, { resolve: (results: unknown[]) => void; reject: (error: unknown) => void }>();
  let nextId = 0;
  for (const worker of workers) {
    worker.on("message", ({ id, results }: { id: number; results: unknown[] }) => {
      waiting.get(id)?.resolve(results);
      waiting.delete(id);
    });
    worker.on("error", (error) => {
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
    });
  }

  /** Sends `items` JOBS_PER_MESSAGE at a time, spread over the workers, and gives the results back in order. */
  async function spread<Item, Result>(items: Item[], request: (part: Item[]) => RenderRequest): Promise<Result[]> {
    const parts: Promise<Result[]>[] = [];
    for (let start = 0, index = 0; start < items.length; start += JOBS_PER_MESSAGE, index += 1) {
      const id = nextId++;
      const worker = workers[index % workers.length]!;
      parts.push(
        new Promise((resolve, reject) => {
          waiting.set(id, { resolve: resolve as (results: unknown[]) => void, reject });
          worker.postMessage({ id, request: request(items.slice(start, start + JOBS_PER_MESSAGE)) });
        }),
      );
    }
    return (await Promise.all(parts)).flat();
  }

  return {
    /** Renders the bodies, in order, with their search text and index form; `media` holds the library images they show. */
    renderAll(jobs: RenderJob[], media: Record<number, MediaRendition> = {}): Promise<IndexedRendering[]> {
      return spread(jobs, (part) => ({ kind: "render", jobs: part, media, dialect }));
    },
    /** The bodies' reading times (core/markdown.ts readingMinutes), in order. */
    readingMinutesOf(bodies: string[]): Promise<number[]> {
      return spread(bodies, (part) => ({ kind: "minutes", bodies: part }));
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
