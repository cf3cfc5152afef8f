/**
 * Public page view models, computed from the resident content and articles
 * read on demand. Route modules call these and render the result; everything
 * here is plain data that serialises to the browser. Each view names what it
 * shows (`dependsOn`), so the page cache can drop exactly the pages an edit changes.
 */
import type { CurrentPage } from "#core/language-switch.ts";
import { pageWindow } from "#core/pagination.ts";
import { pageNameFor, resolvePage } from "#core/pages.ts";
import { homePath, itemPath, normalizeName, sectionPath } from "#core/paths.ts";
import { matchesAllWords } from "#core/text.ts";
import { slugify } from "#core/text.ts";
import type { SectionKey } from "#core/types.ts";
import { ROME_SOURCE_LANGUAGE } from "#core/rome.ts";
import { altTextFor, mediaIdOf, type MediaRendition } from "#core/media-rules.ts";
import type { ArticleReader, ListedVersion, PublishedArticle } from "./articles.ts";
import { showsArticle, showsList, showsTag } from "./changes.ts";
import type { Job, Language, Resident } from "./resident.ts";

export const ARTICLES_PER_PAGE = 6;
export const HOME_LATEST_COUNT = 3;
/** A job page's related articles, per page. */
export const RELATED_PER_PAGE = 12;

/** What a page view reads: the resident content, articles on demand, and where to note what it shows. */
export interface PageReads {
  resident: Resident;
  articles: ArticleReader;
  dependsOn(tag: string): void;
}

export interface Alternate {
  hrefLang: string;
  path: string;
}

export interface Seo {
  canonicalPath: string;
  alternates: Alternate[];
}

export interface ArticleCard {
  id: number;
  title: string;
  summary: string;
  path: string;
  /** An address any <img> can show (a library cover's fallback variant). */
  cover: string | null;
  /** A library cover, drawn with <picture>. */
  coverImage: MediaRendition | null;
  coverAlt: string;
  author: string;
  publishedAt: string;
  readingMinutes: number;
}

export interface JobCard {
  code: string;
  label: string;
  /** The language the label is in: the page's, or French when no translation exists. */
  labelLang: string;
  path: string;
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

function sectionAlternates(resident: Resident, section: SectionKey): Alternate[] {
  return enabledLanguages(resident).flatMap((language) => {
    const path = sectionPathIn(resident, language, section);
    return path === null ? [] : [{ hrefLang: language.code, path }];
  });
}

function sectionSeo(resident: Resident, language: Language, section: SectionKey, search = ""): Seo {
  return { canonicalPath: `${sectionPathIn(resident, language, section) ?? homePath(language)}${search}`, alternates: sectionAlternates(resident, section) };
}

function articlePathIn(resident: Resident, language: Language, id: number, slug: string | undefined): string | null {
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

function articleCard(resident: Resident, language: Language, listed: ListedVersion): ArticleCard | null {
  const path = articlePathIn(resident, language, listed.articleId, listed.slug);
  if (path === null) return null;
  return {
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

/** Published articles in a language from position `offset`, newest first by that version's publication date. */
async function articlesIn(reads: PageReads, language: Language, offset: number, limit: number): Promise<ArticleCard[]> {
  reads.dependsOn(showsList(language.code));
  const listed = await reads.articles.listPage(language.code, offset, limit);
  return listed.flatMap((entry) => articleCard(reads.resident, language, entry) ?? []);
}

export function jobLabelIn(job: Job, language: Language): { label: string; labelLang: string } {
  const translated = job.labels.get(language.code);
  if (translated) return { label: translated, labelLang: language.code };
  return { label: job.label, labelLang: ROME_SOURCE_LANGUAGE };
}

function jobPathIn(resident: Resident, language: Language, job: Job): string | null {
  const name = pageNameFor("JOBS", language, sectionNamesOf(resident, language));
  return name === null ? null : itemPath(language.shortCode, name, job.code, slugify(jobLabelIn(job, language).label));
}

function jobCard(resident: Resident, language: Language, job: Job): JobCard {
  return { code: job.code, ...jobLabelIn(job, language), path: jobPathIn(resident, language, job) ?? homePath(language) };
}

export async function homeView(reads: PageReads, language: Language) {
  const { resident } = reads;
  return {
    kind: "home" as const,
    page: { kind: "section", section: "HOME" } satisfies CurrentPage,
    seo: sectionSeo(resident, language, "HOME"),
    latest: await articlesIn(reads, language, 0, HOME_LATEST_COUNT),
    articlesPath: sectionPathIn(resident, language, "ARTICLES"),
    jobsPath: sectionPathIn(resident, language, "JOBS"),
    jobCount: resident.jobs.length,
    domainCount: resident.domains.length,
  };
}

export async function articleListView(reads: PageReads, language: Language, page: number) {
  const { resident } = reads;
  reads.dependsOn(showsList(language.code));
  const window = pageWindow(await reads.articles.countIn(language.code), ARTICLES_PER_PAGE, page);
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
export function jobsDirectoryView(resident: Resident, language: Language, query: string, domain: string | null) {
  const chosen = domain === null ? null : resident.domains.find((candidate) => candidate.letter === domain.toUpperCase());
  if (chosen === undefined) return null;
  const matching = resident.jobs.filter((job) => matchesAllWords(job.searchText, query));
  const entry = (job: Job) => {
    const { label, labelLang } = jobLabelIn(job, language);
    return labelLang === language.code ? { code: job.code, label } : { code: job.code, label, labelLang };
  };
  const shown = resident.domains.filter((candidate) => (chosen ? candidate === chosen : query !== ""));
  const groups = shown
    .map((candidate) => ({ letter: candidate.letter, jobs: matching.filter((job) => job.domain === candidate.letter).map(entry) }))
    .filter((group) => group.jobs.length > 0);
  const index = resident.domains.map((candidate) => ({ letter: candidate.letter, count: resident.jobs.filter((job) => job.domain === candidate.letter).length }));
  const search = query ? `?q=${encodeURIComponent(query)}` : chosen ? `?domain=${chosen.letter}` : "";
  return {
    kind: "jobs" as const,
    page: { kind: "section", section: "JOBS" } satisfies CurrentPage,
    seo: { ...sectionSeo(resident, language, "JOBS"), canonicalPath: `${sectionPathIn(resident, language, "JOBS") ?? ""}${search}` },
    query,
    domain: chosen?.letter ?? null,
    total: groups.reduce((sum, group) => sum + group.jobs.length, 0),
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

export async function articleView(reads: PageReads, language: Language, rawId: string) {
  const { resident } = reads;
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : Number.NaN;
  if (Number.isNaN(id)) return null;
  reads.dependsOn(showsArticle(id));
  const article = await reads.articles.published(id);
  const version = article?.versions.get(language.code);
  const canonicalPath = article && version ? articlePathIn(resident, language, article.id, version.slug) : null;
  if (!article || !version || canonicalPath === null) return null;
  return {
    kind: "article" as const,
    page: {
      kind: "item",
      section: "ARTICLES",
      itemId: article.id,
      slugs: slugsByLanguage(resident, article, (other, item) => item.versions.get(other.code)?.slug ?? null),
    } satisfies CurrentPage,
    seo: { canonicalPath, alternates: articleAlternates(resident, article) },
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
      publishedAt: version.publishedAt,
      updatedAt: version.updatedAt,
      readingMinutes: version.readingMinutes,
      tags: article.tags,
    },
    otherLanguages: enabledLanguages(resident)
      .filter((other) => other.id !== language.id)
      .flatMap((other) => {
        const path = articlePathIn(resident, other, article.id, article.versions.get(other.code)?.slug);
        return path === null ? [] : [{ code: other.code, label: other.label, dir: other.dir, path }];
      }),
    relatedJobs: article.tags.flatMap((tag) => {
      const job = resident.jobsByCode.get(tag.toUpperCase());
      return job ? [jobCard(resident, language, job)] : [];
    }),
    articlesPath: sectionPathIn(resident, language, "ARTICLES"),
  };
}

/** A job page; `relatedPage` pages through the articles tagged with its code. */
export async function jobView(reads: PageReads, language: Language, rawCode: string, relatedPage = 1) {
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
      slugs: slugsByLanguage(resident, job, (other, item) => slugify(jobLabelIn(item, other).label)),
    } satisfies CurrentPage,
    seo: {
      canonicalPath: `${canonicalPath}${relatedPage > 1 ? `?page=${relatedPage}` : ""}`,
      alternates: itemAlternates(resident, job, (other, item) => jobPathIn(resident, other, item)),
    },
    slug: slugify(jobLabelIn(job, language).label),
    job: { code: job.code, ogr: job.ogr, ...jobLabelIn(job, language), officialLabel: job.label, domain: job.domain, officialDomainLabel: domain?.label ?? "" },
    related: related.items.flatMap((entry) => articleCard(resident, language, entry) ?? []),
    relatedWindow: window,
    relatedBasePath: canonicalPath,
    jobsPath: sectionPathIn(resident, language, "JOBS"),
  };
}

export type HomeView = Awaited<ReturnType<typeof homeView>>;
export type ArticleListView = NonNullable<Awaited<ReturnType<typeof articleListView>>>;
export type JobsDirectoryView = NonNullable<ReturnType<typeof jobsDirectoryView>>;
export type ArticleView = NonNullable<Awaited<ReturnType<typeof articleView>>>;
export type JobView = NonNullable<Awaited<ReturnType<typeof jobView>>>;
