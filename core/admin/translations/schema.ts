/**
 * What an admin may send to the translations API (docs/product.md §4). Pure zod,
 * shared by the API and the admin screen's own checks.
 */
import { z } from "zod";
import { withEntityTagSchema, type WithEntityTag } from "#core/admin/entity-tag.ts";
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
    .record(z.string(), translationText, {
      error: "must be an object of language code → text, with at least one language",
    })
    .refine((labels) => Object.keys(labels).length > 0, { message: "must give the text in at least one language" }),
});

export type TranslationCellInput = z.output<typeof translationCellSchema>;
export type NewTranslationKeyInput = z.output<typeof newTranslationKeySchema>;

export const translationLanguageSchema = z.object({
  code: z.string(),
  shortCode: z.string(),
  label: z.string(),
  dir: z.enum(["ltr", "rtl"]),
  enabled: z.boolean(),
  favorite: z.boolean(),
});
export type TranslationLanguage = z.infer<typeof translationLanguageSchema>;

export const translationCellResultSchema = z.object({ label: z.string(), search: z.string().nullable() });
export type TranslationCell = z.infer<typeof translationCellResultSchema>;

/** One key's text in one language, as `GET /api/admin/translations/{key}/{code}` answers it: its ETag is this object's. */
export const keyedTranslationCellSchema = translationCellResultSchema.extend({ key: z.string(), code: z.string() });
export type KeyedTranslationCell = z.infer<typeof keyedTranslationCellSchema>;
export const translationCellResponse = z.object({ cell: keyedTranslationCellSchema });

/** A cell of the grid, with the ETag its own GET answers (decision 0151). */
export type TaggedTranslationCell = WithEntityTag<TranslationCell>;

export const translationRowSchema = z.object({
  key: z.string(),
  /** By language code; null where the language has no text. */
  labels: z.record(z.string(), withEntityTagSchema(translationCellResultSchema).nullable()),
});
export type TranslationRow = z.infer<typeof translationRowSchema>;

const completenessSchema = z.object({ translated: z.number().int(), total: z.number().int(), percent: z.number() });
export type Completeness = z.infer<typeof completenessSchema>;

export const translationsViewSchema = z.object({
  languages: z.array(translationLanguageSchema),
  keys: z.array(translationRowSchema),
  completeness: z.record(z.string(), completenessSchema),
});
export type TranslationsView = z.infer<typeof translationsViewSchema>;

/** What adding a key answers: its row. */
export const newTranslationKeyResponse = z.object({ key: translationRowSchema });

/** A language code in a path. */
export const languageCodeParam = z.string().min(1, "is required").max(35, "is too long for a language code");

/** Exchange files (decision 0071): what the admin may ask to download or upload. */
export const EXCHANGE_FORMATS = ["xliff", "po"] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

/** What an export carries: UI strings, article translations (XLIFF only, decision 0073), tags' names or jobs' labels (XLIFF only, decision 0221), or all. */
export const EXCHANGE_CONTENTS = ["strings", "articles", "tags", "jobs", "all"] as const;
export type ExchangeContents = (typeof EXCHANGE_CONTENTS)[number];

export const exportQuerySchema = z
  .strictObject({
    lang: languageCodeParam,
    format: z.enum(EXCHANGE_FORMATS, { error: "must be xliff or po" }),
    what: z.enum(EXCHANGE_CONTENTS, { error: "must be strings, articles, tags, jobs or all" }).default("strings"),
  })
  .refine((query) => query.format === "xliff" || query.what === "strings", {
    error: "articles, tags and jobs are exchanged as XLIFF only; choose format=xliff",
    path: ["what"],
  });

export const importRequestSchema = z.strictObject({
  /** The file's text (XLIFF 2.0 or PO, detected). Its size is checked by the service. */
  content: z.string({ error: "must be the file's text" }).min(1, "is empty"),
  dryRun: z.boolean({ error: "must be true or false" }).default(false),
  skipUnknown: z.boolean({ error: "must be true or false" }).default(false),
});

export type ImportRequest = z.output<typeof importRequestSchema>;

const importChangeSchema = z.object({ key: z.string(), before: z.string().nullable(), after: z.string() });
export type ImportChange = z.infer<typeof importChangeSchema>;

export const importReportSchema = z.object({
  format: z.enum(EXCHANGE_FORMATS),
  language: z.string(),
  changes: z.array(importChangeSchema),
  unchanged: z.number().int(),
  /** Units without a translation: nothing to apply. */
  untranslated: z.number().int(),
  /** Keys this site does not have (or section page names, which are edited elsewhere). */
  unknown: z.array(z.string()),
  /** PO entries marked fuzzy: drafts, never applied. */
  fuzzy: z.array(z.string()),
  /** Translations that would be refused on save, with their key. */
  problems: z.array(z.object({ key: z.string(), message: z.string() })),
  /** Why nothing was written, when the file was refused as a whole; null otherwise. */
  refusal: z.string().nullable(),
  applied: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const importResponse = z.object({ report: importReportSchema });
