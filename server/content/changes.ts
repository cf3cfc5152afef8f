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
}

export type ContentChange = { kind: "everything" } | { kind: "articles"; articles: ArticleChange[] };

export const EVERYTHING: ContentChange = { kind: "everything" };

const contentChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("everything") }),
  z.object({
    kind: z.literal("articles"),
    articles: z.array(z.object({ id: z.number().int().positive(), languages: z.array(z.string()), tags: z.array(z.string()) })),
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

/** One article's languages and tags before and after a write. */
export function articleChange(id: number, ...states: ({ languages: Iterable<string>; tags: Iterable<string> } | null | undefined)[]): ArticleChange {
  const languages = new Set<string>();
  const tags = new Set<string>();
  for (const state of states) {
    for (const language of state?.languages ?? []) languages.add(language);
    for (const tag of state?.tags ?? []) tags.add(tag);
  }
  return { id, languages: [...languages], tags: [...tags] };
}

/** Names of what a cached response shows, so a change invalidates exactly the responses that show it. */
export const showsArticle = (id: number) => `article:${id}`;
/** A language's article list and home page (their order, their cards). */
export const showsList = (code: string) => `list:${code}`;
/** Articles carrying a tag (a job page's related articles). */
export const showsTag = (tag: string) => `tag:${tag}`;

/** Responses listing every published article's source (the pages of /init/file/blogs). */
export const SHOWS_ARTICLE_SOURCES = "article-sources";

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
