/**
 * What a content write changed, as every cache needs to know it: "everything"
 * (languages, UI strings, section names, the ROME reference: the resident data
 * every page shows) or a list of articles with the languages and tags they had
 * before or after the write (the lists, home pages, job pages and sitemap
 * chunks that show them). The same value travels in the change log and in
 * PostgreSQL NOTIFY payloads, so every instance invalidates the same set.
 */
import { z } from "zod";

export interface ArticleChange {
  id: number;
  /** Language codes of versions before or after the write. */
  languages: string[];
  /** Tags before or after the write. */
  tags: string[];
  /** Languages whose published list gained, lost or moved the article (its list index is rebuilt); a retitle moves nothing. */
  reordered: string[];
}

/** "search": the search catch-up indexed versions of these languages (server/content/search-catch-up.ts): only search pages changed. */
/** "tag-names": tags' names in languages changed (decision 0221): only the pages showing those names. */
export type ContentChange =
  | { kind: "everything" }
  | { kind: "articles"; articles: ArticleChange[] }
  | { kind: "search"; languages: string[] }
  | { kind: "tag-names"; names: { tag: string; code: string }[] }
  /** ROME jobs' labels changed (decision 0222): the resident reference reloads; only the pages showing those jobs' labels. */
  | { kind: "jobs"; codes: string[] };

export const EVERYTHING: ContentChange = { kind: "everything" };

const contentChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("everything") }),
  z.object({
    kind: z.literal("articles"),
    articles: z.array(
      z
        .object({
          id: z.number().int().positive(),
          languages: z.array(z.string()),
          tags: z.array(z.string()),
          reordered: z.array(z.string()).optional(),
        })
        .transform((article) => ({ ...article, reordered: article.reordered ?? article.languages })),
    ),
  }),
  z.object({ kind: z.literal("search"), languages: z.array(z.string()) }),
  z.object({ kind: z.literal("jobs"), codes: z.array(z.string()) }),
  z.object({
    kind: z.literal("tag-names"),
    names: z.array(z.object({ tag: z.string(), code: z.string() })),
  }),
]);

/** Reads a change from the log; anything unreadable (a newer format) counts as everything, which is always safe. */
export function parseContentChange(json: string): ContentChange {
  try {
    const parsed = contentChangeSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : EVERYTHING;
  } catch {
    return EVERYTHING;
  }
}

/** What pages show of an article: its versions' languages, its tags, and its list positions ("fr-FR@<published_at>" per published version, when known). */
export interface ArticleState {
  languages: Iterable<string>;
  tags: Iterable<string>;
  listed?: string[];
}

/** One article's change from its state before a write to its state after. Without list positions on both sides, every language counts as reordered. */
export function articleChange(id: number, before: ArticleState | null | undefined, after: ArticleState): ArticleChange {
  const languages = new Set([...(before?.languages ?? []), ...after.languages]);
  const tags = new Set([...(before?.tags ?? []), ...after.tags]);
  let reordered = [...languages];
  if (before?.listed && after.listed) {
    const was = new Set(before.listed);
    const is = new Set(after.listed);
    const moved = [...was]
      .filter((position) => !is.has(position))
      .concat([...is].filter((position) => !was.has(position)));
    reordered = [...new Set(moved.map((position) => position.slice(0, position.indexOf("@"))))];
  }
  return { id, languages: [...languages], tags: [...tags], reordered };
}

/** Names of what a cached response shows, so a change invalidates exactly the responses that show it. */
export const showsArticle = (id: number) => `article:${id}`;
/** A language's article list and home page (their order, their cards). */
export const showsList = (code: string) => `list:${code}`;
/** A language's search pages (what the search index finds). */
export const showsSearch = (code: string) => `search:${code}`;
/** Articles carrying a tag (a job page's related articles). */
export const showsTag = (tag: string) => `tag:${tag}`;

/** Pages showing a tag's name in a language (by the tag's key): its page there, the pages of articles carrying it. */
export const showsTagName = (code: string, key: string) => `tag-name:${code}:${key}`;
/** Pages showing every tag's name in a language: its tags index. */
export const showsTagNames = (code: string) => `tag-names:${code}`;
/** Pages naming a tag's address in every language (by its key): its pages' alternates and language links. */
export const showsTagAddresses = (key: string) => `tag-addresses:${key}`;

/** Pages showing a ROME job's label (any language): its pages, the articles relating it. */
export const showsJob = (code: string) => `job:${code}`;
/** Pages listing a domaine's jobs with their labels: the jobs directory filtered by it. */
export const showsJobDomain = (letter: string) => `job-domain:${letter}`;
/** Responses reading every job's labels: job searches (any language's label matches), sitemaps' job pages, the content API's jobs. */
export const SHOWS_JOB_LABELS = "job-labels";

/** Responses listing every published article's source (the pages of /init/file/blogs). */
export const SHOWS_ARTICLE_SOURCES = "article-sources";

/** What every page shows (languages, UI strings, section names, the ROME reference): stale after a change of everything. */
export const SHOWS_EVERYTHING = "site";

/** What a change makes stale: null for everything (every kept response), else what the changed pages show. */
export function staleShows(change: ContentChange): Set<string> | null {
  if (change.kind === "everything") return null;
  if (change.kind === "jobs")
    return new Set([
      SHOWS_JOB_LABELS,
      ...change.codes.flatMap((code) => [showsJob(code), showsJobDomain(code.slice(0, 1))]),
    ]);
  if (change.kind === "tag-names")
    return new Set(
      change.names.flatMap(({ tag, code }) => [showsTagName(code, tag), showsTagNames(code), showsTagAddresses(tag)]),
    );
  return change.kind === "articles" ? staleAfter(change.articles) : new Set(change.languages.map(showsSearch));
}

/**
 * What a response shows, as a cache key a shared cache and its purges name (Surrogate-Key, server/http/cdn.ts):
 * what is not a letter, digit or one of `:._~-` is percent-encoded (tags can be in any script).
 */
export function cacheKey(shows: string): string {
  return shows.replace(/[^A-Za-z0-9:._~-]/gu, (character) => encodeURIComponent(character));
}

/** The cache keys a change makes stale: SHOWS_EVERYTHING for a change of everything. */
export function staleCacheKeys(change: ContentChange): string[] {
  const stale = staleShows(change);
  return stale === null ? [SHOWS_EVERYTHING] : [...stale].map(cacheKey);
}

/** What a change to these articles makes stale. */
export function staleAfter(articles: ArticleChange[]): Set<string> {
  const stale = new Set<string>([SHOWS_ARTICLE_SOURCES]);
  for (const article of articles) {
    stale.add(showsArticle(article.id));
    for (const code of article.languages) stale.add(showsList(code));
    for (const tag of article.tags) stale.add(showsTag(tag));
  }
  return stale;
}
