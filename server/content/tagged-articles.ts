/**
 * Published articles by tag: a job page's related articles, a tag's page (keyset-paged over the
 * published_tags index), a language's tags and the languages a tag's page exists in.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { isPublishedVersion } from "#server/db/published.ts";
import { LISTED_COLUMNS, publishedIn, withCoverImages, type ListedVersion, type ListKey } from "./listed-versions.ts";

export function createTaggedReads(db: Kysely<Database>) {
  return {
    /** A page of the published versions in a language of articles carrying `tag`, newest first, and whether more follow. */
    async taggedPage(
      code: string,
      tag: string,
      offset: number,
      limit: number,
    ): Promise<{ items: ListedVersion[]; total: number }> {
      const tagged = publishedIn(db, code)
        .innerJoin("article_tags", "article_tags.article_id", "article_versions.article_id")
        .where("article_tags.tag", "=", tag);
      const [rows, count] = await Promise.all([
        tagged
          .select(LISTED_COLUMNS)
          .orderBy("article_versions.published_at", "desc")
          .orderBy("article_versions.article_id", "desc")
          .limit(limit)
          .offset(offset)
          .execute(),
        tagged.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return {
        items: await withCoverImages(
          db,
          rows.map((row) => ({ ...row, publishedAt: row.publishedAt! })),
        ),
        total: Number(count?.count ?? 0),
      };
    },

    /**
     * A page of a language's published versions carrying a tag (by its URL key), newest first,
     * starting after `after` (keyset: every page is one index range of published_tags), and the key to continue from.
     */
    async taggedAfter(
      code: string,
      tagKey: string,
      after: ListKey | null,
      limit: number,
    ): Promise<{ tag: string | null; items: ListedVersion[]; next: ListKey | null }> {
      const rows = await db
        .selectFrom("published_tags")
        .innerJoin("article_versions", (join) =>
          join
            .onRef("article_versions.article_id", "=", "published_tags.article_id")
            .onRef("article_versions.code", "=", "published_tags.code"),
        )
        .innerJoin("articles", "articles.id", "article_versions.article_id")
        .select([...LISTED_COLUMNS, "published_tags.tag as tag", "published_tags.published_at as tagOrder"])
        .where("published_tags.tag_key", "=", tagKey)
        .where("published_tags.code", "=", code)
        .where(isPublishedVersion)
        .$if(after !== null, (query) =>
          query.where(
            sql<boolean>`(published_tags.published_at, published_tags.article_id) < (${after!.publishedAt}, ${after!.id})`,
          ),
        )
        .orderBy("published_tags.published_at", "desc")
        .orderBy("published_tags.article_id", "desc")
        .limit(limit + 1)
        .execute();
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        tag: rows[0]?.tag ?? null,
        items: await withCoverImages(
          db,
          shown.map(({ tag: _tag, tagOrder: _order, ...row }) => ({ ...row, publishedAt: row.publishedAt! })),
        ),
        next: rows.length > limit && last ? { publishedAt: last.tagOrder, id: last.articleId } : null,
      };
    },

    /** The tags of a language's published versions with how many carry each (one range of the (code, tag_key) index), by URL key. */
    async tagsIn(code: string): Promise<{ key: string; tag: string; count: number }[]> {
      const rows = await db
        .selectFrom("published_tags")
        .select((eb) => ["tag_key as key", eb.fn.min("tag").as("tag"), eb.fn.countAll<number | string>().as("count")])
        .where("code", "=", code)
        .groupBy("tag_key")
        .execute();
      return rows.map((row) => ({ key: row.key, tag: row.tag, count: Number(row.count) }));
    },

    /** The languages with a published version carrying a tag (by its URL key): where its page exists. */
    async tagLanguages(tagKey: string): Promise<string[]> {
      const rows = await db
        .selectFrom("published_tags")
        .select("code")
        .distinct()
        .where("tag_key", "=", tagKey)
        .execute();
      return rows.map((row) => row.code);
    },
  };
}
