/**
 * The search catch-up: renders and indexes, behind a bulk import, the versions it
 * stored unrendered (`awaiting_index`, decision 0139), a few articles at a time.
 * Every server process runs one, woken at start-up, by every article change (an
 * import announces each batch as it lands) and every minute (a stopped process's
 * claim expires). Processes share the work by claims: a claim marks a few
 * articles' awaiting versions with an expiry and a token, the Markdown is
 * rendered on a worker thread, and the rendering and the search entries are
 * stored in one short transaction, only where the claim still stands (any write
 * of a version drops it). Search pages are told in at most one change a second.
 */
import { randomUUID } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import { mediaImagesIn } from "#core/media-rules.ts";
import type { AppServices } from "#server/context.ts";
import { yieldToEventLoop } from "#server/content/articles.ts";
import { createRenderPool } from "#server/content/render-pool.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Database } from "#server/db/schema.ts";
import { loadRenditions } from "#server/media/renditions.ts";
import { bodyFingerprint, refreshPublishedIndex, type KnownText } from "./published-index.ts";

/** Articles per claim: each statement of a batch's transaction (seven versions an article) blocks a SQLite server a few milliseconds (bench/README.md: 1 000 × 7, event-loop delay p99 7.9 ms). */
export const CATCH_UP_ARTICLES = 2;
/** How long a claim stands: far longer than a batch takes; after it, another process takes the versions over. */
export const CLAIM_MS = 5 * 60_000;
/** How often an idle catch-up looks for work nobody announced (claims left by a stopped process). */
export const CATCH_UP_INTERVAL_MS = 60_000;
/** Search pages are invalidated at most this often while a catch-up runs. */
const ANNOUNCE_EVERY_MS = 1_000;

type RenderPool = ReturnType<typeof createRenderPool>;

/** What one batch did: the versions it claimed (0: nothing awaits) and the languages whose search entries it wrote. */
export interface CatchUpBatch {
  claimed: number;
  languages: string[];
}

/** Claims the awaiting versions of the next CATCH_UP_ARTICLES articles nobody holds, renders them with `pool()`, and stores them with their search entries. */
export async function catchUpBatch(handle: DatabaseHandle, pool: () => RenderPool, now = Date.now()): Promise<CatchUpBatch> {
  const { db } = handle;
  const claim = `${new Date(now + CLAIM_MS).toISOString()} ${randomUUID()}`;
  // A claim starts with its expiry: an ISO time compares as text.
  const free = new Date(now).toISOString();
  const unclaimed = (eb: ExpressionBuilder<Database, "blog_versions">) => eb.or([eb("index_claim", "is", null), eb("index_claim", "<", free)]);
  const claimed = await db
    .updateTable("blog_versions")
    .set({ index_claim: claim })
    .where("awaiting_index", "=", 1)
    .where(unclaimed)
    .where(
      "blog_id",
      "in",
      db.selectFrom("blog_versions").select("blog_id").distinct().where("awaiting_index", "=", 1).where(unclaimed).orderBy("blog_id").limit(CATCH_UP_ARTICLES),
    )
    .returning(["id", "blog_id", "code", "title", "summary", "body"])
    .execute();
  if (claimed.length === 0) return { claimed: 0, languages: [] };
  const media = await loadRenditions(
    db,
    claimed.flatMap((row) => mediaImagesIn(row.body).map((image) => image.id)),
  );
  const rendered = await pool().renderAll(
    claimed.map((row) => ({ body: row.body, language: row.code, title: row.title, summary: row.summary })),
    media,
  );
  await db.transaction().execute(async (trx) => {
    const known = new Map<string, KnownText>();
    for (const [index, row] of claimed.entries()) {
      const rendering = rendered[index]!;
      const stored = await trx
        .updateTable("blog_versions")
        .set({ ...rendering.version, awaiting_index: 0, index_claim: null })
        .where("id", "=", row.id)
        .where("index_claim", "=", claim)
        .executeTakeFirst();
      // Written since the claim: that write stored its own rendering, or marked the new text for a later batch.
      if (Number(stored.numUpdatedRows) === 0) continue;
      known.set(`${row.blog_id}:${row.code}`, { text: rendering.text, fingerprint: bodyFingerprint(row.body), indexed: rendering.indexed });
    }
    await refreshPublishedIndex(trx, [...new Set(claimed.map((row) => row.blog_id))], known, { tags: false });
  });
  return { claimed: claimed.length, languages: [...new Set(claimed.map((row) => row.code))] };
}

export interface SearchCatchUp {
  /** Looks for awaiting versions now (start-up, tests) and resolves when none is left unclaimed. */
  run(): Promise<void>;
  /** No further batches; resolves once a running one has finished. */
  stop(): Promise<void>;
}

export function startSearchCatchUp({ database, content, log }: Pick<AppServices, "database" | "content" | "log">): SearchCatchUp {
  // The worker lives while there is work: an idle server keeps no renderer thread.
  let pool: RenderPool | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function drain(): Promise<void> {
    const started = performance.now();
    let versions = 0;
    let languages = new Set<string>();
    let announcedAt = performance.now();
    const announce = async () => {
      if (languages.size === 0) return;
      const changed = [...languages];
      languages = new Set();
      announcedAt = performance.now();
      await content.changed({ kind: "search", languages: changed });
    };
    try {
      for (;;) {
        if (stopped) return;
        const batch = await catchUpBatch(database, () => (pool ??= createRenderPool(database.dialect, 1)));
        if (batch.claimed === 0) break;
        versions += batch.claimed;
        for (const code of batch.languages) languages.add(code);
        if (performance.now() - announcedAt >= ANNOUNCE_EVERY_MS) await announce();
        // Requests waiting behind the batch's writes go first.
        await yieldToEventLoop();
      }
    } catch (error) {
      // An outage is logged by the database's availability tracker; the next wake-up tries again.
      if (!database.availability.failed(error)) log.error({ err: error }, "the search catch-up failed");
    } finally {
      await announce().catch((error: unknown) => log.error({ err: error }, "announcing the search catch-up's entries failed"));
      await pool?.close();
      pool = null;
      if (versions > 0) log.info({ versions, seconds: Math.round((performance.now() - started) / 100) / 10 }, "rendered and indexed versions a bulk import stored");
    }
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    again = false;
    // A change announced after the last batch found nothing gets a run of its own.
    running = drain().finally(() => {
      running = null;
      if (again) void run();
    });
    return running;
  }

  const unsubscribe = content.onChange((change) => {
    if (change.kind === "articles") void run();
  });
  void run();
  const timer = setInterval(() => void run(), CATCH_UP_INTERVAL_MS);
  timer.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
}
