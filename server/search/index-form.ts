/**
 * An entry's index form, in JavaScript (decisions 0090, 0124): its terms (./terms.ts) as each database's index
 * takes them. No database here: the import's worker threads load this module (decision 0226).
 */
import type { DialectName } from "#server/db/connect.ts";
import {
  languagePrefix,
  MAX_LEXEME_BYTES,
  MAX_POSITION,
  MAX_POSITIONS,
  quoteLexeme,
  type IndexForm,
} from "#server/db/full-text-form.ts";
import { prefixedTermsOf, termsOf } from "./terms.ts";

/** A text's terms as SQLite's index takes them: stemmed, each prefixed with its language, space-separated. */
export function sqliteTerms(text: string, code: string): string {
  return prefixedTermsOf(text, code, languagePrefix(code));
}

/**
 * A version's terms as a PostgreSQL tsvector literal: each term with its positions across title,
 * summary and body (one numbering, as `to_tsvector(title) || to_tsvector(summary) || …` gives) and
 * the part's weight (A, B, C). The terms are those SQLite indexes and both dialects query with
 * (server/search/terms.ts), so a search finds the same versions on either database (decision 0124).
 * Like to_tsvector: a term longer than a lexeme can be is left out, positions past the last one
 * count as the last, and a term keeps its first 256 positions.
 */
export function postgresDocument(
  parts: readonly (readonly [text: string, weight: "A" | "B" | "C"])[],
  code: string,
): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const [text, weight] of parts) {
    for (const term of termsOf(text, code)) {
      position = Math.min(position + 1, MAX_POSITION);
      // Three bytes at most per UTF-16 unit: only a long term needs counting.
      if (term.length * 3 > MAX_LEXEME_BYTES && Buffer.byteLength(term) > MAX_LEXEME_BYTES) continue;
      const at = `${position}${weight}`;
      let list = positions.get(term);
      if (list === undefined) positions.set(term, (list = []));
      if (list.length < MAX_POSITIONS && list.at(-1) !== at) list.push(at);
    }
  }
  return Array.from(positions, ([term, list]) => `${quoteLexeme(term)}:${list.join(",")}`).join(" ");
}

/**
 * An entry's index form. Pure, so a bulk import's render workers compute it (stemming is most of
 * the import's main-thread time otherwise, bench/README.md).
 */
export function indexForm(
  dialect: DialectName,
  entry: { title: string; summary: string; body_text: string },
  code: string,
): IndexForm {
  if (dialect === "sqlite")
    return [sqliteTerms(entry.title, code), sqliteTerms(entry.summary, code), sqliteTerms(entry.body_text, code)];
  return [
    postgresDocument(
      [
        [entry.title, "A"],
        [entry.summary, "B"],
        [entry.body_text, "C"],
      ],
      code,
    ),
  ];
}
