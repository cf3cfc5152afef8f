/**
 * The pages that list a language's published articles, newest first: the home page's latest and
 * the paged articles list, borrowing from fallback languages when the language has the option on
 * (decision 0085).
 */
import type { CurrentPage } from "#core/language-switch.ts";
import { pageWindow } from "#core/pagination.ts";
import { homePath } from "#core/paths.ts";
import type { ArticleCard, ArticleListView, HomeView } from "#core/views.ts";
import { showsList } from "./changes.ts";
import { articleCard } from "./cards.ts";
import type { PageReads } from "./page-reads.ts";
import { listChainCodes, sectionPathIn, sectionSeo } from "./public-sections.ts";
import type { Language } from "./resident.ts";

export const ARTICLES_PER_PAGE = 6;
export const HOME_LATEST_COUNT = 3;

/** The languages a language's list shows articles in: its own, then the fallbacks it borrows from; noted as what the page shows. */
function listCodes(reads: PageReads, language: Language): string[] {
  const codes = listChainCodes(reads.resident, language);
  for (const code of codes) reads.dependsOn(showsList(code));
  return codes;
}

/** Number of entries in a language's list (fallback articles included when it has the option on). */
async function listLength(reads: PageReads, language: Language): Promise<number> {
  const codes = listCodes(reads, language);
  return codes.length === 1 ? reads.articles.countIn(language.code) : reads.articles.countWithFallbacks(codes);
}

/** Published articles in a language from position `offset`, newest first by that version's publication date. */
async function articlesIn(reads: PageReads, language: Language, offset: number, limit: number): Promise<ArticleCard[]> {
  const codes = listCodes(reads, language);
  const listed =
    codes.length === 1
      ? await reads.articles.listPage(language.code, offset, limit)
      : await reads.articles.listPageWithFallbacks(codes, offset, limit);
  return listed.flatMap((entry) => articleCard(reads.resident, language, entry) ?? []);
}

export async function homeView(reads: PageReads, language: Language): Promise<HomeView> {
  const { resident } = reads;
  return {
    kind: "home" as const,
    page: { kind: "section", section: "HOME" } satisfies CurrentPage,
    seo: sectionSeo(resident, language, "HOME"),
    latest: await articlesIn(reads, language, 0, HOME_LATEST_COUNT),
    articlesPath: sectionPathIn(resident, language, "ARTICLES"),
    jobsPath: sectionPathIn(resident, language, "JOBS"),
    searchPath: sectionPathIn(resident, language, "SEARCH"),
    jobCount: resident.jobs.length,
    domainCount: resident.domains.length,
  };
}

export async function articleListView(
  reads: PageReads,
  language: Language,
  page: number,
): Promise<ArticleListView | null> {
  const { resident } = reads;
  const window = pageWindow(await listLength(reads, language), ARTICLES_PER_PAGE, page);
  if (page > window.pageCount) return null;
  const basePath = sectionPathIn(resident, language, "ARTICLES") ?? homePath(language);
  return {
    kind: "articles" as const,
    page: { kind: "section", section: "ARTICLES" } satisfies CurrentPage,
    seo: sectionSeo(resident, language, "ARTICLES", page > 1 ? `?page=${page}` : ""),
    items: await articlesIn(reads, language, window.offset, ARTICLES_PER_PAGE),
    window,
    basePath,
  };
}
