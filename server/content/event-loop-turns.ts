/**
 * How a heavy read shares the event loop with other requests (docs/decisions/0135-heavy-reads-yield-by-time.md):
 * the list index builds, the sitemap, the content files and the translation exchange read or write a
 * whole archive in small steps and let other requests run between them.
 */
import { SLICE_MS } from "#server/db/statement-turns.ts";

/** Lets other requests run between batches of synchronous SQLite work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A heavy read's way to share the event loop: the function it returns yields to other requests once
 * the read has run `sliceMs` since its last turn, and costs a clock reading otherwise. Called between
 * rows and small queries, it bounds the wait by the work done rather than by a count of items
 * (a sitemap child that yielded every 100 articles blocked 25–39 ms at a time, bench/README.md).
 */
export function eventLoopTurns(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}
