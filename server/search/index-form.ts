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
  type IndexForm,
} from "#server/db/full-text-form.ts";
import { prefixedTermsOf, termsOf } from "./terms.ts";

/** A text's terms as SQLite's index takes them: stemmed, each prefixed with its language, space-separated. */
export function sqliteTerms(text: string, code: string): string {
  return prefixedTermsOf(text, code, languagePrefix(code));
}

/** A position's weight in tsvector's binary form (WordEntryPos: the two high bits, A highest; the position below). */
const WEIGHT_BITS = { A: 3 << 14, B: 2 << 14, C: 1 << 14 } as const;
const POSITION_BITS = (1 << 14) - 1;

/**
 * A version's terms as a PostgreSQL tsvector in its binary form (what `tsvector_send` writes and `tsvector_recv`
 * reads: sent as a binary parameter, it is stored without PostgreSQL parsing a literal, about a fifth of its CPU in
 * an import, decision 0238): each term with its positions across title, summary and body (one numbering, as
 * `to_tsvector(title) || to_tsvector(summary) || …` gives) and the part's weight (A, B, C). The terms are those
 * SQLite indexes and both dialects query with (server/search/terms.ts), so a search finds the same versions on either
 * database (decision 0124). Like to_tsvector: a term longer than a lexeme can be is left out, positions past the last
 * one count as the last (once, with the first part's weight, as tsvector input keeps the highest), and a term keeps
 * its first 256 positions.
 */
export function postgresDocument(
  parts: readonly (readonly [text: string, weight: keyof typeof WEIGHT_BITS])[],
  code: string,
): Uint8Array {
  const positions = new Map<string, number[]>();
  let position = 0;
  for (const [text, weight] of parts) {
    for (const term of termsOf(text, code)) {
      position = Math.min(position + 1, MAX_POSITION);
      // Three bytes at most per UTF-16 unit: only a long term needs counting.
      if (term.length * 3 > MAX_LEXEME_BYTES && Buffer.byteLength(term) > MAX_LEXEME_BYTES) continue;
      let list = positions.get(term);
      if (list === undefined) positions.set(term, (list = []));
      if (list.length < MAX_POSITIONS && ((list.at(-1) ?? 0) & POSITION_BITS) !== position)
        list.push(WEIGHT_BITS[weight] | position);
    }
  }
  // The lexemes' count, then each lexeme's UTF-8 and a NUL, its positions' count and its positions, big-endian.
  let size = 4;
  for (const [term, list] of positions) size += Buffer.byteLength(term) + 3 + 2 * list.length;
  // Not from Buffer's shared pool: a worker posts the document, and a pooled view would carry the whole pool.
  const document = Buffer.allocUnsafeSlow(size);
  let at = document.writeUInt32BE(positions.size, 0);
  for (const [term, list] of positions) {
    at += document.write(term, at);
    at = document.writeUInt8(0, at);
    at = document.writeUInt16BE(list.length, at);
    for (const value of list) at = document.writeUInt16BE(value, at);
  }
  return document;
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
