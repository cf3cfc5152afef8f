/**
 * What a staff member may read of per-language data (issue 41 item 10, decision 0147). Pure, so
 * the server filters what it sends with it and the admin screens offer only what it allows.
 *
 * Admins and editors read every language. A translator reads everything of their own languages
 * (may(grant, "read", code)), and of any other language only the source they translate from, read only:
 * - an article's source version (its current text, status and dates): what the article's translation
 *   statuses are measured against — not its revisions, publishing state or preview links;
 * - the favorite language's UI strings and image alt texts: the source of both;
 * - the official job labels (ROME_SOURCE_LANGUAGE): the source of the others.
 * Nothing else of another language: not its versions, drafts, revisions, previews, UI strings, job
 * labels, alt texts, translation status or exports. Public pages stay public to everyone.
 */
import { ROME_SOURCE_LANGUAGE } from "#core/rome.ts";
import { may, type Grant } from "./roles.ts";

/** Every language, or these codes (lower case). */
export type LanguageScope = "all" | ReadonlySet<string>;

/** The languages whose data this person reads in full: every one, or a translator's own. */
export function ownReading(grant: Grant | null): LanguageScope {
  if (grant === null || !may(grant, "read")) return new Set();
  return grant.role === "translator" ? new Set(grant.languages.map((code) => code.toLowerCase())) : "all";
}

/** The scope widened by the sources (favorite language, an article's source, French job labels) read beside. */
export function withSources(scope: LanguageScope, ...sources: readonly (string | null | undefined)[]): LanguageScope {
  if (scope === "all") return scope;
  const codes = sources
    .filter((code): code is string => typeof code === "string" && code !== "")
    .map((code) => code.toLowerCase());
  return new Set([...scope, ...codes]);
}

export function inScope(scope: LanguageScope, code: string): boolean {
  return scope === "all" || scope.has(code.toLowerCase());
}

/** Whose UI strings and alt texts this person reads: their own languages and the favorite language. */
export function stringsReading(grant: Grant | null, favorite: string | null | undefined): LanguageScope {
  return withSources(ownReading(grant), favorite);
}

/** Whose job labels this person reads: their own languages and the official one. */
export function labelsReading(grant: Grant | null): LanguageScope {
  return withSources(ownReading(grant), ROME_SOURCE_LANGUAGE);
}

/** Which versions of an article this person reads: their own languages and the article's source. */
export function versionsReading(grant: Grant | null, sourceLanguage: string | null | undefined): LanguageScope {
  return withSources(ownReading(grant), sourceLanguage);
}

/** Only the entries of `record` (keyed by language code) the scope covers. */
export function pickLanguages<T>(scope: LanguageScope, record: Readonly<Record<string, T>>): Record<string, T> {
  return scope === "all"
    ? { ...record }
    : Object.fromEntries(Object.entries(record).filter(([code]) => inScope(scope, code)));
}
