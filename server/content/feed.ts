/**
 * A language's Atom feed (RFC 4287): its latest published articles with their
 * full bodies, links made absolute, in the language and its direction. Every
 * value goes through escapeXml; the bodies are HTML carried as escaped text
 * (type="html"), each wrapped in an element that states its language and direction.
 */
import { createTranslate } from "#core/i18n/translate.ts";
import { feedPath, homePath } from "#core/paths.ts";
import type { ArticleReader } from "./articles.ts";
import type { Language, Resident } from "./resident.ts";
import { compiledStrings } from "./shell.ts";
import { articlePathIn } from "./public-sections.ts";
import { escapeXml } from "./xml.ts";

/** Entries in a feed: what readers poll for, bounded whatever the archive's size. */
export const FEED_ENTRIES = 20;
/** A feed with no entries is as old as this (its `updated` must be a date, and a stable one keeps its ETag). */
const EPOCH = "1970-01-01T00:00:00Z";

/** Site-relative addresses in href, src and srcset made absolute: a feed reader shows the body elsewhere. */
export function absoluteLinks(html: string, publicUrl: string): string {
  const absolute = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? publicUrl + url : url);
  return html
    .replace(/(\s(?:href|src|poster)=")([^"]*)"/g, (_match, start: string, url: string) => `${start}${absolute(url)}"`)
    .replace(/(\ssrcset=")([^"]*)"/g, (_match, start: string, list: string) => {
      const candidates = list.split(",").map((candidate) => {
        const [url = "", ...descriptor] = candidate.trim().split(/\s+/);
        return [absolute(url), ...descriptor].join(" ");
      });
      return `${start}${candidates.join(", ")}"`;
    });
}

function element(name: string, text: string, attributes = ""): string {
  return `<${name}${attributes}>${escapeXml(text)}</${name}>`;
}

export async function atomFeed(
  resident: Resident,
  articles: ArticleReader,
  language: Language,
  publicUrl: string,
): Promise<string> {
  const t = createTranslate(compiledStrings(resident, language.code), language.code, () => {});
  const latest = await articles.latestWithContent(language.code, FEED_ENTRIES);
  const host = new URL(publicUrl).hostname;
  const entries = latest.flatMap((version) => {
    const path = articlePathIn(resident, language, version.articleId, version.slug);
    if (path === null) return [];
    const body = `<div lang="${escapeXml(language.code)}" dir="${language.dir}">${absoluteLinks(version.html, publicUrl)}</div>`;
    return [
      [
        "<entry>",
        // A tag URI: stays the same when the title, slug or section name changes (RFC 4151).
        element("id", `tag:${host},2026:article:${version.articleId}:${language.code}`),
        element("title", version.title),
        `<link rel="alternate" type="text/html" hreflang="${escapeXml(language.code)}" href="${escapeXml(publicUrl + path)}"/>`,
        element("published", version.publishedAt),
        element("updated", version.updatedAt),
        `<author>${element("name", version.author)}</author>`,
        element("summary", version.summary),
        element("content", body, ' type="html"'),
        "</entry>",
      ].join(""),
    ];
  });
  const updated = latest.reduce((newest, version) => (version.updatedAt > newest ? version.updatedAt : newest), EPOCH);
  const self = publicUrl + feedPath(language.shortCode);
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(language.code)}">`,
    element("id", self),
    element("title", t("FEED:TITLE")),
    element("subtitle", t("SITE:TAGLINE")),
    element("updated", updated),
    `<author>${element("name", t("SITE:TITLE"))}</author>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `<link rel="alternate" type="text/html" hreflang="${escapeXml(language.code)}" href="${escapeXml(publicUrl + homePath(language))}"/>`,
    element("generator", "Polyglot Press"),
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
