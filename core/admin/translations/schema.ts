/**
 * What an admin may send to the translations API (PRODUCT.md §4). Pure zod,
 * shared by the API and the admin screen's own checks.
 */
import { z } from "zod";
import type { WithEntityTag } from "#core/admin/entity-tag.ts";
import { namedPattern } from "#core/i18n/admin-checks.ts";

/** Public strings: NAV:HOME. The admin area's own strings: admin.nav.home (decision 0076). */
export const TRANSLATION_KEY_PATTERN = /^(?:[A-Z][A-Z0-9_]*(:[A-Z0-9_]+)*|admin(\.[a-z0-9_]+)+)$/;
export const MAX_TRANSLATION_LENGTH = 2000;

export const translationKey = z
  .string()
  .trim()
  .min(1, "is required")
  .max(100, "must be at most 100 characters")
  .regex(
    namedPattern("translation_key", TRANSLATION_KEY_PATTERN),
    "must be upper-case letters, digits and _, in parts separated by : (for example NAV:HOME), or an admin key in lower case separated by . (admin.nav.home)",
  );

export const translationText = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "must not be empty")
  .max(MAX_TRANSLATION_LENGTH, `must be at most ${MAX_TRANSLATION_LENGTH} characters`);

export const translationCellSchema = z.strictObject({
  label: translationText,
  /** Section names only: an alternative accepted spelling; null or "" removes it, absent keeps it. */
  search: z
    .string({ error: "must be text or null" })
    .trim()
    .max(MAX_TRANSLATION_LENGTH, `must be at most ${MAX_TRANSLATION_LENGTH} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value)),
});

export const newTranslationKeySchema = z.strictObject({
  key: translationKey,
  /** A key exists through its translations, so it starts with at least one. */
  labels: z
    .record(z.string(), translationText, { error: "must be an object of language code → text, with at least one language" })
    .refine((labels) => Object.keys(labels).length > 0, { message: "must give the text in at least one language" }),
});

export type TranslationCellInput = z.output<typeof translationCellSchema>;
export type NewTranslationKeyInput = z.output<typeof newTranslationKeySchema>;

export interface TranslationLanguage {
  code: string;
  short_code: string;
  label: string;
  dir: "ltr" | "rtl";
  enabled: boolean;
  favorite: boolean;
}

export interface TranslationCell {
  label: string;
  search: string | null;
}

/** One key's text in one language, as `GET /api/admin/translations/{key}/{code}` answers it: its ETag is this object's. */
export interface KeyedTranslationCell extends TranslationCell {
  key: string;
  code: string;
}

/** A cell of the grid, with the ETag its own GET answers (decision 0151). */
export type TaggedTranslationCell = WithEntityTag<TranslationCell>;

export interface TranslationRow {
  key: string;
  labels: Record<string, TaggedTranslationCell | null>;
}

export interface Completeness {
  translated: number;
  total: number;
  percent: number;
}

export interface TranslationsView {
  languages: TranslationLanguage[];
  keys: TranslationRow[];
  completeness: Record<string, Completeness>;
}

/** A language code in a path. */
export const languageCodeParam = z.string().min(1, "is required").max(35, "is too long for a language code");

/** Exchange files (decision 0071): what the admin may ask to download or upload. */
export const EXCHANGE_FORMATS = ["xliff", "po"] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

/** What an export carries: UI strings, article translations (XLIFF only, decision 0073) or both. */
export const EXCHANGE_CONTENTS = ["strings", "articles", "all"] as const;
export type ExchangeContents = (typeof EXCHANGE_CONTENTS)[number];

export const exportQuerySchema = z
  .strictObject({
    lang: languageCodeParam,
    format: z.enum(EXCHANGE_FORMATS, { error: "must be xliff or po" }),
    what: z.enum(EXCHANGE_CONTENTS, { error: "must be strings, articles or all" }).default("strings"),
  })
  .refine((query) => query.format === "xliff" || query.what === "strings", { error: "articles are exchanged as XLIFF only; choose format=xliff", path: ["what"] });

export const importRequestSchema = z.strictObject({
  /** The file's text (XLIFF 2.0 or PO, detected). Its size is checked by the service. */
  content: z.string({ error: "must be the file's text" }).min(1, "is empty"),
  dryRun: z.boolean({ error: "must be true or false" }).default(false),
  skipUnknown: z.boolean({ error: "must be true or false" }).default(false),
});

export type ImportRequest = z.output<typeof importRequestSchema>;

export interface ImportChange {
  key: string;
  before: string | null;
  after: string;
}

export interface ImportReport {
  format: ExchangeFormat;
  language: string;
  changes: ImportChange[];
  unchanged: number;
  /** Units without a translation: nothing to apply. */
  untranslated: number;
  /** Keys this site does not have (or section page names, which are edited elsewhere). */
  unknown: string[];
  /** PO entries marked fuzzy: drafts, never applied. */
  fuzzy: string[];
  /** Translations that would be refused on save, with their key. */
  problems: { key: string; message: string }[];
  /** Why nothing was written, when the file was refused as a whole; null otherwise. */
  refusal: string | null;
  applied: boolean;
}
