/**
 * The content delivery API's reads (docs/decisions/0200-content-api-keys.md): a language's published articles
 * paged by keyset in the order they last changed (one index range of article_versions (code, status, updated_at,
 * article_id) per language of the list, so page 1 and page 5 000 cost the same), one article by id or slug with
 * the site's fallback chain applied, and the resident texts (UI strings, ROME jobs) likewise. Every item names the
 * language its text came from. Only published versions of enabled languages are ever read.
 */
import { sql, type Kysely } from "kysely";
import { firstAvailable } from "#core/fallback.ts";
import type { Database } from "#server/db/schema.ts";
import { isPublishedVersion } from "#server/db/published.ts";
import { tagKey } from "#server/search/published-index.ts";
import type { ArticleCursor, ArticleSummary, DeliveredArticle } from "./delivery-schema.ts";
import { publishedOnlyIn } from "./list-indexes.ts";
import { LISTED_COLUMNS } from "./listed-versions.ts";
import { chainCodes, jobLabelIn, listChainCodes } from "./public-sections.ts";
import { stringsAlongChain } from "./shell.ts";
import type { Language, Resident } from "./resident.ts";

/** A list entry's columns (listed-versions.ts) and what the API says besides: change time, status, key, tags, source. */
const SUMMARY_COLUMNS = [
  ...LISTED_COLUMNS,
  "article_versions.updated_at as updatedAt",
  "article_versions.outdated as outdated",
  "articles.key as key",
  "articles.tags as tags",
  "articles.source_code as source",
] as const;

interface VersionRow {
  articleId: number;
  code: string;
  slug: string;
  title: string;
  summary: string;
  coverAlt: string;
  readingMinutes: number;
  publishedAt: string | null;
  updatedAt: string;
  outdated: number;
  key: string;
  author: string;
  cover: string | null;
  tags: string;
  source: string | null;
}

/** The published alternates of these articles in `readable` languages, by article id: one indexed query for a page. */
async function alternatesOf(db: Kysely<Database>, ids: number[], readable: ReadonlySet<string>) {
  if (ids.length === 0) return new Map<number, ArticleSummary["alternates"]>();
  const rows = await db
    .selectFrom("article_versions")
    .select(["article_id", "code", "slug", "title", "outdated"])
    .where("article_id", "in", ids)
    .where(isPublishedVersion)
    .orderBy("code")
    .execute();
  const byArticle = new Map<number, ArticleSummary["alternates"]>();
  for (const row of rows) {
    if (!readable.has(row.code)) continue;
    const list = byArticle.get(row.article_id) ?? [];
    list.push({
      language: row.code,
      slug: row.slug,
      title: row.title,
      translation: row.outdated === 1 ? "outdated" : "current",
    });
    byArticle.set(row.article_id, list);
  }
  return byArticle;
}

function summaryOf(row: VersionRow, requested: string, alternates: ArticleSummary["alternates"]): ArticleSummary {
  return {
    id: row.articleId,
    key: row.key,
    language: row.code,
    fallback: row.code !== requested,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    author: row.author,
    cover: row.cover,
    coverAlt: row.coverAlt,
    tags: JSON.parse(row.tags) as string[],
    readingMinutes: row.readingMinutes,
    publishedAt: row.publishedAt ?? row.updatedAt,
    updatedAt: row.updatedAt,
    translation: { status: row.outdated === 1 ? "outdated" : "current", source: row.source },
    alternates: alternates.filter((alternate) => alternate.language !== row.code),
  };
}

export interface ArticlePageRequest {
  language: Language;
  /** Languages whose alternates are shown (the enabled ones the key may read). */
  readable: ReadonlySet<string>;
  after: ArticleCursor | null;
  limit: number;
  tag: string | null;
  updatedSince: string | null;
}

/**
 * A page of a language's list in the order versions last changed, oldest first: one bounded stream per language of
 * the list (each article once, in the first language of the list it is published in), merged. A client following
 * `next` to the end has seen every article, each at least in its latest state (a version changed meanwhile comes again).
 */
export async function articlePage(db: Kysely<Database>, resident: Resident, request: ArticlePageRequest) {
  const { language, after, limit, tag, updatedSince } = request;
  const codes = listChainCodes(resident, language);
  const streams = await Promise.all(
    codes.map((code, position) =>
      publishedOnlyIn(db, code, codes.slice(0, position))
        .select(SUMMARY_COLUMNS)
        .$if(after !== null, (query) =>
          query.where(
            sql<boolean>`(article_versions.updated_at, article_versions.article_id) > (${after!.updatedAt}, ${after!.id})`,
          ),
        )
        .$if(updatedSince !== null, (query) => query.where("article_versions.updated_at", ">=", updatedSince!))
        .$if(tag !== null, (query) =>
          query.where((eb) =>
            eb.exists(
              eb
                .selectFrom("published_tags")
                .select("published_tags.article_id")
                .whereRef("published_tags.article_id", "=", "article_versions.article_id")
                .whereRef("published_tags.code", "=", "article_versions.code")
                .where("published_tags.tag_key", "=", tagKey(tag!)),
            ),
          ),
        )
        .orderBy("article_versions.updated_at")
        .orderBy("article_versions.article_id")
        .limit(limit + 1)
        .execute(),
    ),
  );
  const merged = (streams.flat() as VersionRow[]).sort((a, b) =>
    a.updatedAt === b.updatedAt ? a.articleId - b.articleId : a.updatedAt < b.updatedAt ? -1 : 1,
  );
  const rows = merged.slice(0, limit);
  const last = rows.at(-1);
  const alternates = await alternatesOf(
    db,
    rows.map((row) => row.articleId),
    request.readable,
  );
  return {
    items: rows.map((row) => summaryOf(row, language.code, alternates.get(row.articleId) ?? [])),
    next: merged.length > limit && last ? { updatedAt: last.updatedAt, id: last.articleId } : null,
  };
}

/** One article in `language` by id or by its slug there: the first language of its chain it is published in. */
export async function deliveredArticle(
  db: Kysely<Database>,
  resident: Resident,
  language: Language,
  readable: ReadonlySet<string>,
  which: { id: number } | { slug: string },
): Promise<DeliveredArticle | null> {
  const codes = chainCodes(resident, language);
  let query = db
    .selectFrom("article_versions")
    .innerJoin("articles", "articles.id", "article_versions.article_id")
    .select([...SUMMARY_COLUMNS, "article_versions.body as body"])
    .where("article_versions.code", "in", codes)
    .where(isPublishedVersion);
  if ("id" in which) query = query.where("article_versions.article_id", "=", which.id);
  else {
    // A slug is its language's: the requested language's first, then the fallbacks' (each one indexed (code, slug) lookup).
    query = query.where("article_versions.slug", "=", which.slug);
  }
  const rows = (await query.execute()) as (VersionRow & { body: string })[];
  const found = firstAvailable(codes, (code) => rows.find((row) => row.code === code));
  if (!found) return null;
  const row = found.value;
  const alternates = await alternatesOf(db, [row.articleId], readable);
  return { ...summaryOf(row, language.code, alternates.get(row.articleId) ?? []), body: row.body };
}

/** A language's UI strings in key order, each marked with the language it came from (shell.ts's rule). */
export function deliveredStrings(resident: Resident, language: Language) {
  return [...stringsAlongChain(resident, language)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, { text, code }]) => ({ key, text, language: code, fallback: code !== language.code }));
}

/** A page of the ROME jobs in code order after `after`, each label from the chain, else the official French one. */
export function deliveredJobs(resident: Resident, language: Language, after: string | null, limit: number) {
  // Jobs are resident and sorted by code: a binary search finds the page's start.
  let low = 0;
  let high = resident.jobs.length;
  while (after !== null && low < high) {
    const middle = (low + high) >>> 1;
    if (resident.jobs[middle]!.code <= after) low = middle + 1;
    else high = middle;
  }
  const page = resident.jobs.slice(low, low + limit);
  const more = low + limit < resident.jobs.length;
  return {
    items: page.map((job) => {
      const { label, labelLang } = jobLabelIn(resident, job, language);
      return {
        code: job.code,
        domain: job.domain,
        ogr: job.ogr,
        label,
        language: labelLang,
        fallback: labelLang !== language.code,
      };
    }),
    next: more ? (page.at(-1)?.code ?? null) : null,
  };
}
