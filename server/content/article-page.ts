/**
 * An article's page in a language: its rendered body, where else it can be read, its tags and
 * related jobs, and what an outdated translation tells its readers; or, when it is not published
 * in that language, where it is (decision 0085).
 */
import type { CurrentPage } from "#core/language-switch.ts";
import { socialImagePath } from "#core/open-graph.ts";
import type { Alternate, ArticleElsewhere, ArticleTranslation, ArticleView } from "#core/views.ts";
import { tagKey } from "#core/tags.ts";
import { showsArticle, showsJob, showsTagName } from "./changes.ts";
import { coverAddress, coverAltIn, jobCard } from "./cards.ts";
import type { PageReads } from "./page-reads.ts";
import {
  articlePathIn,
  enabledLanguages,
  itemAlternates,
  sectionPathIn,
  seoAlternates,
  slugsByLanguage,
  tagPathIn,
} from "./public-sections.ts";
import type { PublishedArticle, PublishedVersion } from "./rendered-articles.ts";
import type { Language, Resident } from "./resident.ts";

/** An article's alternates in every enabled language that has it published. */
export function articleAlternates(resident: Resident, article: PublishedArticle): Alternate[] {
  return itemAlternates(resident, article, (other, item) =>
    articlePathIn(resident, other, item.id, item.versions.get(other.code)?.slug),
  );
}

/** An article's published versions in the enabled languages other than `language`, in picker order, with their titles. */
function translationsOf(resident: Resident, article: PublishedArticle, language: Language): ArticleTranslation[] {
  return enabledLanguages(resident)
    .filter((other) => other.id !== language.id)
    .flatMap((other) => {
      const version = article.versions.get(other.code);
      const path = articlePathIn(resident, other, article.id, version?.slug);
      return path === null || !version
        ? []
        : [{ code: other.code, label: other.label, dir: other.dir, path, title: version.title }];
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
  const path = original
    ? articlePathIn(resident, original, article.id, article.versions.get(original.code)?.slug)
    : null;
  if (!original || path === null) return null;
  return {
    changedAt: article.source.changedAt,
    original: { code: original.code, label: original.label, dir: original.dir, path },
  };
}

/**
 * One article in a language; `kind: "elsewhere"` when it is published only in other
 * languages (the route answers 404 listing them, decision 0085); null when there is no such article.
 */
export async function articleView(
  reads: PageReads,
  language: Language,
  rawId: string,
  preview = false,
): Promise<ArticleView | ArticleElsewhere | null> {
  const { resident } = reads;
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : Number.NaN;
  if (Number.isNaN(id)) return null;
  reads.dependsOn(showsArticle(id));
  // A draft preview shows this language's version whatever its status (server/content/preview.ts).
  const article = await reads.articles.published(id, {
    htmlIn: language.code,
    ...(preview ? { previewCode: language.code } : {}),
  });
  if (!article) return null;
  const page = {
    kind: "item",
    section: "ARTICLES",
    itemId: article.id,
    slugs: slugsByLanguage(resident, article, (other, item) => item.versions.get(other.code)?.slug ?? null),
  } satisfies CurrentPage;
  const version = article.versions.get(language.code);
  const tagNames = await reads.articles.tagNamesIn(language.code, article.tags.map(tagKey));
  for (const tag of article.tags) reads.dependsOn(showsTagName(language.code, tagKey(tag)));
  const shownTag = (tag: string) => tagNames.get(tagKey(tag))?.name ?? tag;
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
      tags: article.tags.map(shownTag),
      sourceLanguage: article.source?.code ?? null,
    },
    outdatedNotice: outdatedNotice(resident, article, version),
    otherLanguages: translationsOf(resident, article, language),
    tagLinks: article.tags.flatMap((tag) => {
      const path = tagPathIn(resident, language, tag, tagNames.get(tagKey(tag))?.nameKey);
      return path === null ? [] : [{ tag: shownTag(tag), path }];
    }),
    relatedJobs: article.tags.flatMap((tag) => {
      const job = resident.jobsByCode.get(tag.toUpperCase());
      if (job) reads.dependsOn(showsJob(job.code));
      return job ? [jobCard(resident, language, job)] : [];
    }),
    articlesPath: sectionPathIn(resident, language, "ARTICLES"),
  };
}
