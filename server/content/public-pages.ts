/**
 * Public page view models, computed from the content snapshot. Route modules
 * call these and render the result; everything here is plain data that
 * serialises to the browser.
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
import type { Article, Job, Language, Snapshot } from "./snapshot.ts";

export const ARTICLES_PER_PAGE = 6;
export const HOME_LATEST_COUNT = 3;

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

export function enabledLanguages(snapshot: Snapshot): Language[] {
  return snapshot.languages.filter((language) => language.enabled);
}

export function findEnabledLanguage(snapshot: Snapshot, rawShortCode: string | undefined): Language | null {
  if (rawShortCode === undefined) return null;
  const shortCode = normalizeName(rawShortCode);
  return enabledLanguages(snapshot).find((language) => language.shortCode.toLowerCase() === shortCode) ?? null;
}

export function favoriteLanguage(snapshot: Snapshot): Language | null {
  return enabledLanguages(snapshot).find((language) => language.favorite) ?? enabledLanguages(snapshot)[0] ?? null;
}

function sectionNamesOf(snapshot: Snapshot, language: Language) {
  return snapshot.sectionNames.get(language.code) ?? [];
}

export function resolveSection(snapshot: Snapshot, language: Language, rawPage: string): SectionKey | null {
  return resolvePage(rawPage, language, sectionNamesOf(snapshot, language));
}

/** The path of a section in a language, or null when that language does not name the section. */
export function sectionPathIn(snapshot: Snapshot, language: Language, section: SectionKey): string | null {
  if (section === "HOME") return homePath(language);
  const name = pageNameFor(section, language, sectionNamesOf(snapshot, language));
  return name === null ? null : sectionPath(language.shortCode, name);
}

function sectionAlternates(snapshot: Snapshot, section: SectionKey): Alternate[] {
  return enabledLanguages(snapshot).flatMap((language) => {
    const path = sectionPathIn(snapshot, language, section);
    return path === null ? [] : [{ hrefLang: language.code, path }];
  });
}

function sectionSeo(snapshot: Snapshot, language: Language, section: SectionKey, search = ""): Seo {
  return { canonicalPath: `${sectionPathIn(snapshot, language, section) ?? homePath(language)}${search}`, alternates: sectionAlternates(snapshot, section) };
}

function articlePathIn(snapshot: Snapshot, language: Language, article: Article): string | null {
  const version = article.versions.get(language.code);
  const name = pageNameFor("ARTICLES", language, sectionNamesOf(snapshot, language));
  if (!version || name === null) return null;
  return itemPath(language.shortCode, name, article.id, version.slug);
}

/** A cover's address for <img> and link previews: a library image's fallback variant, else the stored address. */
function coverAddress(article: Article): string | null {
  if (article.coverImage) return article.coverImage.fallback.url;
  return mediaIdOf(article.cover) === null ? article.cover : null;
}

/** The version's own cover description, else a library cover's alt text in that language. */
function coverAltIn(article: Article, language: Language, typed: string): string {
  return article.coverImage ? altTextFor(article.coverImage, language.code, typed) : typed;
}

function articleCard(snapshot: Snapshot, language: Language, article: Article): ArticleCard | null {
  const version = article.versions.get(language.code);
  const path = articlePathIn(snapshot, language, article);
  if (!version || path === null) return null;
  return {
    id: article.id,
    title: version.title,
    summary: version.summary,
    path,
    cover: coverAddress(article),
    coverImage: article.coverImage,
    coverAlt: coverAltIn(article, language, version.coverAlt),
    author: article.author,
    publishedAt: version.publishedAt,
    readingMinutes: version.readingMinutes,
  };
}

/** Published articles in a language, newest first by that version's publication date. */
function articlesIn(snapshot: Snapshot, language: Language): ArticleCard[] {
  return snapshot.articles
    .flatMap((article) => articleCard(snapshot, language, article) ?? [])
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || b.id - a.id);
}

export function jobLabelIn(job: Job, language: Language): { label: string; labelLang: string } {
  const translated = job.labels.get(language.code);
  if (translated) return { label: translated, labelLang: language.code };
  return { label: job.label, labelLang: ROME_SOURCE_LANGUAGE };
}

function jobPathIn(snapshot: Snapshot, language: Language, job: Job): string | null {
  const name = pageNameFor("JOBS", language, sectionNamesOf(snapshot, language));
  return name === null ? null : itemPath(language.shortCode, name, job.code, slugify(jobLabelIn(job, language).label));
}

function jobCard(snapshot: Snapshot, language: Language, job: Job): JobCard {
  return { code: job.code, ...jobLabelIn(job, language), path: jobPathIn(snapshot, language, job) ?? homePath(language) };
}

export function homeView(snapshot: Snapshot, language: Language) {
  return {
    kind: "home" as const,
    page: { kind: "section", section: "HOME" } satisfies CurrentPage,
    seo: sectionSeo(snapshot, language, "HOME"),
    latest: articlesIn(snapshot, language).slice(0, HOME_LATEST_COUNT),
    articlesPath: sectionPathIn(snapshot, language, "ARTICLES"),
    jobsPath: sectionPathIn(snapshot, language, "JOBS"),
    jobCount: snapshot.jobs.length,
    domainCount: snapshot.domains.length,
  };
}

export function articleListView(snapshot: Snapshot, language: Language, page: number) {
  const all = articlesIn(snapshot, language);
  const window = pageWindow(all.length, ARTICLES_PER_PAGE, page);
  if (page > window.pageCount) return null;
  const basePath = sectionPathIn(snapshot, language, "ARTICLES") ?? homePath(language);
  return {
    kind: "articles" as const,
    page: { kind: "section", section: "ARTICLES" } satisfies CurrentPage,
    seo: sectionSeo(snapshot, language, "ARTICLES", page > 1 ? `?page=${page}` : ""),
    items: all.slice(window.offset, window.offset + ARTICLES_PER_PAGE),
    window,
    basePath,
  };
}

/**
 * The directory lists up to 532 jobs: each entry carries only its code and label (and the label's
 * language when it is the French fallback); the page builds the links, which halves what it hydrates.
 */
export function jobsDirectoryView(snapshot: Snapshot, language: Language, query: string) {
  const matching = snapshot.jobs.filter((job) => matchesAllWords(job.searchText, query));
  const entry = (job: Job) => {
    const { label, labelLang } = jobLabelIn(job, language);
    return labelLang === language.code ? { code: job.code, label } : { code: job.code, label, labelLang };
  };
  const groups = snapshot.domains
    .map((domain) => ({ letter: domain.letter, jobs: matching.filter((job) => job.domain === domain.letter).map(entry) }))
    .filter((group) => group.jobs.length > 0);
  const search = query ? `?q=${encodeURIComponent(query)}` : "";
  return {
    kind: "jobs" as const,
    page: { kind: "section", section: "JOBS" } satisfies CurrentPage,
    seo: { ...sectionSeo(snapshot, language, "JOBS"), canonicalPath: `${sectionPathIn(snapshot, language, "JOBS") ?? ""}${search}` },
    query,
    total: matching.length,
    groups,
    jobsPageName: pageNameFor("JOBS", language, sectionNamesOf(snapshot, language)) ?? "",
  };
}

function itemAlternates<T>(snapshot: Snapshot, item: T, pathIn: (language: Language, item: T) => string | null): Alternate[] {
  return enabledLanguages(snapshot).flatMap((language) => {
    const path = pathIn(language, item);
    return path === null ? [] : [{ hrefLang: language.code, path }];
  });
}

/** Slug of the item in every enabled language that has it, by language id (the language switcher's input). */
function slugsByLanguage<T>(snapshot: Snapshot, item: T, slugIn: (language: Language, item: T) => string | null): Record<number, string> {
  const slugs: Record<number, string> = {};
  for (const language of enabledLanguages(snapshot)) {
    const slug = slugIn(language, item);
    if (slug !== null) slugs[language.id] = slug;
  }
  return slugs;
}

export function articleView(snapshot: Snapshot, language: Language, rawId: string) {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : Number.NaN;
  const article = snapshot.articles.find((candidate) => candidate.id === id);
  const version = article?.versions.get(language.code);
  const canonicalPath = article ? articlePathIn(snapshot, language, article) : null;
  if (!article || !version || canonicalPath === null) return null;
  const alternates = itemAlternates(snapshot, article, (other, item) => articlePathIn(snapshot, other, item));
  return {
    kind: "article" as const,
    page: {
      kind: "item",
      section: "ARTICLES",
      itemId: article.id,
      slugs: slugsByLanguage(snapshot, article, (other, item) => item.versions.get(other.code)?.slug ?? null),
    } satisfies CurrentPage,
    seo: { canonicalPath, alternates },
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
    otherLanguages: enabledLanguages(snapshot)
      .filter((other) => other.id !== language.id)
      .flatMap((other) => {
        const path = articlePathIn(snapshot, other, article);
        return path === null ? [] : [{ code: other.code, label: other.label, dir: other.dir, path }];
      }),
    relatedJobs: article.tags.flatMap((tag) => {
      const job = snapshot.jobsByCode.get(tag.toUpperCase());
      return job ? [jobCard(snapshot, language, job)] : [];
    }),
    articlesPath: sectionPathIn(snapshot, language, "ARTICLES"),
  };
}

export function jobView(snapshot: Snapshot, language: Language, rawCode: string) {
  const job = /^[a-n]\d{4}$/i.test(rawCode) ? snapshot.jobsByCode.get(rawCode.toUpperCase()) : undefined;
  const canonicalPath = job ? jobPathIn(snapshot, language, job) : null;
  if (!job || canonicalPath === null) return null;
  const domain = snapshot.domains.find((candidate) => candidate.letter === job.domain);
  return {
    kind: "job" as const,
    page: {
      kind: "item",
      section: "JOBS",
      itemId: job.code,
      slugs: slugsByLanguage(snapshot, job, (other, item) => slugify(jobLabelIn(item, other).label)),
    } satisfies CurrentPage,
    seo: { canonicalPath, alternates: itemAlternates(snapshot, job, (other, item) => jobPathIn(snapshot, other, item)) },
    slug: slugify(jobLabelIn(job, language).label),
    job: { code: job.code, ogr: job.ogr, ...jobLabelIn(job, language), officialLabel: job.label, domain: job.domain, officialDomainLabel: domain?.label ?? "" },
    related: snapshot.articles
      .filter((article) => article.tags.some((tag) => tag.toUpperCase() === job.code))
      .flatMap((article) => articleCard(snapshot, language, article) ?? []),
    jobsPath: sectionPathIn(snapshot, language, "JOBS"),
  };
}

export type HomeView = ReturnType<typeof homeView>;
export type ArticleListView = NonNullable<ReturnType<typeof articleListView>>;
export type JobsDirectoryView = ReturnType<typeof jobsDirectoryView>;
export type ArticleView = NonNullable<ReturnType<typeof articleView>>;
export type JobView = NonNullable<ReturnType<typeof jobView>>;
