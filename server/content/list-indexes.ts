/**
 * The anchor index of a published list (docs/decisions/0030-content-on-demand.md): a list is ordered
 * by (published_at, id), newest first, so equal timestamps still have one stable order, and its
 * index keeps its length and the key of every ANCHOR_STRIDE-th entry (every 16th page), so a page
 * is one keyset read from the nearest anchor. A list borrowing from fallback languages (decision
 * 0085) is a merge of one stream per language. Indexes are built on first use, in batches that let
 * other requests run, and kept until their lists change.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { isPublishedVersion } from "#server/db/published.ts";
import { yieldToEventLoop } from "./event-loop-turns.ts";
import { publishedIn, type ListKey } from "./listed-versions.ts";

/** A language's published list: its length and the key of every ANCHOR_STRIDE-th entry. */
export interface ListIndex {
  total: number;
  anchors: ListKey[];
}

/** Entries between two anchors: with 6 articles a page, one anchor every 16 pages. */
export const ANCHOR_STRIDE = 96;
/** Index rows read per query while building an anchor index: each batch is a short, bounded block of the event loop (4 000 a batch: 15–25 ms at 10 000 articles). */
const ANCHOR_BATCH = 1_000;

/** Joins a fallback list's language codes into its index's key (a code never contains a space). */
const LIST_KEY_SEPARATOR = " ";

/** Orders list keys: positive when `a` comes later in publication order (newer, or the same instant and a higher id). */
export function compareKeys(a: ListKey, b: ListKey): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt > b.publishedAt ? 1 : -1;
  return a.id - b.id;
}

/**
 * A language's published versions, keyset-ordered, leaving out articles published in any of
 * `before` (the languages ahead of it in a fallback list): seeks on the published-order index
 * and probes the (article_id, code) unique index.
 */
export function publishedOnlyIn(db: Kysely<Database>, code: string, before: readonly string[]) {
  return publishedIn(db, code).$if(before.length > 0, (query) =>
    query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("article_versions as earlier")
            .select("earlier.id")
            .whereRef("earlier.article_id", "=", "article_versions.article_id")
            .where("earlier.code", "in", [...before])
            .where("earlier.status", "=", "published")
            .where("earlier.published_at", "is not", null),
        ),
      ),
    ),
  );
}

/** Up to `limit` list keys of one stream of a fallback list, after `from` and not past `until` (both exclusive, desc order). */
async function streamKeys(
  db: Kysely<Database>,
  codes: readonly string[],
  index: number,
  from: ListKey | null,
  limit: number,
): Promise<ListKey[]> {
  const rows = await publishedOnlyIn(db, codes[index]!, codes.slice(0, index))
    .select(["article_versions.published_at as publishedAt", "article_versions.article_id as id"])
    .$if(from !== null, (query) =>
      query.where(
        sql<boolean>`(article_versions.published_at, article_versions.article_id) < (${from!.publishedAt}, ${from!.id})`,
      ),
    )
    .orderBy("article_versions.published_at", "desc")
    .orderBy("article_versions.article_id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ publishedAt: row.publishedAt!, id: row.id }));
}

/** The anchor index of a fallback list (its own language first): a k-way merge of its streams, read in batches. */
async function buildMergedIndex(db: Kysely<Database>, codes: readonly string[]): Promise<ListIndex> {
  const streams = codes.map(() => ({ buffer: [] as ListKey[], position: 0, done: false }));
  const anchors: ListKey[] = [];
  let total = 0;
  for (;;) {
    for (const [index, stream] of streams.entries()) {
      if (stream.position < stream.buffer.length || stream.done) continue;
      const after = stream.buffer.at(-1) ?? null;
      stream.buffer = await streamKeys(db, codes, index, after, ANCHOR_BATCH);
      stream.position = 0;
      stream.done = stream.buffer.length < ANCHOR_BATCH;
      await yieldToEventLoop();
    }
    // The newest head of the streams; an article is in one stream only, so keys never tie across streams.
    let next: (typeof streams)[number] | null = null;
    for (const stream of streams) {
      if (
        stream.position < stream.buffer.length &&
        (next === null || compareKeys(stream.buffer[stream.position]!, next.buffer[next.position]!) > 0)
      )
        next = stream;
    }
    if (next === null) return { total, anchors };
    const key = next.buffer[next.position]!;
    next.position += 1;
    if (total % ANCHOR_STRIDE === 0) anchors.push(key);
    total += 1;
  }
}

async function buildListIndex(db: Kysely<Database>, code: string): Promise<ListIndex> {
  const anchors: ListKey[] = [];
  let total = 0;
  let after: ListKey | null = null;
  for (;;) {
    const from: ListKey | null = after;
    const rows: { published_at: string | null; article_id: number }[] = await db
      .selectFrom("article_versions")
      .select(["published_at", "article_id"])
      .where("code", "=", code)
      .where(isPublishedVersion)
      .$if(from !== null, (query) =>
        query.where(sql<boolean>`(published_at, article_id) < (${from!.publishedAt}, ${from!.id})`),
      )
      .orderBy("published_at", "desc")
      .orderBy("article_id", "desc")
      .limit(ANCHOR_BATCH)
      .execute();
    for (const row of rows) {
      const key: ListKey = { publishedAt: row.published_at!, id: row.article_id };
      if (total % ANCHOR_STRIDE === 0) anchors.push(key);
      total += 1;
      after = key;
    }
    if (rows.length < ANCHOR_BATCH) return { total, anchors };
    await yieldToEventLoop();
  }
}

export function createListIndexes(db: Kysely<Database>) {
  const listIndexes = new Map<string, Promise<ListIndex>>();

  /** A list's index, by its languages: one (a language's own list) or several (with its fallbacks). */
  function listIndex(codes: readonly string[]): Promise<ListIndex> {
    const code = codes.join(LIST_KEY_SEPARATOR);
    let index = listIndexes.get(code);
    if (!index) {
      index = codes.length === 1 ? buildListIndex(db, code) : buildMergedIndex(db, codes);
      listIndexes.set(code, index);
      index.catch(() => listIndexes.delete(code));
    }
    return index;
  }

  /** Forgets the cached list indexes of these languages (all when none are named), fallback lists including one of them too: their lists changed. */
  function forgetLists(codes?: Iterable<string>) {
    if (codes === undefined) return listIndexes.clear();
    const changed = new Set(codes);
    for (const key of [...listIndexes.keys()]) {
      if (key.split(LIST_KEY_SEPARATOR).some((code) => changed.has(code))) listIndexes.delete(key);
    }
  }

  return { listIndex, forgetLists };
}
