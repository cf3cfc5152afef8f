/**
 * A list entry (one article's version in one language) and what every list read shares: the
 * published versions of a language joined to their articles, the columns an entry shows, and
 * the library covers, looked up for a whole page at once.
 */
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { mediaIdOf, type MediaRendition } from "#core/media-rules.ts";
import { loadRenditions } from "#server/media/renditions.ts";
import { isPublishedVersion } from "#server/db/published.ts";

/** A list entry: one article's version in one language. */
export interface ListedVersion {
  articleId: number;
  code: string;
  slug: string;
  title: string;
  summary: string;
  coverAlt: string;
  readingMinutes: number;
  publishedAt: string;
  author: string;
  cover: string | null;
  coverImage: MediaRendition | null;
}

export interface ListKey {
  publishedAt: string;
  id: number;
}

export const LISTED_COLUMNS = [
  "article_versions.article_id as articleId",
  "article_versions.code as code",
  "article_versions.slug as slug",
  "article_versions.title as title",
  "article_versions.summary as summary",
  "article_versions.cover_alt as coverAlt",
  "article_versions.reading_minutes as readingMinutes",
  "article_versions.published_at as publishedAt",
  "articles.author as author",
  "articles.cover as cover",
] as const;

/** Rows with their library covers, looked up together (no query when none is a library image). */
export async function withCoverImages<Row extends { cover: string | null }>(
  db: Kysely<Database>,
  rows: Row[],
): Promise<(Row & { coverImage: MediaRendition | null })[]> {
  const media = await loadRenditions(
    db,
    rows.flatMap((row) => mediaIdOf(row.cover) ?? []),
  );
  return rows.map((row) => ({ ...row, coverImage: media[mediaIdOf(row.cover) ?? 0] ?? null }));
}

/** The published versions in a language, joined to their articles. */
export function publishedIn(db: Kysely<Database>, code: string) {
  return db
    .selectFrom("article_versions")
    .innerJoin("articles", "articles.id", "article_versions.article_id")
    .where("article_versions.code", "=", code)
    .where(isPublishedVersion);
}
