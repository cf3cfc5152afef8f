/**
 * The search page: a language's articles matching a query, ranked and paged with marked
 * snippets (server/db/full-text.ts, server/search), and the matching ROME jobs.
 */
import type { CurrentPage } from "#core/language-switch.ts";
import { pageWindow } from "#core/pagination.ts";
import { matchesAllWords, SEARCH_QUERY_MAX_LENGTH } from "#core/text.ts";
import type { SearchResult, SearchView } from "#core/views.ts";
import { COUNT_CAP } from "#server/db/full-text.ts";
import { markTerms, snippetOf } from "#server/search/highlight.ts";
import { searchText } from "#server/search/published-index.ts";
import { queryTerms } from "#server/search/terms.ts";
import { SHOWS_JOB_LABELS, showsList, showsSearch } from "./changes.ts";
import { jobCard } from "./cards.ts";
import type { PageReads } from "./page-reads.ts";
import { articlePathIn, sectionPathIn, sectionSeo } from "./public-sections.ts";
import type { Language } from "./resident.ts";

/** Search results per page; pages go as far as the capped count (COUNT_CAP). */
export const SEARCH_PER_PAGE = 10;
/** Characters of a search used; the rest of a longer one is dropped, and the page says so. */
export const SEARCH_MAX_CHARACTERS = 200;
/** Matching jobs listed on the search page; the rest are one link away in the jobs directory. */
export const SEARCH_JOBS_SHOWN = 5;

/**
 * The search page: articles of the language matching `rawQuery` (ranked, paged, with marked
 * snippets) and matching ROME jobs. Any text is a valid query: it is cut to SEARCH_MAX_CHARACTERS,
 * repaired (lone surrogates) and reduced to words, so operators or quotes mean nothing. Null when
 * the page is past the last one or the language has no search page.
 */
export async function searchView(
  reads: PageReads,
  language: Language,
  rawQuery: string,
  page: number,
): Promise<SearchView | null> {
  const { resident } = reads;
  const basePath = sectionPathIn(resident, language, "SEARCH");
  if (basePath === null) return null;
  // An edit changes what search finds as it changes the list; the search catch-up changes only search pages.
  reads.dependsOn(showsList(language.code));
  reads.dependsOn(showsSearch(language.code));
  const whole = rawQuery.toWellFormed().replace(/\s+/gu, " ").trim();
  const characters = Array.from(whole);
  const query = characters.slice(0, SEARCH_MAX_CHARACTERS).join("").trim();
  const found =
    query === ""
      ? { hits: [], total: 0, whole: 0 }
      : await reads.articles.search(language.code, query, SEARCH_PER_PAGE, (page - 1) * SEARCH_PER_PAGE);
  const window = pageWindow(Math.min(found.total, COUNT_CAP), SEARCH_PER_PAGE, page);
  if (page > window.pageCount) return null;
  const terms = new Set(queryTerms(query, language.code));
  // Snippets from the shown hits' bodies, read as the index read them: the entries keep no copy (decision 0230).
  const shown = await Promise.all(
    found.hits.map(async (hit): Promise<SearchResult | null> => {
      const path = articlePathIn(resident, language, hit.articleId, hit.slug);
      if (path === null) return null;
      // A body that cannot be read in time (it could not have been saved so) gets the summary's snippet.
      const text = await searchText(hit.body).catch(() => "");
      const snippet = snippetOf(text, terms, language.code) ??
        snippetOf(hit.summary, terms, language.code) ?? [{ text: hit.summary }];
      return { id: hit.articleId, path, title: markTerms(hit.title, terms, language.code), snippet };
    }),
  );
  const results = shown.filter((result) => result !== null);
  const jobs = query === "" ? [] : resident.jobs.filter((job) => matchesAllWords(job.searchText, query));
  // Which jobs match reads every language's labels (decision 0222).
  if (query !== "") reads.dependsOn(SHOWS_JOB_LABELS);
  const jobsPath = sectionPathIn(resident, language, "JOBS");
  const search = query === "" ? "" : `?q=${encodeURIComponent(query)}`;
  return {
    kind: "search" as const,
    page: { kind: "section", section: "SEARCH" } satisfies CurrentPage,
    seo: sectionSeo(resident, language, "SEARCH", `${search}${page > 1 ? `${search ? "&" : "?"}page=${page}` : ""}`),
    query,
    trimmed: characters.length > SEARCH_MAX_CHARACTERS ? SEARCH_MAX_CHARACTERS : null,
    results,
    total: found.total,
    moreThan: found.total > COUNT_CAP ? COUNT_CAP : null,
    wholeQuery:
      found.whole >= found.total ? ("all" as const) : found.whole === 0 ? ("none" as const) : ("some" as const),
    window,
    basePath: `${basePath}${search}`,
    jobs: jobs.slice(0, SEARCH_JOBS_SHOWN).map((job) => jobCard(resident, language, job)),
    jobCount: jobs.length,
    allJobsPath:
      jobsPath !== null && jobs.length > SEARCH_JOBS_SHOWN && query.length <= SEARCH_QUERY_MAX_LENGTH
        ? `${jobsPath}${search}`
        : null,
  };
}
