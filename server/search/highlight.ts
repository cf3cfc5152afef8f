/**
 * Highlighted titles and snippets of search results: plain text cut into parts,
 * some marked. The page renders each part as text (React escapes it) and marked
 * parts inside <mark>, so no stored or typed text is ever treated as HTML.
 */
import type { TextPart } from "#core/views.ts";
import { wordsOf } from "./terms.ts";

/** Characters of a snippet. */
export const SNIPPET_LENGTH = 220;
/** Characters of a body looked through for the first match: bounded work per result. */
const SCAN_LIMIT = 20_000;

/** Parts of `text` with every word whose term is one of `terms` marked. */
export function markTerms(text: string, terms: ReadonlySet<string>, code: string): TextPart[] {
  const whole = text.toWellFormed();
  const parts: TextPart[] = [];
  let at = 0;
  for (const word of wordsOf(whole, code)) {
    // A word split at an apostrophe yields its parts with one index: mark it once.
    if (word.index < at || !terms.has(word.term)) continue;
    if (word.index > at) parts.push({ text: whole.slice(at, word.index) });
    parts.push({ text: word.text, mark: true });
    at = word.index + word.text.length;
  }
  if (at < whole.length) parts.push({ text: whole.slice(at) });
  return parts;
}

/** Moves a cut off the second half of a surrogate pair. */
function safeCut(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index + 1 : index;
}

/** About SNIPPET_LENGTH characters of `text` around its first matching word, marked; null when no word matches. */
export function snippetOf(text: string, terms: ReadonlySet<string>, code: string): TextPart[] | null {
  const head = text.slice(0, SCAN_LIMIT).toWellFormed();
  let first = -1;
  for (const word of wordsOf(head, code)) {
    if (terms.has(word.term)) {
      first = word.index;
      break;
    }
  }
  if (first < 0) return null;
  let start = Math.max(0, first - Math.floor(SNIPPET_LENGTH / 3));
  // Start on a word when spaces separate words nearby (not in Japanese, where any cut is one).
  const space = head.indexOf(" ", start);
  if (start > 0 && space !== -1 && space < first) start = space + 1;
  start = safeCut(head, start);
  let end = Math.min(head.length, start + SNIPPET_LENGTH);
  // End after a whole word when spaces separate words.
  const lastSpace = head.lastIndexOf(" ", end);
  if (end < head.length && lastSpace > first) end = lastSpace;
  end = safeCut(head, end);
  const parts = markTerms(head.slice(start, end), terms, code);
  if (start > 0) parts.unshift({ text: "… " });
  if (end < text.length) parts.push({ text: " …" });
  return parts;
}
