/**
 * Where public pages are: the enabled languages, a section's name in each language (resolving a
 * URL's page name to a section and back), the paths of articles, jobs and tags, and the alternates
 * a page's head names. Every page view builds its links and SEO from these.
 */
import { pageNameFor, resolvePage } from "#core/pages.ts";
import { homePath, itemPath, normalizeName, sectionPath } from "#core/paths.ts";
import { slugify } from "#core/text.ts";
import type { SectionKey } from "#core/types.ts";
import { jobLabelFor } from "#core/rome.ts";
import { tagAddressKey, tagKey } from "#core/tags.ts";
import { withDefaultAlternate, type Alternate, type Seo } from "#core/views.ts";
import type { Job, Language, Resident } from "./resident.ts";

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

export function sectionNamesOf(resident: Resident, language: Language) {
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
export function seoAlternates(resident: Resident, alternates: Alternate[]): Alternate[] {
  return withDefaultAlternate(alternates, favoriteLanguage(resident)?.code ?? null);
}

function sectionAlternates(resident: Resident, section: SectionKey): Alternate[] {
  return enabledLanguages(resident).flatMap((language) => {
    const path = sectionPathIn(resident, language, section);
    return path === null ? [] : [{ hrefLang: language.code, path }];
  });
}

export function sectionSeo(resident: Resident, language: Language, section: SectionKey, search = ""): Seo {
  return {
    canonicalPath: `${sectionPathIn(resident, language, section) ?? homePath(language)}${search}`,
    alternates: seoAlternates(resident, sectionAlternates(resident, section)),
  };
}

export function articlePathIn(
  resident: Resident,
  language: Language,
  id: number,
  slug: string | undefined,
): string | null {
  const name = pageNameFor("ARTICLES", language, sectionNamesOf(resident, language));
  if (slug === undefined || name === null) return null;
  return itemPath(language.shortCode, name, id, slug);
}

/** A job's label in a language: its own, else the first of its fallback chain's, else the official French one; with the language it is in. */
/** Where a text missing in a language is looked for: the language itself, then its fallback chain (decision 0085). */
export function chainCodes(resident: Resident, language: Language): string[] {
  return [language.code, ...(resident.fallbackOrders.get(language.id) ?? []).map((fallback) => fallback.code)];
}

/** The languages a language's article lists show: its own, then its fallbacks' only when it borrows (decision 0085). */
export function listChainCodes(resident: Resident, language: Language): string[] {
  return language.listFallbackArticles ? chainCodes(resident, language) : [language.code];
}

export function jobLabelIn(resident: Resident, job: Job, language: Language): { label: string; labelLang: string } {
  const { label, labelLang } = jobLabelFor(chainCodes(resident, language), job.labels, job.label);
  return { label, labelLang };
}

export function jobPathIn(resident: Resident, language: Language, job: Job): string | null {
  const name = pageNameFor("JOBS", language, sectionNamesOf(resident, language));
  return name === null
    ? null
    : itemPath(language.shortCode, name, job.code, slugify(jobLabelIn(resident, job, language).label));
}

/** A tag's page in a language: named by the tag's name there (its key `nameKey`), else as the tag is written (decision 0221). */
export function tagPathIn(resident: Resident, language: Language, tag: string, nameKey?: string): string | null {
  const name = pageNameFor("TAGS", language, sectionNamesOf(resident, language));
  return name === null ? null : itemPath(language.shortCode, name, tagAddressKey(tagKey(tag), nameKey), "");
}

export function itemAlternates<T>(
  resident: Resident,
  item: T,
  pathIn: (language: Language, item: T) => string | null,
): Alternate[] {
  return enabledLanguages(resident).flatMap((language) => {
    const path = pathIn(language, item);
    return path === null ? [] : [{ hrefLang: language.code, path }];
  });
}

/** Slug of the item in every enabled language that has it, by language id (the language switcher's input). */
export function slugsByLanguage<T>(
  resident: Resident,
  item: T,
  slugIn: (language: Language, item: T) => string | null,
): Record<number, string> {
  const slugs: Record<number, string> = {};
  for (const language of enabledLanguages(resident)) {
    const slug = slugIn(language, item);
    if (slug !== null) slugs[language.id] = slug;
  }
  return slugs;
}
