/**
 * Articles and jobs as cards on public pages: a list entry drawn in the page's language (or
 * marked as in a fallback language), with its cover, and a job with its label and path.
 */
import { altTextFor, mediaIdOf, type MediaRendition } from "#core/media-rules.ts";
import { homePath } from "#core/paths.ts";
import type { ArticleCard, JobCard } from "#core/views.ts";
import type { ListedVersion } from "./listed-versions.ts";
import { articlePathIn, jobLabelIn, jobPathIn } from "./public-sections.ts";
import type { Job, Language, Resident } from "./resident.ts";

/** An article's cover as stored and, when it is a library image, drawn. */
interface Cover {
  cover: string | null;
  coverImage: MediaRendition | null;
}

/** A cover's address for <img> and link previews: a library image's fallback variant, else the stored address. */
export function coverAddress(article: Cover): string | null {
  if (article.coverImage) return article.coverImage.fallback.url;
  return mediaIdOf(article.cover) === null ? article.cover : null;
}

/** The version's own cover description, else a library cover's alt text in that language. */
export function coverAltIn(article: Cover, language: Language, typed: string): string {
  return article.coverImage ? altTextFor(article.coverImage, language.code, typed) : typed;
}

/** A list entry as a card on a page in `language`; an entry in another (fallback) language links to that language's page and says so. */
export function articleCard(resident: Resident, language: Language, listed: ListedVersion): ArticleCard | null {
  const own = listed.code === language.code;
  const shownIn = own
    ? language
    : resident.languages.find((candidate) => candidate.code === listed.code && candidate.enabled);
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

export function jobCard(resident: Resident, language: Language, job: Job): JobCard {
  return {
    code: job.code,
    ...jobLabelIn(resident, job, language),
    path: jobPathIn(resident, language, job) ?? homePath(language),
  };
}
