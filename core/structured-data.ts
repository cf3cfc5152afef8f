/**
 * The public pages' structured data (schema.org in JSON-LD, issue 42 item 7): an article is a
 * `BlogPosting` linked to its other language versions, the home page the `WebSite` with its search, a job
 * page an `Occupation` with its ROME code, and lists a `BreadcrumbList`. Pure functions of what the page
 * shows; the app writes their result with jsonLdText. Typed with schema-dts (types only), so a property
 * that schema.org does not allow on a type fails the type check; the tests check the built pages against
 * the schema.org vocabulary too (decision 0161).
 */
import type {
  BlogPosting,
  BreadcrumbList,
  CategoryCode,
  ListItem,
  Occupation,
  SearchAction,
  WebSite,
  WithActionConstraints,
  WithContext,
} from "schema-dts";

/** One step of a breadcrumb trail: its name in the page's language and its path on this site. */
export interface Crumb {
  name: string;
  path: string;
}

/** The trail from the home page to this page (this page last), as absolute URLs under `publicUrl`. */
export function breadcrumbList(publicUrl: string, crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index): ListItem => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${publicUrl}${crumb.path}`,
    })),
  };
}

export interface WebSiteInput {
  publicUrl: string;
  name: string;
  description: string;
  /** BCP 47 code of the page's language. */
  language: string;
  homePath: string;
  /** The language's search page, or null when it has none (then no SearchAction). */
  searchPath: string | null;
}

/** The placeholder of the search action's URL template, named by its `query-input`. */
const SEARCH_TERM = "search_term_string";

/** The home page: the site in that language, and how to search it (the search page's `?q=`). */
export function webSite(input: WebSiteInput): WithContext<WebSite> {
  const search: WithActionConstraints<SearchAction> | null =
    input.searchPath === null
      ? null
      : {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${input.publicUrl}${input.searchPath}?q={${SEARCH_TERM}}` },
          "query-input": `required name=${SEARCH_TERM}`,
        };
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${input.publicUrl}${input.homePath}`,
    url: `${input.publicUrl}${input.homePath}`,
    name: input.name,
    description: input.description,
    inLanguage: input.language,
    ...(search ? { potentialAction: search } : {}),
  };
}

/** Another language version of an article as the page links it. */
export interface VersionLink {
  code: string;
  path: string;
  title: string;
}

export interface ArticleInput {
  publicUrl: string;
  /** The site's name in the page's language (the publisher). */
  siteName: string;
  path: string;
  language: string;
  title: string;
  summary: string;
  author: string;
  /** Null in a draft preview: not published. */
  publishedAt: string | null;
  updatedAt: string;
  /** The raster picture of the cover (a path on this site), or null when the article has none. */
  image: string | null;
  tags: readonly string[];
  /** The article's source language (the first version written), or null when it has none. */
  sourceLanguage: string | null;
  /** The article's published versions in the site's other languages. */
  otherVersions: readonly VersionLink[];
}

function versionOf(publicUrl: string, version: VersionLink): BlogPosting {
  const url = `${publicUrl}${version.path}`;
  return { "@type": "BlogPosting", "@id": url, url, headline: version.title, inLanguage: version.code };
}

/**
 * An article in one language. The source version names its translations (`workTranslation`); a
 * translation names the version it was translated from (`translationOfWork`) when that one is published.
 */
export function blogPosting(input: ArticleInput): WithContext<BlogPosting> {
  const url = `${input.publicUrl}${input.path}`;
  const isSource = input.sourceLanguage === input.language;
  const source = isSource ? undefined : input.otherVersions.find((version) => version.code === input.sourceLanguage);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": url,
    url,
    mainEntityOfPage: url,
    headline: input.title,
    description: input.summary,
    inLanguage: input.language,
    author: { "@type": "Person", name: input.author },
    publisher: { "@type": "Organization", name: input.siteName, url: `${input.publicUrl}/` },
    ...(input.publishedAt === null ? {} : { datePublished: input.publishedAt }),
    dateModified: input.updatedAt,
    ...(input.image === null ? {} : { image: [`${input.publicUrl}${input.image}`] }),
    ...(input.tags.length > 0 ? { keywords: [...input.tags] } : {}),
    ...(isSource && input.otherVersions.length > 0
      ? { workTranslation: input.otherVersions.map((version) => versionOf(input.publicUrl, version)) }
      : {}),
    ...(source ? { translationOfWork: versionOf(input.publicUrl, source) } : {}),
  };
}

export interface OccupationInput {
  publicUrl: string;
  path: string;
  /** The ROME code ("M1805"). */
  code: string;
  /** The job's label in the page's language (or the fallback it borrowed). */
  label: string;
  /** The official (French) label. */
  officialLabel: string;
  description: string;
}

/** A job page: the occupation, classified by its code in the ROME (France Travail's occupation directory). */
export function occupation(input: OccupationInput): WithContext<Occupation> {
  const category: CategoryCode = {
    "@type": "CategoryCode",
    codeValue: input.code,
    name: input.officialLabel,
    inCodeSet: {
      "@type": "CategoryCodeSet",
      name: "ROME (Répertoire opérationnel des métiers et des emplois), France Travail",
    },
  };
  return {
    "@context": "https://schema.org",
    "@type": "Occupation",
    "@id": `${input.publicUrl}${input.path}`,
    url: `${input.publicUrl}${input.path}`,
    name: input.label,
    description: input.description,
    occupationalCategory: category,
  };
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` as JSON escapes, so no text in
 * it (an article title "</script><script>…") can end the element or open a comment, and U+2028/U+2029 too,
 * which some script parsers took for line ends. The JSON means the same after the escapes.
 */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
