/**
 * The one write path for articles, shared by the admin article service (through
 * server/admin/content-write.ts), the seed and the content CLI
 * (`npm run content -- import`, imported-articles.ts): a version's Markdown is rendered when it is
 * saved, the tag index follows the article's tags, and a write's before/after
 * state (articleState) says which pages show what changed, every version
 * written keeps a revision (revisions.ts), and the translation facts (source
 * language, source revision, each version's base, core/translation-status.ts)
 * follow every save; the search and tag indexes follow too
 * (server/search/published-index.ts).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { ArticleState } from "./changes.ts";
import type { UnrenderedVersion, RenderedVersion } from "./rendering.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface VersionSource {
  slug: string;
  title: string;
  summary: string;
  body: string;
  coverAlt: string;
  status: "draft" | "published";
  /** An imported translation's record: whether it follows the source text stored before the import (absent: keep or, when new, yes). */
  upToDate?: boolean;
}

/**
 * A version's stored columns: publication date set on first publication and kept after, with its rendering
 * (rendering.ts), or unrendered by a bulk import (the first page that shows it renders it). Every write drops a catch-up's claim on
 * the version: the catch-up then never stores the rendering of a text this write replaced.
 */
export function versionColumns(
  source: VersionSource,
  publishedBefore: string | null | undefined,
  now: string,
  rendered: RenderedVersion | UnrenderedVersion,
) {
  return {
    slug: source.slug,
    title: source.title,
    summary: source.summary,
    body: source.body,
    cover_alt: source.coverAlt,
    status: source.status,
    published_at: publishedBefore ?? (source.status === "published" ? now : null),
    updated_at: now,
    awaiting_index: 0 as const,
    index_claim: null,
    ...rendered,
  };
}

/** Makes the tag index match an article's tags. */
export async function replaceTags(db: Db, articleId: number, tags: readonly string[]): Promise<void> {
  await db.deleteFrom("article_tags").where("article_id", "=", articleId).execute();
  const unique = [...new Set(tags)];
  if (unique.length > 0)
    await db
      .insertInto("article_tags")
      .values(unique.map((tag) => ({ tag, article_id: articleId })))
      .execute();
}

/** Languages of an article's versions, its tags and its list positions: what pages show it. */
export async function articleState(
  db: Db,
  articleId: number,
): Promise<ArticleState & { languages: string[]; tags: string[]; listed: string[] }> {
  const [versions, tags] = await Promise.all([
    db
      .selectFrom("article_versions")
      .select(["code", "status", "published_at"])
      .where("article_id", "=", articleId)
      .execute(),
    db.selectFrom("article_tags").select("tag").where("article_id", "=", articleId).execute(),
  ]);
  return {
    languages: versions.map((version) => version.code),
    tags: tags.map((row) => row.tag),
    listed: versions
      .filter((version) => version.status === "published")
      .map((version) => `${version.code}@${version.published_at}`),
  };
}
