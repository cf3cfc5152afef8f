/**
 * The indexes of published versions — search entries and tag pages' rows —
 * refreshed for the articles a write touched, in the write's own transaction
 * (server/admin/content-write.ts, server/content/article-writes.ts), so search
 * and tag pages follow every edit at once. Only versions that are published
 * (server/db/published.ts) are indexed, and only the versions whose title,
 * summary or body changed are parsed and stemmed again (decision 0130): an edit of
 * one language's version leaves the article's other entries as they are. A bulk
 * import leaves the new entries to the search catch-up (server/content/search-catch-up.ts, decision 0139).
 */
import type { Kysely, Transaction } from "kysely";
import { markdownText } from "#core/markdown.ts";
import { tagKey } from "#core/tags.ts";
import type { IndexedSearchEntry, SearchEntry } from "#server/db/full-text.ts";
import type { IndexForm } from "#server/db/full-text-form.ts";
import type { Database } from "#server/db/schema.ts";
import { isPublishedVersion } from "#server/db/published.ts";
import { unprocessable } from "#core/errors.ts";
import { OFF_THREAD_BODY_CHARS, runOffThreadForRequest } from "#server/untrusted/off-thread.ts";
import { bodyFingerprint } from "./body-fingerprint.ts";
import { insertSearchEntries } from "./entries.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A version's key in `known`. */
const slotOf = (version: { article_id: number; code: string }) => `${version.article_id}:${version.code}`;

/** Articles refreshed per round of statements. */
const CHUNK = 200;

/** How a tag is keyed (core/tags.ts): lowercased, NFC. */
export { tagKey };

/**
 * A body's words as a reader sees them: for its search entry, and for a search result's snippet (decision 0230).
 * A long one is read on the worker thread, as its rendering is at a save (decision 0142): markdown-it took about
 * 300 ms on this thread for 200 000 hostile characters.
 */
export async function searchText(body: string): Promise<string> {
  if (body.length <= OFF_THREAD_BODY_CHARS) return markdownText(body);
  const read = await runOffThreadForRequest<string, string>(
    "read the Markdown's words",
    "#core/markdown.ts",
    "markdownText",
    body,
  );
  if (!read.ok) throw unprocessable("invalid_field", `body: ${read.message} Simplify it.`, "body");
  return read.value;
}

/** A version's fingerprint and its words' index form, already made (by a bulk import's workers or the search catch-up's). */
export interface KnownText {
  fingerprint: string;
  indexed: IndexForm;
}

export interface RefreshOptions {
  /** false makes every entry again, without fingerprints: for the migrations that index before migration 0026 gave entries the column. */
  fingerprints?: boolean;
  /** true: the entries keep their text, as before migration 0060 (a migration test's older database). */
  text?: boolean;
  /** false leaves tag rows alone (the search catch-up: what it indexes does not change them; a bulk import: refreshPublishedTags). */
  tags?: boolean;
}

/** These articles' published versions, with their article's tags: what search entries and tag pages' rows are made of. */
function publishedVersionsOf(db: Db, articleIds: readonly number[]) {
  return db
    .selectFrom("article_versions")
    .innerJoin("articles", "articles.id", "article_versions.article_id")
    .select([
      "article_versions.article_id",
      "article_versions.code",
      "article_versions.title",
      "article_versions.summary",
      "article_versions.published_at",
      "articles.tags",
    ])
    .where("article_versions.article_id", "in", articleIds)
    .where(isPublishedVersion)
    .execute();
}

/**
 * `known` holds versions' fingerprints and index forms already made (a bulk import, the search catch-up),
 * by `${article_id}:${code}`; the other bodies are parsed (and stemmed) here when they changed.
 */
export async function refreshPublishedIndex(
  db: Db,
  articleIds: readonly number[],
  known: ReadonlyMap<string, KnownText> = new Map(),
  { fingerprints = true, text, tags = true }: RefreshOptions = {},
): Promise<void> {
  const ids = [...new Set(articleIds)];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    if (tags) await db.deleteFrom("published_tags").where("article_id", "in", chunk).execute();
    const versions = await publishedVersionsOf(db, chunk);
    // Bodies are read only where their words are not known: the import's or catch-up's would be read back for nothing.
    const unknown = [
      ...new Set(versions.filter((version) => !known.has(slotOf(version))).map((version) => version.article_id)),
    ];
    const bodies =
      unknown.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await db
                .selectFrom("article_versions")
                .select(["article_id", "code", "body"])
                .where("article_id", "in", unknown)
                .where(isPublishedVersion)
                .execute()
            ).map((version) => [slotOf(version), version.body]),
          );
    const kept = fingerprints
      ? await db
          .selectFrom("search_entries")
          .select(["id", "article_id", "code", "title", "summary", "source_fingerprint"])
          .where("article_id", "in", chunk)
          .orderBy("id")
          .execute()
      : [];
    const keptBySlot = new Map<string, (typeof kept)[number]>();
    const stale: number[] = [];
    // A version with two entries keeps the newer one.
    for (const entry of kept) {
      const twin = keptBySlot.get(slotOf(entry));
      if (twin) stale.push(twin.id);
      keptBySlot.set(slotOf(entry), entry);
    }
    const fresh: (SearchEntry | IndexedSearchEntry)[] = [];
    for (const version of versions) {
      const slot = slotOf(version);
      const given = known.get(slot);
      const body = bodies.get(slot);
      const fingerprint = given?.fingerprint ?? bodyFingerprint(body!);
      const entry = keptBySlot.get(slot);
      keptBySlot.delete(slot);
      if (
        entry?.title === version.title &&
        entry.summary === version.summary &&
        entry.source_fingerprint === fingerprint
      )
        continue;
      if (entry) stale.push(entry.id);
      const made = {
        article_id: version.article_id,
        code: version.code,
        title: version.title,
        summary: version.summary,
        source_fingerprint: fingerprint,
      };
      fresh.push(given ? { ...made, indexed: given.indexed } : { ...made, body_text: await searchText(body!) });
    }
    // What is left showed versions no longer published.
    for (const entry of keptBySlot.values()) stale.push(entry.id);
    if (!fingerprints) await db.deleteFrom("search_entries").where("article_id", "in", chunk).execute();
    for (let at = 0; at < stale.length; at += CHUNK)
      await db
        .deleteFrom("search_entries")
        .where("id", "in", stale.slice(at, at + CHUNK))
        .execute();
    await insertSearchEntries(db, fresh, { fingerprints, text });
    if (tags) await insertTagRows(db, versions);
  }
}

/** A published version's tags (its article's, by URL key) as tag pages' rows. */
async function insertTagRows(
  db: Db,
  versions: readonly { article_id: number; code: string; published_at: string | null; tags: string }[],
): Promise<void> {
  const tagRows = versions.flatMap((version) => {
    const byKey = new Map((JSON.parse(version.tags) as string[]).map((tag) => [tagKey(tag), tag]));
    return [...byKey].map(([key, tag]) => ({
      tag_key: key,
      tag,
      code: version.code,
      published_at: version.published_at!,
      article_id: version.article_id,
    }));
  });
  for (let at = 0; at < tagRows.length; at += CHUNK)
    await db
      .insertInto("published_tags")
      .values(tagRows.slice(at, at + CHUNK))
      .execute();
}

/**
 * Tag pages' rows of these articles' published versions, made again: for a bulk import, which refreshes them once
 * for a batch of articles written in many transactions (refreshPublishedIndex with `tags: false` in each), so that
 * each tag's index pages are written once a batch rather than once a transaction (decision 0235).
 */
export async function refreshPublishedTags(db: Db, articleIds: readonly number[]): Promise<void> {
  const ids = [...new Set(articleIds)];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    await db.deleteFrom("published_tags").where("article_id", "in", chunk).execute();
    await insertTagRows(db, await publishedVersionsOf(db, chunk));
  }
}
