/** The language form's draft and what it sends: the whole language when adding, only the changed fields when editing. */
import type { AdminLanguage } from "#core/admin/languages/schema.ts";
import type { Translate } from "#core/i18n/translate.ts";

export const LANGUAGES_API = "/api/admin/languages";

/** The form's fields, as the API names them; each is labelled by the admin text `admin.languages.field_<name in snake_case>`. */
export const FIELDS = [
  "code",
  "shortCode",
  "label",
  "welcome",
  "population",
  "dir",
  "enabled",
  "fallbacks",
  "listFallbackArticles",
] as const;

/** Field → its label in the admin's language. */
export function fieldLabels(t: Translate): Record<string, string> {
  return Object.fromEntries(
    FIELDS.map((field) => [
      field,
      t(`admin.languages.field_${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`),
    ]),
  );
}

export interface LanguageDraft {
  code: string;
  shortCode: string;
  label: string;
  welcome: string;
  population: string;
  dir: "ltr" | "rtl";
  enabled: boolean;
  /** Edited on an existing language only (a new one has no chain yet). */
  fallbacks: number[];
  listFallbackArticles: boolean;
}

export const EMPTY_DRAFT: LanguageDraft = {
  code: "",
  shortCode: "",
  label: "",
  welcome: "",
  population: "",
  dir: "ltr",
  enabled: false,
  fallbacks: [],
  listFallbackArticles: false,
};

export function draftOf(language: AdminLanguage): LanguageDraft {
  return { ...language, population: String(language.population) };
}

/** The JSON the API takes; an empty or non-numeric population stays visible to validation as such. */
export function payloadOf(draft: LanguageDraft) {
  const population = draft.population.trim() === "" ? undefined : Number(draft.population);
  return { ...draft, population };
}

/** A new language's JSON: without the fallback fields, which only an existing language has. */
export function newPayloadOf(draft: LanguageDraft) {
  const { fallbacks: _fallbacks, listFallbackArticles: _listFallbackArticles, ...payload } = payloadOf(draft);
  return payload;
}

/** Only the fields that differ from the stored language, so an edit never rewrites what it did not touch. */
export function changesOf(draft: LanguageDraft, language: AdminLanguage): Record<string, unknown> {
  const payload = payloadOf(draft);
  const original = payloadOf(draftOf(language));
  const same = (a: unknown, b: unknown) => (Array.isArray(a) ? JSON.stringify(a) === JSON.stringify(b) : a === b);
  return Object.fromEntries(
    Object.entries(payload).filter(([field, value]) => !same(value, original[field as keyof typeof original])),
  );
}
