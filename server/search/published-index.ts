/**
 * The indexes of published versions — search entries and tag pages' rows —
 * rebuilt for the articles a write touched, in the write's own transaction
 * (server/admin/content-write.ts, server/content/article-writes.ts), so search
 * and tag pages follow every edit at once. Only versions that are published
 * (server/content/published.ts) are indexed.
 */
import type { Kysely, Transaction } from "kysely";
import { markdownText } from "#core/markdown.ts";
import { insertSearchEntries, type IndexForm } from "#server/db/full-text.ts";
import type { Database } from "#server/db/schema.ts";
import { isPublishedVersion } from "#server/content/published.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A version's key in `known`. */
const slotOf = (version: { blog_id: number; code: string }) => `${version.blog_id}:${version.code}`;

/** Articles refreshed per round of statements. */
const CHUNK = 200;

/** How a tag is named in its page's URL and looked up: lowercased (URLs are), NFC. */
export function tagKey(tag: string): string {
  return tag.toWellFormed().toLowerCase().normalize("NFC");
}

/**
 * `known` holds bodies' words (and their versions' index form) already extracted by a bulk import's render
 * pool, by `${blog_id}:${code}`; the other bodies are parsed (and stemmed) here.
 */
export async function refreshPublishedIndex(db: Db, articleIds: readonly number[], known: ReadonlyMap<string, { text: string; indexed?: IndexForm }> = new Map()): Promise<void> {
  const ids = [...new Set(articleIds)];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    await db.deleteFrom("search_entries").where("blog_id", "in", chunk).execute();
    await db.deleteFrom("published_tags").where("blog_id", "in", chunk).execute();
    const versions = await db
      .selectFrom("blog_versions")
      .innerJoin("blogs", "blogs.id", "blog_versions.blog_id")
      .select(["blog_versions.blog_id", "blog_versions.code", "blog_versions.title", "blog_versions.summary", "blog_versions.published_at", "blogs.tags"])
      .where("blog_versions.blog_id", "in", chunk)
      .where(isPublishedVersion)
      .execute();
    // Bodies are read only where their words are not known: an import's 3 500 a batch would be read back for nothing.
    const unknown = [...new Set(versions.filter((version) => !known.has(slotOf(version))).map((version) => version.blog_id))];
    const bodies =
      unknown.length === 0
        ? new Map<string, string>()
        : new Map(
            (await db.selectFrom("blog_versions").select(["blog_id", "code", "body"]).where("blog_id", "in", unknown).where(isPublishedVersion).execute()).map((version) => [
              slotOf(version),
              version.body,
            ]),
          );
    await insertSearchEntries(
      db,
      versions.map((version) => {
        const given = known.get(slotOf(version));
        const entry = { blog_id: version.blog_id, code: version.code, title: version.title, summary: version.summary, body_text: given?.text ?? markdownText(bodies.get(slotOf(version))!) };
        return given?.indexed === undefined ? entry : { ...entry, indexed: given.indexed };
      }),
    );
    const tagRows = versions.flatMap((version) => {
      const byKey = new Map((JSON.parse(version.tags) as string[]).map((tag) => [tagKey(tag), tag]));
      return [...byKey].map(([key, tag]) => ({ tag_key: key, tag, code: version.code, published_at: version.published_at!, blog_id: version.blog_id }));
    });
    for (let at = 0; at < tagRows.length; at += CHUNK) await db.insertInto("published_tags").values(tagRows.slice(at, at + CHUNK)).execute();
  }
}
