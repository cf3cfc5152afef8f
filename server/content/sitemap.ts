/**
 * Sitemaps at any size (sitemaps.org protocol): /sitemap.xml is a sitemap
 * index; its children hold at most `chunkUrls` URLs (≤ 50 000) and stay under
 * 50 MB. Two kinds of child:
 * - `pages-N`: home, section and job pages of every enabled language (resident data), N-th slice;
 * - `articles-N`: the published versions of the articles whose id falls in the N-th id range,
 *   so an edit to article X changes exactly one child (and the index's lastmod).
 * Children are generated with the event loop free every few milliseconds (eventLoopTurns).
 */
import type { ArticleReader } from "./articles.ts";
import { eventLoopTurns } from "./event-loop-turns.ts";
import { withDefaultAlternate, type Alternate } from "#core/views.ts";
import { enabledLanguages, favoriteLanguage, jobLabelIn, sectionPathIn } from "./public-sections.ts";
import type { Language, Resident } from "./resident.ts";
import { homePath, itemPath } from "#core/paths.ts";
import { pageNameFor } from "#core/pages.ts";
import { slugify } from "#core/text.ts";
import { escapeXml } from "./xml.ts";

/** The protocol's limits for one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** A generous bound on one URL (origin, language, section name, id and a percent-encoded 80-letter slug). */
const MAX_URL_BYTES = 1_200;
/** Article ids read per query while generating a child. */
const ARTICLE_ID_BATCH = 100;

export type SitemapChild = { kind: "pages" | "articles"; index: number };

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const FOOTER = `</urlset>\n`;

/** One URL with its alternates, which already name x-default (withDefaultAlternate). */
function urlEntry(publicUrl: string, path: string, alternates: Alternate[], lastModified?: string): string {
  const links = alternates
    .map(
      (alternate) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hrefLang)}" href="${escapeXml(publicUrl + alternate.path)}"/>`,
    )
    .join("");
  const modified = lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : "";
  return `<url><loc>${escapeXml(publicUrl + path)}</loc>${modified}${links}</url>\n`;
}

export function parseSitemapChild(name: string): SitemapChild | null {
  const match = /^(pages|articles)-(0|[1-9]\d{0,8})\.xml$/.exec(name);
  return match ? { kind: match[1] as "pages" | "articles", index: Number(match[2]) } : null;
}

export function createSitemaps(options: {
  resident: () => Resident;
  articles: ArticleReader;
  publicUrl: string;
  chunkUrls: number;
}) {
  const { articles, publicUrl } = options;

  /** URLs per child: the setting, and few enough that even the longest entries stay under 50 MB. */
  function urlsPerChild(languageCount: number): number {
    const entryBytes = (languageCount + 2) * (MAX_URL_BYTES + publicUrl.length + 80);
    return Math.max(1, Math.min(options.chunkUrls, SITEMAP_MAX_URLS, Math.floor(SITEMAP_MAX_BYTES / entryBytes)));
  }

  /** Article ids per `articles-N` child: each article has at most one URL per enabled language. */
  function articlesPerChild(resident: Resident): number {
    const languageCount = Math.max(1, enabledLanguages(resident).length);
    return Math.max(1, Math.floor(urlsPerChild(languageCount) / languageCount));
  }

  // Computed once per resident version (they change only with it).
  const pageEntriesOf = new WeakMap<Resident, Promise<string[]>>();
  function pageEntries(resident: Resident): Promise<string[]> {
    let entries = pageEntriesOf.get(resident);
    if (!entries) {
      entries = residentPageEntries(resident);
      pageEntriesOf.set(resident, entries);
    }
    return entries;
  }

  /** Home, section and job pages of every enabled language (resident data: bounded), built in slices. */
  async function residentPageEntries(resident: Resident): Promise<string[]> {
    const languages = enabledLanguages(resident);
    const favorite = favoriteLanguage(resident)?.code ?? null;
    const sectionAlternates = (section: "HOME" | "ARTICLES" | "JOBS") =>
      withDefaultAlternate(
        languages.flatMap((language) => {
          const path = sectionPathIn(resident, language, section);
          return path === null ? [] : [{ hrefLang: language.code, path }];
        }),
        favorite,
      );
    const jobPath = (language: Language, code: string) => {
      const job = resident.jobsByCode.get(code)!;
      const name = pageNameFor("JOBS", language, resident.sectionNames.get(language.code) ?? []);
      return name === null
        ? null
        : itemPath(language.shortCode, name, job.code, slugify(jobLabelIn(resident, job, language).label));
    };
    const entries: string[] = [];
    const turn = eventLoopTurns();
    for (const section of ["HOME", "ARTICLES", "JOBS"] as const) {
      const alternates = sectionAlternates(section);
      for (const language of languages) {
        const path = section === "HOME" ? homePath(language) : sectionPathIn(resident, language, section);
        if (path !== null) entries.push(urlEntry(publicUrl, path, alternates));
      }
    }
    for (const job of resident.jobs) {
      await turn();
      const located = languages.flatMap((language) => {
        const path = jobPath(language, job.code);
        return path === null ? [] : [{ hrefLang: language.code, path }];
      });
      const alternates = withDefaultAlternate(located, favorite);
      for (const alternate of located) entries.push(urlEntry(publicUrl, alternate.path, alternates));
    }
    return entries;
  }

  async function* articleEntries(resident: Resident, child: number): AsyncGenerator<string> {
    const perChild = articlesPerChild(resident);
    const languages = enabledLanguages(resident);
    const favorite = favoriteLanguage(resident)?.code ?? null;
    const end = (child + 1) * perChild;
    const turn = eventLoopTurns();
    for (let from = child * perChild; from < end; from += ARTICLE_ID_BATCH) {
      await turn();
      const rows = await articles.publishedSlugs(from, Math.min(end, from + ARTICLE_ID_BATCH));
      for (const versions of Map.groupBy(rows, (row) => row.article_id).values()) {
        const byCode = new Map(versions.map((version) => [version.code, version]));
        const located = languages.flatMap((language) => {
          const version = byCode.get(language.code);
          const name = pageNameFor("ARTICLES", language, resident.sectionNames.get(language.code) ?? []);
          return version && name !== null
            ? [{ language, version, path: itemPath(language.shortCode, name, version.article_id, version.slug) }]
            : [];
        });
        const alternates = withDefaultAlternate(
          located.map(({ language, path }) => ({ hrefLang: language.code, path })),
          favorite,
        );
        let text = "";
        for (const { path, version } of located) text += urlEntry(publicUrl, path, alternates, version.updated_at);
        if (text) yield text;
        await turn();
      }
    }
  }

  return {
    /** Which article child lists an article (for precise invalidation). */
    childOfArticle(id: number): SitemapChild {
      return { kind: "articles", index: Math.floor(id / articlesPerChild(options.resident())) };
    },

    /** The XML of one child, in pieces; null when it does not exist. */
    async child(child: SitemapChild): Promise<AsyncGenerator<string> | null> {
      const resident = options.resident();
      if (child.kind === "pages") {
        const entries = await pageEntries(resident);
        const perChild = urlsPerChild(Math.max(1, enabledLanguages(resident).length));
        const slice = entries.slice(child.index * perChild, (child.index + 1) * perChild);
        if (slice.length === 0) return null;
        return (async function* () {
          yield HEADER;
          yield slice.join("");
          yield FOOTER;
        })();
      }
      const perChild = articlesPerChild(resident);
      if (child.index * perChild > (await articles.highestPublishedId())) return null;
      return (async function* () {
        yield HEADER;
        yield* articleEntries(resident, child.index);
        yield FOOTER;
      })();
    },

    /** The sitemap index: every pages child, and every articles child that has a published article, with its lastmod. */
    async index(): Promise<string> {
      const resident = options.resident();
      const pageChildren = Math.ceil(
        (await pageEntries(resident)).length / urlsPerChild(Math.max(1, enabledLanguages(resident).length)),
      );
      const entries: string[] = [];
      for (let index = 0; index < pageChildren; index += 1)
        entries.push(`<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/pages-${index}.xml`)}</loc></sitemap>`);
      const perChild = articlesPerChild(resident);
      const highest = await articles.highestPublishedId();
      const turn = eventLoopTurns();
      for (let index = 0; index * perChild <= highest; index += 1) {
        await turn();
        const lastModified = await articles.lastModifiedBetween(index * perChild, (index + 1) * perChild);
        if (lastModified === null) continue;
        entries.push(
          `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/articles-${index}.xml`)}</loc><lastmod>${lastModified.slice(0, 10)}</lastmod></sitemap>`,
        );
      }
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /auth/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
