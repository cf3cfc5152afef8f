/**
 * Reads that walk the archive by article id, a bounded range at a time: the sitemap's chunks and
 * the content files' batches, and the versions of a page of articles.
 */
import type { Kysely } from "kysely";
import type { ArticleVersionsTable, Database } from "#server/db/schema.ts";

export function createArchiveReads(db: Kysely<Database>) {
  return {
    /** Published versions of articles with ids in [fromId, toId), for a sitemap chunk. */
    async publishedSlugs(fromId: number, toId: number) {
      return db
        .selectFrom("article_versions")
        .select(["article_id", "code", "slug", "updated_at"])
        .where("status", "=", "published")
        .where("article_id", ">=", fromId)
        .where("article_id", "<", toId)
        .orderBy("article_id")
        .orderBy("code")
        .execute();
    },

    /** The highest id of an article with a published version (sitemap chunk count), 0 when none. */
    async highestPublishedId(): Promise<number> {
      const row = await db
        .selectFrom("article_versions")
        .select((eb) => eb.fn.max("article_id").as("id"))
        .where("status", "=", "published")
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** Latest change of a published version with an article id in [fromId, toId) (a sitemap chunk's lastmod). */
    async lastModifiedBetween(fromId: number, toId: number): Promise<string | null> {
      const row = await db
        .selectFrom("article_versions")
        .select((eb) => eb.fn.max("updated_at").as("updated"))
        .where("status", "=", "published")
        .where("article_id", ">=", fromId)
        .where("article_id", "<", toId)
        .executeTakeFirst();
      return (row?.updated as string | null | undefined) ?? null;
    },

    /**
     * Articles with an id above `afterId`, in id order, with their versions' sources:
     * only articles with a published version, and only those versions, unless `drafts` is set.
     */
    async sources(afterId: number, limit: number, drafts = false) {
      const blogs = await db
        .selectFrom("articles")
        .selectAll()
        .where("id", ">", afterId)
        .$if(!drafts, (query) =>
          query.where((eb) =>
            eb.exists(
              eb
                .selectFrom("article_versions")
                .select("article_versions.id")
                .whereRef("article_versions.article_id", "=", "articles.id")
                .where("article_versions.status", "=", "published"),
            ),
          ),
        )
        .orderBy("id")
        .limit(limit)
        .execute();
      if (blogs.length === 0) return [];
      const byArticle = await versionsOf(
        db,
        blogs.map((blog) => blog.id),
        ["code", "slug", "title", "summary", "body", "cover_alt", "status", "published_at", "updated_at", "outdated"],
        !drafts,
      );
      return blogs.map((blog) => ({ blog, versions: byArticle.get(blog.id) ?? [] }));
    },
  };
}

/**
 * The versions of these articles (only the published ones when `publishedOnly`), grouped by
 * article id, each in language-code order: one indexed query for a page of articles.
 */
export async function versionsOf<Column extends Exclude<keyof ArticleVersionsTable, "article_id">>(
  db: Kysely<Database>,
  ids: number[],
  columns: readonly Column[],
  publishedOnly = false,
) {
  const rows = await db
    .selectFrom("article_versions")
    .select(["article_id", ...columns])
    .$if(publishedOnly, (query) => query.where("status", "=", "published"))
    .where("article_id", "in", ids)
    .orderBy("code")
    .execute();
  return Map.groupBy(rows, (row) => row.article_id);
}
