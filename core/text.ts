// Text folding for accent- and case-insensitive search, and URL slugs.
// Pure string functions: no locale, no I/O.

/** Combining marks that sit on a Latin, Greek or Cyrillic letter (after NFD). */
const MARKS_ON_EUROPEAN_LETTER = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu;

/**
 * Arabic harakat/tashkeel and Quranic annotation marks, plus the tatweel (kashida).
 * They are optional vowel and typographic marks: people search without them.
 * Not U+0653–U+0655 (madda, hamza above/below): after NFD they are part of letters
 * such as ئ and أ, and removing them would change the word (وظائف → وظايف).
 */
const ARABIC_OPTIONAL_MARKS =
  /[\u0610-\u061A\u064B-\u0652\u0656-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E4\u06E7\u06E8\u06EA-\u06ED\u0640]/gu;

/** Letters NFD does not decompose but that people type as two letters (applied after lowercasing). */
const LIGATURES: Readonly<Record<string, string>> = {
  œ: "oe",
  æ: "ae",
  ß: "ss",
  ﬀ: "ff",
  ﬁ: "fi",
  ﬂ: "fl",
  ﬃ: "ffi",
  ﬄ: "ffl",
  ﬅ: "st",
  ﬆ: "st",
  // Greek final sigma is the same letter as σ; toLowerCase produces it only at word ends.
  ς: "σ",
};
const LIGATURE_PATTERN = new RegExp(`[${Object.keys(LIGATURES).join("")}]`, "gu");

/** Folds letters only (no whitespace handling): shared by search and slugs. */
function foldLetters(text: string): string {
  return (
    text
      .normalize("NFD")
      .toLowerCase()
      // Strip accents only where they are accents: on Japanese kana the dakuten is part of the letter.
      .replace(MARKS_ON_EUROPEAN_LETTER, "$1")
      .replace(ARABIC_OPTIONAL_MARKS, "")
      .replace(LIGATURE_PATTERN, (letter) => LIGATURES[letter] ?? letter)
      // Recompose what was kept (ガ = カ + ◌゙) so results compare equal to ordinary typed text.
      .normalize("NFC")
  );
}

/**
 * Accent-, case- and whitespace-insensitive form of a text, for matching. "Métiers" → "metiers".
 * NFKC first: compatibility forms (full-width ＲＯＭＥ, half-width ｶﾀｶﾅ, ligatures, Arabic presentation
 * forms) are the letters people mean, so they find the same words (issue 44).
 */
export function foldForSearch(text: string): string {
  return foldLetters(text.normalize("NFKC")).replace(/\s+/gu, " ").trim();
}

/** True when every word of the query occurs in the (already folded) haystack; an empty query matches everything. */
export function matchesAllWords(haystackFolded: string, query: string): boolean {
  const words = foldForSearch(query)
    .split(" ")
    .filter((word) => word !== "");
  return words.every((word) => haystackFolded.includes(word));
}

/** The longest jobs search the directory accepts: the form limits it, the loader refuses longer ones with a 400. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SLUG_MAX_LENGTH = 80;
export const SLUG_FALLBACK = "item";

/** Marks with no letter or digit to sit on (at the start or after punctuation): dropped, not turned into "-". */
const ORPHAN_MARKS = /(^|[^\p{L}\p{N}\p{M}])\p{M}+/gu;
/** Anything that is not part of a word, in any script. Marks stay: Hindi or Thai vowel signs are part of their word. */
const NON_WORD_RUN = /[^\p{L}\p{N}\p{M}]+/gu;

/** URL slug of a title: folded, words joined by "-", at most 80 characters, never empty. */
export function slugify(title: string): string {
  const joined = foldLetters(title)
    .replace(ORPHAN_MARKS, "$1")
    .replace(NON_WORD_RUN, "-")
    .replace(/^-+|-+$/gu, "");
  const slug = truncateAtHyphen(joined, SLUG_MAX_LENGTH);
  return slug === "" ? SLUG_FALLBACK : slug;
}

/** Cuts a slug to `max` code points, at the last "-" boundary when there is one. */
function truncateAtHyphen(slug: string, max: number): string {
  const chars = Array.from(slug);
  if (chars.length <= max) return slug;
  // Cutting exactly before a "-" keeps whole words already.
  if (chars[max] === "-") return chars.slice(0, max).join("");
  const head = chars.slice(0, max);
  const lastHyphen = head.lastIndexOf("-");
  // One very long word (e.g. Japanese without spaces): a hard cut is the only option.
  return (lastHyphen > 0 ? head.slice(0, lastHyphen) : head).join("");
}
