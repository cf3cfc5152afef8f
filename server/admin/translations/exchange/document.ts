/**
 * What the exchange formats carry (decision 0071): the UI strings of one
 * target language, each with its source text (the favorite language's), a
 * note for the translator and a state. XLIFF 2.0 and gettext PO are two
 * spellings of this one document.
 */
import type { ExchangeFormat } from "#core/admin/translations/schema.ts";
import { FileRefused } from "#server/admin/romes/refusal.ts";

export { FileRefused };

/** XLIFF 2.0 segment states; PO spells "initial" as an empty msgstr and "reviewed"/"final" are kept as flags. */
export const UNIT_STATES = ["initial", "translated", "reviewed", "final"] as const;
export type UnitState = (typeof UNIT_STATES)[number];

export interface StringUnit {
  key: string;
  source: string;
  /** null: not translated in the target language. */
  target: string | null;
  state: UnitState;
  /** For the translator; not read back. */
  note?: string;
}

export interface ExchangeDocument {
  sourceLanguage: string;
  targetLanguage: string;
  /** UI strings, by key. */
  units: StringUnit[];
  /**
   * Article translations (decision 0073), XLIFF only: one unit per translatable field, keyed
   * "<article key>/<field>" (ARTICLE_FIELDS; the unit's id in the file: unit-ids.ts). Absent when the file carries no articles.
   */
  articles?: StringUnit[];
  /** Tags' names (decision 0221), XLIFF only: one unit per tag, keyed by the tag's key. Absent when the file carries none. */
  tags?: StringUnit[];
  /** ROME jobs' labels (decision 0221), XLIFF only: one unit per job, keyed by its code. Absent when the file carries none. */
  jobs?: StringUnit[];
}

/** The parts of an exchange file besides UI strings and articles, by their XLIFF <file> id. */
export const EXTRA_PARTS = ["tags", "jobs"] as const;
export type ExtraPart = (typeof EXTRA_PARTS)[number];

/** How report entries name a tag's or a job's unit ("tags/careers", "jobs/A1101"). */
export const partReportKey = (part: ExtraPart, key: string) => `${part}/${key}`;

/** An article version's translatable fields, in the order they are written. */
export const ARTICLE_FIELDS = ["title", "summary", "body", "coverAlt"] as const;
export type ArticleField = (typeof ARTICLE_FIELDS)[number];

/** How report entries name an article's field ("articles/welcome/title"): apart from UI string keys, which are upper case. */
export const ARTICLE_REPORT_PREFIX = "articles/";

/** A translation file larger than this is refused before parsing (the seeded strings of a language are ~20 KB). */
export const MAX_EXCHANGE_FILE_BYTES = 2 * 1024 * 1024;

/** The import request carries the file as JSON text: room for escaping on top of the file's own limit (server/http/body-limits.ts). */
export const IMPORT_BODY_LIMIT_BYTES = 2 * MAX_EXCHANGE_FILE_BYTES;

export const FILE_EXTENSIONS: Record<ExchangeFormat, string> = { xliff: "xlf", po: "po" };
export const MEDIA_TYPES: Record<ExchangeFormat, string> = {
  xliff: "application/xliff+xml; charset=utf-8",
  po: "text/x-gettext-translation; charset=utf-8",
};

/** XML starts with "<" (after an optional byte-order mark and blanks); anything else is read as PO. */
export function detectFormat(text: string): ExchangeFormat {
  return /^\uFEFF?\s*</.test(text) ? "xliff" : "po";
}

export function assertWithinSizeLimit(text: string): void {
  if (Buffer.byteLength(text, "utf8") > MAX_EXCHANGE_FILE_BYTES) {
    throw new FileRefused(`The file is larger than ${MAX_EXCHANGE_FILE_BYTES / (1024 * 1024)} MiB.`);
  }
}
