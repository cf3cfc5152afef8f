/**
 * Public page view models, computed from the resident content and articles
 * read on demand. Route modules call these and render the result; everything
 * here is plain data that serialises to the browser. Each view names what it
 * shows (`dependsOn`), so the page cache can drop exactly the pages an edit changes.
 */
import type { CurrentPage } from "#core/language-switch.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { pageWindow } from "#core/pagination.ts";
import { pageNameFor, resolvePage } from "#core/pages.ts";
import { decodeSegment, homePath, itemPath, normalizeName, sectionPath } from "#core/paths.ts";
import { matchesAllWords, SEARCH_QUERY_MAX_LENGTH, slugify } from "#core/text.ts";
import type { SectionKey } from "#core/types.ts";
import { ROME_SOURCE_LANGUAGE } from "#core/rome.ts";
import { firstAvailable } from "#core/fallback.ts";
import { altTextFor, mediaIdOf, type MediaRendition } from "#core/media-rules.ts";
import { socialImagePath } from "#core/open-graph.ts";
import type { ArticleReader } from "./articles.ts";
import type { ListKey, ListedVersion } from "./listed-versions.ts";
import type { PublishedArticle, PublishedVersion } from "./rendered-articles.ts";
import { COUNT_CAP } from "#server/db/full-text.ts";
import { markTerms, snippetOf } from "#server/search/highlight.ts";
import { queryTerms } from "#server/search/terms.ts";
import { tagKey } from "#server/search/published-index.ts";
import { withDefaultAlternate, type Alternate, type ArticleCard, type ArticleElsewhere, type ArticleListView, type ArticleTranslation, type ArticleView, type HomeView, type JobCard, type JobsDirectoryView, type JobView, type SearchResult, type SearchView, type Seo, type TagsIndexView, type TagView } from "#core/views.ts";
import { showsArticle, showsList, showsSearch, showsTag } from "./changes.ts";
import type { Job, Language, Resident } from "./resident.ts";

export const ARTICLES_PER_PAGE = 6;
export const HOME_LATEST_COUNT = 3;
/** A job page's related articles, per page. */
export const RELATED_PER_PAGE = 12;
/** Search results per page; pages go as far as the capped count (COUNT_CAP). */
export const SEARCH_PER_PAGE = 10;
/** Characters of a search used; the rest of a longer one is dropped, and the page says so. */
export const SEARCH_MAX_CHARACTERS = 200;
/** Matching jobs listed on the search page; the rest are one link away in the jobs directory. */
export const SEARCH_JOBS_SHOWN = 5;
/** Articles per tag page. */
export const TAG_PAGE_SIZE = 12;

/** What a page view reads: the resident content, articles on demand, and where to note what it shows. */
export interface PageReads {
  resident: Resident;
  articles: ArticleReader;
  dependsOn(tag: string): void;
}

export function enabledLanguages(resident: Resident): Language[] {
  return resident.languages.filter((language) => language.enabled);
}

export function findEnabledLanguage(resident: Resident, rawShortCode: string | undefined): Language | null {
  if (rawShortCode === undefined) return null;
  const shortCode = normalizeName(rawShortCode);
  return enabledLanguages(resident).find((language) => language.shortCode.toLowerCase() === shortCode) ?? null;
}

export function favoriteLanguage(resident: Resident): Language | null {
  return enabledLanguages(resident).find((language) => language.favorite) ?? enabledLanguages(resident)[0] ?? null;
}

function sectionNamesOf(resident: Resident, language: Language) {
  return resident.sectionNames.get(language.code) ?? [];
}

export function resolveSection(resident: Resident, language: Language, rawPage: string): SectionKey | null {
  return resolvePage(rawPage, language, sectionNamesOf(resident, language));
}

/** The path of a section in a language, or null when that language does not name the section. */
export function sectionPathIn(resident: Resident, language: Language, section: SectionKey): string | null {
  if (section === "HOME") return homePath(language);
  const name = pageNameFor(section, language, sectionNamesOf(resident, language));
  return name === null ? null : sectionPath(language.shortCode, name);
}

/** What a page's head names: its alternates and x-default. */
function seoAlternates(resident: Resident, alternates: Alternate[]): Alternate[] {
  return withDefaultAlternate(alternates, favoriteLanguage(resident)?.code ?? null);
}

function sectionAlternates(resident: Resident, section: SectionKey): Alternate[] {
  return enabledLanguages(resident).flatMap((language) => {
    const path = sectionPathIn(resident, language, section);
    return path === null ? [] : [{ hrefLang: language.code, path }];
  });
}

function sectionSeo(resident: Resident, language: Language, section: SectionKey, search = ""): Seo {
  return { canonicalPath: `${sectionPathIn(resident, language, section) ?? homePath(language)}${search}`, alternates: seoAlternates(resident, sectionAlternates(resident, section)) };
}

export function articlePathIn(resident: Resident, language: Language, id: number, slug: string | undefined): string | null {
  const name = pageNameFor("ARTICLES", language, sectionNamesOf(resident, language));
  if (slug === undefined || name === null) return null;
  return itemPath(language.shortCode, name, id, slug);
}

/** An article's cover as stored and, when it is a library image, drawn. */
interface Cover {
  cover: string | null;
  coverImage: MediaRendition | null;
}

/** A cover's address for <img> and link previews: a library image's fallback variant, else the stored address. */
function coverAddress(article: Cover): string | null {
  if (article.coverImage) return article.coverImage.fallback.url;
  return mediaIdOf(article.cover) === null ? article.cover : null;
}

/** The version's own cover description, else a library cover's alt text in that language. */
function coverAltIn(article: Cover, language: Language, typed: string): string {
  return article.coverImage ? altTextFor(article.coverImage, language.code, typed) : typed;
}

/** A list entry as a card on a page in `language`; an entry in another (fallback) language links to that language's page and says so. */
function articleCard(resident: Resident, language: Language, listed: ListedVersion): ArticleCard | null {
  const own = listed.code === language.code;
  const shownIn = own ? language : resident.languages.find((candidate) => candidate.code === listed.code && candidate.enabled);
  if (!shownIn) return null;
  const path = articlePathIn(resident, shownIn, listed.articleId, listed.slug);
  if (path === null) return null;
  return {
    ...(own ? {} : { language: { code: shownIn.code, label: shownIn.label, dir: shownIn.dir } }),
    id: listed.articleId,
    title: listed.title,
    summary: listed.summary,
    path,
    cover: coverAddress(listed),
    coverImage: listed.coverImage,
    coverAlt: coverAltIn(listed, language, listed.coverAlt),
    author: listed.author,
    publishedAt: listed.publishedAt,
    readingMinutes: listed.readingMinutes,
  };
}

/** The fallback languages a language's lists borrow from: none unless it has the option on (decision 0085). */
function listFallbacks(resident: Resident, language: Language): Language[] {
  return language.listFallbackArticles ? (resident.fallbackOrders.get(language.id) ?? []) : [];
}

/** The languages a language's list shows articles in: its own, then the fallbacks it borrows from; noted as what the page shows. */
function listCodes(reads: PageReads, language: Language): string[] {
  const codes = [language.code, ...listFallbacks(reads.resident, language).map((fallback) => fallback.code)];
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
  const listed = codes.length === 1 ? await reads.articles.listPage(language.code, offset, limit) : await reads.articles.listPageWithFallbacks(codes, offset, limit);
  return listed.flatMap((entry) => articleCard(reads.resident, language, entry) ?? []);
}

/** A job's label in a language: its own, else the first of its fallback chain's, else the official French one; with the language it is in. */
export function jobLabelIn(resident: Resident, job: Job, language: Language): { label: string; labelLang: string } {
  const codes = [language.code, ...(resident.fallbackOrders.get(language.id) ?? []).map((fallback) => fallback.code)];
  const found = firstAvailable(codes, (code) => job.labels.get(code) || undefined);
  if (found) return { label: found.value, labelLang: found.code };
  return { label: job.label, labelLang: ROME_SOURCE_LANGUAGE };
}

function jobPathIn(resident: Resident, language: Language, job: Job): string | null {
  const name = pageNameFor("JOBS", language, sectionNamesOf(resident, language));
  return name === null ? null : itemPath(language.shortCode, name, job.code, slugify(jobLabelIn(resident, job, language).label));
}

function jobCard(resident: Resident, language: Language, job: Job): JobCard {
  return { code: job.code, ...jobLabelIn(resident, job, language), path: jobPathIn(resident, language, job) ?? homePath(language) };
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

export async function articleListView(reads: PageReads, language: Language, page: number): Promise<ArticleListView | null> {
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

/**
 * The jobs directory: without a search, the index of the 14 domaines (each with its number of jobs)
 * and, when one is chosen (`?domain=A`), that domaine's jobs; a search lists every match, grouped
 * by domaine. So every job is two links from the directory and no page carries all 532.
 * Entries carry only code and label (and the label's language when it is the French fallback);
 * the page builds the links. Null for an unknown domaine.
 */
/**
 * The directory's counts arrive as text: formatting a number in the browser loads ICU's
 * number data (about 180 ms of a slow phone's main thread), and nothing else on this page
 * formats one, so the page hydrates without it (issue 8, Lighthouse).
 */
export function jobsDirectoryView(resident: Resident, language: Language, query: string, domain: string | null, t: Translate): JobsDirectoryView | null {
  const chosen = domain === null ? null : resident.domains.find((candidate) => candidate.letter === domain.toUpperCase());
  if (chosen === undefined) return null;
  const matching = resident.jobs.filter((job) => matchesAllWords(job.searchText, query));
  const entry = (job: Job) => {
    const { label, labelLang } = jobLabelIn(resident, job, language);
    return labelLang === language.code ? { code: job.code, label } : { code: job.code, label, labelLang };
  };
  const shown = resident.domains.filter((candidate) => (chosen ? candidate === chosen : query !== ""));
  const groups = shown
    .map((candidate) => ({ letter: candidate.letter, jobs: matching.filter((job) => job.domain === candidate.letter).map(entry) }))
    .filter((group) => group.jobs.length > 0);
  const countText = (count: number) => t("JOBS:RESULTS", { count });
  const index = resident.domains.map((candidate) => ({ letter: candidate.letter, countText: countText(resident.jobs.filter((job) => job.domain === candidate.letter).length) }));
  const total = groups.reduce((sum, group) => sum + group.jobs.length, 0);
  const search = query ? `?q=${encodeURIComponent(query)}` : chosen ? `?domain=${chosen.letter}` : "";
  return {
    kind: "jobs" as const,
    page: { kind: "section", section: "JOBS" } satisfies CurrentPage,
    seo: { ...sectionSeo(resident, language, "JOBS"), canonicalPath: `${sectionPathIn(resident, language, "JOBS") ?? ""}${search}` },
    query,
    domain: chosen?.letter ?? null,
    total,
    totalText: countText(total),
    index,
    groups,
    jobsPageName: pageNameFor("JOBS", language, sectionNamesOf(resident, language)) ?? "",
  };
}

function itemAlternates<T>(resident: Resident, item: T, pathIn: (language: Language, item: T) => string | null): Alternate[] {
  return enabledLanguages(resident).flatMap((language) => {
    const path = pathIn(language, item);
    return path === null ? [] : [{ hrefLang: language.code, path }];
  });
}

/** Slug of the item in every enabled language that has it, by language id (the language switcher's input). */
function slugsByLanguage<T>(resident: Resident, item: T, slugIn: (language: Language, item: T) => string | null): Record<number, string> {
  const slugs: Record<number, string> = {};
  for (const language of enabledLanguages(resident)) {
    const slug = slugIn(language, item);
    if (slug !== null) slugs[language.id] = slug;
  }
  return slugs;
}

/** An article's alternates in every enabled language that has it published. */
export function articleAlternates(resident: Resident, article: PublishedArticle): Alternate[] {
  return itemAlternates(resident, article, (other, item) => articlePathIn(resident, other, item.id, item.versions.get(other.code)?.slug));
}

/** An article's published versions in the enabled languages other than `language`, in picker order, with their titles. */
function translationsOf(resident: Resident, article: PublishedArticle, language: Language): ArticleTranslation[] {
  return enabledLanguages(resident)
    .filter((other) => other.id !== language.id)
    .flatMap((other) => {
      const version = article.versions.get(other.code);
      const path = articlePathIn(resident, other, article.id, version?.slug);
      return path === null || !version ? [] : [{ code: other.code, label: other.label, dir: other.dir, path, title: version.title }];
    });
}

/**
 * What an outdated translation tells its readers (issue 10 item 4): when the original changed and
 * where it is, in its own language. Only when the original is on the site: a hidden or unpublished
 * source leaves nothing to point to. The page depends on showsArticle(id), which every status change
 * (a source edit, a translation saved or marked up to date, a new source language) invalidates.
 */
function outdatedNotice(resident: Resident, article: PublishedArticle, version: PublishedVersion) {
  if (!version.outdated || article.source === null) return null;
  const original = enabledLanguages(resident).find((candidate) => candidate.code === article.source!.code);
  const path = original ? articlePathIn(resident, original, article.id, article.versions.get(original.code)?.slug) : null;
  if (!original || path === null) return null;
  return { changedAt: article.source.changedAt, original: { code: original.code, label: original.label, dir: original.dir, path } };
}

/**
 * One article in a language; `kind: "elsewhere"` when it is published only in other
 * languages (the route answers 404 listing them, decision 0085); null when there is no such article.
 */
export async function articleView(reads: PageReads, language: Language, rawId: string, preview = false): Promise<ArticleView | ArticleElsewhere | null> {
  const { resident } = reads;
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : Number.NaN;
  if (Number.isNaN(id)) return null;
  reads.dependsOn(showsArticle(id));
  // A draft preview shows this language's version whatever its status (server/content/preview.ts).
  const article = await reads.articles.published(id, { htmlIn: language.code, ...(preview ? { previewCode: language.code } : {}) });
  if (!article) return null;
  const page = {
    kind: "item",
    section: "ARTICLES",
    itemId: article.id,
    slugs: slugsByLanguage(resident, article, (other, item) => item.versions.get(other.code)?.slug ?? null),
  } satisfies CurrentPage;
  const version = article.versions.get(language.code);
  const canonicalPath = version ? articlePathIn(resident, language, article.id, version.slug) : null;
  if (!version || version.html === null || canonicalPath === null) {
    // Not in this language: the 404 page lists where it can be read (decision 0085); a preview has nothing to list.
    const availableIn = preview ? [] : translationsOf(resident, article, language);
    return availableIn.length === 0 ? null : { kind: "elsewhere" as const, page, availableIn };
  }
  return {
    kind: "article" as const,
    page,
    seo: { canonicalPath, alternates: seoAlternates(resident, articleAlternates(resident, article)) },
    slug: version.slug,
    article: {
      id: article.id,
      title: version.title,
      summary: version.summary,
      html: version.html,
      author: article.author,
      cover: coverAddress(article),
      coverImage: article.coverImage,
      coverAlt: coverAltIn(article, language, version.coverAlt),
      socialImage: socialImagePath(coverAddress(article)),
      publishedAt: version.publishedAt,
      updatedAt: version.updatedAt,
      readingMinutes: version.readingMinutes,
      tags: article.tags,
      sourceLanguage: article.source?.code ?? null,
    },
    outdatedNotice: outdatedNotice(resident, article, version),
    otherLanguages: translationsOf(resident, article, language),
    tagLinks: article.tags.flatMap((tag) => {
      const path = tagPathIn(resident, language, tag);
      return path === null ? [] : [{ tag, path }];
    }),
    relatedJobs: article.tags.flatMap((tag) => {
      const job = resident.jobsByCode.get(tag.toUpperCase());
      return job ? [jobCard(resident, language, job)] : [];
    }),
    articlesPath: sectionPathIn(resident, language, "ARTICLES"),
  };
}

/** A job page; `relatedPage` pages through the articles tagged with its code. */
export async function jobView(reads: PageReads, language: Language, rawCode: string, relatedPage = 1): Promise<JobView | null> {
  const { resident } = reads;
  const job = /^[a-n]\d{4}$/i.test(rawCode) ? resident.jobsByCode.get(rawCode.toUpperCase()) : undefined;
  const canonicalPath = job ? jobPathIn(resident, language, job) : null;
  if (!job || canonicalPath === null) return null;
  reads.dependsOn(showsTag(job.code));
  const related = await reads.articles.taggedPage(language.code, job.code, (relatedPage - 1) * RELATED_PER_PAGE, RELATED_PER_PAGE);
  const window = pageWindow(related.total, RELATED_PER_PAGE, relatedPage);
  if (relatedPage > window.pageCount) return null;
  const domain = resident.domains.find((candidate) => candidate.letter === job.domain);
  return {
    kind: "job" as const,
    page: {
      kind: "item",
      section: "JOBS",
      itemId: job.code,
      slugs: slugsByLanguage(resident, job, (other, item) => slugify(jobLabelIn(resident, item, other).label)),
    } satisfies CurrentPage,
    seo: {
      canonicalPath: `${canonicalPath}${relatedPage > 1 ? `?page=${relatedPage}` : ""}`,
      alternates: seoAlternates(resident, itemAlternates(resident, job, (other, item) => jobPathIn(resident, other, item))),
    },
    slug: slugify(jobLabelIn(resident, job, language).label),
    job: { code: job.code, ogr: job.ogr, ...jobLabelIn(resident, job, language), officialLabel: job.label, domain: job.domain, officialDomainLabel: domain?.label ?? "" },
    related: related.items.flatMap((entry) => articleCard(resident, language, entry) ?? []),
    relatedWindow: window,
    relatedBasePath: canonicalPath,
    jobsPath: sectionPathIn(resident, language, "JOBS"),
  };
}

function tagPathIn(resident: Resident, language: Language, tag: string): string | null {
  const name = pageNameFor("TAGS", language, sectionNamesOf(resident, language));
  return name === null ? null : itemPath(language.shortCode, name, tagKey(tag), "");
}

/**
 * The search page: articles of the language matching `rawQuery` (ranked, paged, with marked
 * snippets) and matching ROME jobs. Any text is a valid query: it is cut to SEARCH_MAX_CHARACTERS,
 * repaired (lone surrogates) and reduced to words, so operators or quotes mean nothing. Null when
 * the page is past the last one or the language has no search page.
 */
export async function searchView(reads: PageReads, language: Language, rawQuery: string, page: number): Promise<SearchView | null> {
  const { resident } = reads;
  const basePath = sectionPathIn(resident, language, "SEARCH");
  if (basePath === null) return null;
  // An edit changes what search finds as it changes the list; the search catch-up changes only search pages.
  reads.dependsOn(showsList(language.code));
  reads.dependsOn(showsSearch(language.code));
  const whole = rawQuery.toWellFormed().replace(/\s+/gu, " ").trim();
  const characters = Array.from(whole);
  const query = characters.slice(0, SEARCH_MAX_CHARACTERS).join("").trim();
  const found = query === "" ? { hits: [], total: 0, whole: 0 } : await reads.articles.search(language.code, query, SEARCH_PER_PAGE, (page - 1) * SEARCH_PER_PAGE);
  const window = pageWindow(Math.min(found.total, COUNT_CAP), SEARCH_PER_PAGE, page);
  if (page > window.pageCount) return null;
  const terms = new Set(queryTerms(query, language.code));
  const results: SearchResult[] = found.hits.flatMap((hit) => {
    const path = articlePathIn(resident, language, hit.articleId, hit.slug);
    if (path === null) return [];
    const snippet = snippetOf(hit.bodyText, terms, language.code) ?? snippetOf(hit.summary, terms, language.code) ?? [{ text: hit.summary }];
    return [{ id: hit.articleId, path, title: markTerms(hit.title, terms, language.code), snippet }];
  });
  const jobs = query === "" ? [] : resident.jobs.filter((job) => matchesAllWords(job.searchText, query));
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
    wholeQuery: found.whole >= found.total ? ("all" as const) : found.whole === 0 ? ("none" as const) : ("some" as const),
    window,
    basePath: `${basePath}${search}`,
    jobs: jobs.slice(0, SEARCH_JOBS_SHOWN).map((job) => jobCard(resident, language, job)),
    jobCount: jobs.length,
    allJobsPath: jobsPath !== null && jobs.length > SEARCH_JOBS_SHOWN && query.length <= SEARCH_QUERY_MAX_LENGTH ? `${jobsPath}${search}` : null,
  };
}

/**
 * A tag page's alternates: the same tag's page in each enabled language where a published version
 * carries it (elsewhere the page is a 404). An edit of an article tagged so, in any language, changes
 * them (tags belong to the article, so every language spells an article's tag the same).
 */
async function tagAlternates(reads: PageReads, key: string, tag: string): Promise<Alternate[]> {
  const { resident } = reads;
  reads.dependsOn(showsTag(tag));
  const codes = new Set(await reads.articles.tagLanguages(key));
  return enabledLanguages(resident).flatMap((other) => {
    const path = codes.has(other.code) ? tagPathIn(resident, other, key) : null;
    return path === null ? [] : [{ hrefLang: other.code, path }];
  });
}

/**
 * `/{lang}/{tags}`: every tag of the language's published articles with its number of articles,
 * in the language's alphabetical order. Null when the language has no tag pages.
 */
export async function tagsIndexView(reads: PageReads, language: Language): Promise<TagsIndexView | null> {
  const { resident } = reads;
  if (sectionPathIn(resident, language, "TAGS") === null) return null;
  reads.dependsOn(showsList(language.code));
  const collator = new Intl.Collator(language.code, { sensitivity: "base", numeric: true });
  const tags = (await reads.articles.tagsIn(language.code))
    .sort((a, b) => collator.compare(a.tag, b.tag) || a.key.localeCompare(b.key))
    .flatMap(({ key, tag, count }) => {
      const path = tagPathIn(resident, language, key);
      return path === null ? [] : [{ tag, count, path }];
    });
  return {
    kind: "tags" as const,
    page: { kind: "section", section: "TAGS" } satisfies CurrentPage,
    seo: sectionSeo(resident, language, "TAGS"),
    tags,
  };
}

/** A tag page's `?after=` cursor: the last shown article's publication date and id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_(\d{1,9})$/;

export function parseTagCursor(value: string | null): { ok: true; after: ListKey | null } | { ok: false } {
  if (value === null || value === "") return { ok: true, after: null };
  const match = CURSOR.exec(value);
  return match ? { ok: true, after: { publishedAt: match[1]!, id: Number(match[2]) } } : { ok: false };
}

/** A tag's page in a language: its published articles, newest first, keyset-paged. Null when none carries it (or the URL cannot name a tag). */
export async function tagView(reads: PageReads, language: Language, rawTag: string, after: ListKey | null): Promise<TagView | null> {
  const { resident } = reads;
  const decoded = decodeSegment(rawTag);
  if (decoded === null || decoded === "") return null;
  const key = tagKey(decoded);
  const canonical = tagPathIn(resident, language, key);
  if (canonical === null) return null;
  // Any article edit in the language may change this page (a card, a tag spelled another way).
  reads.dependsOn(showsList(language.code));
  const found = await reads.articles.taggedAfter(language.code, key, after, TAG_PAGE_SIZE);
  if (found.tag === null) return null;
  const cursor = (at: ListKey) => `?after=${encodeURIComponent(`${at.publishedAt}_${at.id}`)}`;
  return {
    kind: "tag" as const,
    page: {
      kind: "item",
      section: "TAGS",
      itemId: key,
      // The same tag page in every language (empty slug: tag pages have none).
      slugs: Object.fromEntries(enabledLanguages(resident).map((other) => [other.id, ""])),
    } satisfies CurrentPage,
    seo: { canonicalPath: `${canonical}${after ? cursor(after) : ""}`, alternates: after ? [] : seoAlternates(resident, await tagAlternates(reads, key, found.tag)) },
    slug: undefined,
    tag: found.tag,
    allTagsPath: sectionPathIn(resident, language, "TAGS")!,
    items: found.items.flatMap((entry) => articleCard(resident, language, entry) ?? []),
    newestPath: after ? canonical : null,
    olderPath: found.next ? `${canonical}${cursor(found.next)}` : null,
  };
}

