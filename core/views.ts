/**
 * What each public page renders: the view models the server computes
 * (the page modules of server/content: list-pages.ts, article-page.ts, job-pages.ts,
 * search-page.ts, tag-pages.ts) and the page components draw (app/components/pages).
 * Types only, here so that app/ never has to reach into server/ for them.
 */
import type { CurrentPage } from "./language-switch.ts";
import type { MediaRendition } from "./media-rules.ts";
import type { PageWindow } from "./pagination.ts";
import type { SectionKey } from "./types.ts";

export interface Alternate {
  hrefLang: string;
  path: string;
}

/**
 * A page's hreflang alternates with `x-default`: the same page in the site's favorite language (else the
 * first it has). Not "/", which only redirects to a language, while an hreflang target must answer 200.
 */
export function withDefaultAlternate(alternates: readonly Alternate[], favoriteCode: string | null): Alternate[] {
  const fallback = alternates.find((alternate) => alternate.hrefLang === favoriteCode) ?? alternates[0];
  return fallback === undefined ? [] : [...alternates, { hrefLang: "x-default", path: fallback.path }];
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
  /** Set when the article is listed from a fallback language (decision 0085): the language it is in. */
  language?: CardLanguage;
}

/** A language as a page names it: its code (for lang and hreflang), its own name and its direction. */
export interface CardLanguage {
  code: string;
  label: string;
  dir: "ltr" | "rtl";
}

/** Another language an article can be read in. */
export interface ArticleTranslation extends CardLanguage {
  path: string;
  title: string;
}

export interface JobCard {
  code: string;
  label: string;
  /** The language the label is in: the page's, or French when no translation exists. */
  labelLang: string;
  path: string;
}

type SectionPage<Section extends SectionKey> = { kind: "section"; section: Section };
type ItemPage = Extract<CurrentPage, { kind: "item" }>;

export interface HomeView {
  kind: "home";
  page: SectionPage<"HOME">;
  seo: Seo;
  latest: ArticleCard[];
  articlesPath: string | null;
  jobsPath: string | null;
  /** The language's search page (the home page's structured data says how to search), or null. */
  searchPath: string | null;
  jobCount: number;
  domainCount: number;
}

export interface ArticleListView {
  kind: "articles";
  page: SectionPage<"ARTICLES">;
  seo: Seo;
  items: ArticleCard[];
  window: PageWindow;
  basePath: string;
}

/** A job in the directory: code and label, and the label's language when it is the French fallback. */
export interface DirectoryJob {
  code: string;
  label: string;
  labelLang?: string;
}

export interface JobsDirectoryView {
  kind: "jobs";
  page: SectionPage<"JOBS">;
  seo: Seo;
  query: string;
  /** The chosen domaine's letter, null for the index or a search. */
  domain: string | null;
  total: number;
  /** The counts as text ("94 jobs"), formatted on the server: see jobsDirectoryView. */
  totalText: string;
  index: { letter: string; countText: string }[];
  groups: { letter: string; jobs: DirectoryJob[] }[];
  jobsPageName: string;
}

export interface ArticleView {
  kind: "article";
  page: ItemPage;
  seo: Seo;
  slug: string;
  article: {
    id: number;
    title: string;
    summary: string;
    /** Null in a document's loader data: its markup carries the body (forLoaderData in server/content/context.ts, decision 0132). */
    html: string | null;
    author: string;
    cover: string | null;
    coverImage: MediaRendition | null;
    coverAlt: string;
    /** The cover as a 1200×630 JPEG for link previews (core/open-graph.ts), or null when the server cannot make one. */
    socialImage: string | null;
    /** Null in a draft preview: the version is not published. */
    publishedAt: string | null;
    updatedAt: string;
    readingMinutes: number;
    tags: string[];
    /** The article's source language (the first version written), or null when it has none. */
    sourceLanguage: string | null;
  };
  /** An outdated translation's notice: when the original changed and where it is; null when up to date or the original is not on the site. */
  outdatedNotice: {
    changedAt: string;
    original: { code: string; label: string; dir: "ltr" | "rtl"; path: string };
  } | null;
  otherLanguages: ArticleTranslation[];
  tagLinks: { tag: string; path: string }[];
  relatedJobs: JobCard[];
  articlesPath: string | null;
}

export interface JobView {
  kind: "job";
  page: ItemPage;
  seo: Seo;
  slug: string;
  job: {
    code: string;
    ogr: number | null;
    label: string;
    labelLang: string;
    officialLabel: string;
    domain: string;
    officialDomainLabel: string;
  };
  related: ArticleCard[];
  relatedWindow: PageWindow;
  relatedBasePath: string;
  jobsPath: string | null;
}

/** The 404 of an article missing in the page's language: where it can be read instead. */
export interface ArticleElsewhere {
  kind: "elsewhere";
  page: ItemPage;
  availableIn: ArticleTranslation[];
}

/** Text cut into parts, some marked (search highlights): drawn as text, marked parts in <mark>. */
export interface TextPart {
  text: string;
  mark?: true;
}

/** A search result: its title and a passage with the matching words marked. */
export interface SearchResult {
  id: number;
  path: string;
  title: TextPart[];
  snippet: TextPart[];
}

export interface SearchView {
  kind: "search";
  page: SectionPage<"SEARCH">;
  seo: Seo;
  query: string;
  /** The number of characters kept when the query was cut, else null. */
  trimmed: number | null;
  results: SearchResult[];
  total: number;
  /** Set when there are more results than are counted. */
  moreThan: number | null;
  /**
   * Whether the results hold the query as written (its words together, in its order): "all" of them (or a
   * one-word query), "some" (ranked first), or "none" (each holds its words apart), which the page says (issue 44).
   */
  wholeQuery: "all" | "some" | "none";
  window: PageWindow;
  basePath: string;
  jobs: JobCard[];
  jobCount: number;
  allJobsPath: string | null;
}

export interface TagView {
  kind: "tag";
  page: ItemPage;
  seo: Seo;
  slug: undefined;
  tag: string;
  /** The language's tags index. */
  allTagsPath: string;
  items: ArticleCard[];
  newestPath: string | null;
  olderPath: string | null;
}

/** `/{lang}/{tags}`: the language's tags, each with its number of published articles. */
export interface TagsIndexView {
  kind: "tags";
  page: SectionPage<"TAGS">;
  seo: Seo;
  tags: { tag: string; count: number; path: string }[];
}
