/**
 * A language's published list, paged (docs/decisions/0030-content-on-demand.md): `?page=N` is one
 * keyset read from the nearest anchor of the list's index (list-indexes.ts), so page 1 and page
 * 5 000 cost the same; a list borrowing from fallback languages (decision 0085) reads one bounded
 * stream per language and merges them.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { LISTED_COLUMNS, publishedIn, withCoverImages, type ListedVersion } from "./listed-versions.ts";
import { ANCHOR_STRIDE, compareKeys, createListIndexes, publishedOnlyIn } from "./list-indexes.ts";

export function createPublishedLists(db: Kysely<Database>) {
  const { listIndex, forgetLists } = createListIndexes(db);

  return {
    /** Number of published versions in a language (from the anchor index). */
    async countIn(code: string): Promise<number> {
      return (await listIndex([code])).total;
    },

    /** Number of entries of a fallback list: articles published in its first language or, failing that, in one of the others. */
    async countWithFallbacks(codes: readonly string[]): Promise<number> {
      return (await listIndex(codes)).total;
    },

    /**
     * `limit` entries of a fallback list from position `offset`: each article once, in the first of
     * `codes` it is published in, newest first. One bounded query per language: each starts at the
     * window's anchor and stops at the next one, so page 1 and page 5 000 cost the same.
     */
    async listPageWithFallbacks(codes: readonly string[], offset: number, limit: number): Promise<ListedVersion[]> {
      const index = await listIndex(codes);
      const window = Math.floor(offset / ANCHOR_STRIDE);
      const anchor = index.anchors[window];
      if (!anchor) return [];
      const stop = index.anchors[Math.floor((offset + limit - 1) / ANCHOR_STRIDE) + 1] ?? null;
      const skip = offset % ANCHOR_STRIDE;
      const streams = await Promise.all(
        codes.map((code, position) =>
          publishedOnlyIn(db, code, codes.slice(0, position))
            .select(LISTED_COLUMNS)
            .where(
              sql<boolean>`(article_versions.published_at, article_versions.article_id) <= (${anchor.publishedAt}, ${anchor.id})`,
            )
            .$if(stop !== null, (query) =>
              query.where(
                sql<boolean>`(article_versions.published_at, article_versions.article_id) > (${stop!.publishedAt}, ${stop!.id})`,
              ),
            )
            .orderBy("article_versions.published_at", "desc")
            .orderBy("article_versions.article_id", "desc")
            .limit(skip + limit)
            .execute(),
        ),
      );
      const merged = streams
        .flat()
        .map((row) => ({ ...row, publishedAt: row.publishedAt! }))
        .sort((a, b) =>
          compareKeys({ publishedAt: b.publishedAt, id: b.articleId }, { publishedAt: a.publishedAt, id: a.articleId }),
        );
      return withCoverImages(db, merged.slice(skip, skip + limit));
    },

    /** `limit` entries of a language's list starting at position `offset`, by keyset from the nearest anchor. */
    async listPage(code: string, offset: number, limit: number): Promise<ListedVersion[]> {
      const index = offset < ANCHOR_STRIDE ? null : await listIndex([code]);
      const anchor = index?.anchors[Math.floor(offset / ANCHOR_STRIDE)] ?? null;
      if (index && !anchor) return [];
      const rows = await publishedIn(db, code)
        .select(LISTED_COLUMNS)
        .$if(anchor !== null, (query) =>
          query.where(
            sql<boolean>`(article_versions.published_at, article_versions.article_id) <= (${anchor!.publishedAt}, ${anchor!.id})`,
          ),
        )
        .orderBy("article_versions.published_at", "desc")
        .orderBy("article_versions.article_id", "desc")
        .limit(limit)
        .offset(anchor ? offset % ANCHOR_STRIDE : offset)
        .execute();
      return withCoverImages(
        db,
        rows.map((row) => ({ ...row, publishedAt: row.publishedAt! })),
      );
    },

    forgetLists,
  };
}
