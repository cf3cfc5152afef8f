/**
 * How alike two segments are, for translation-memory matches (issue 45 item 2, decision 0215): the score is
 * 1 − (word edit distance ÷ the longer segment's words), CJK scripts counted by character; 100 is kept for
 * the same text (normalized). The candidates a lookup scores are found by `sketchKeys`: the few
 * lowest hashes of a segment's word pairs, which a similar segment very likely shares, and which an index finds
 * without reading the memory.
 */
import { diffWords } from "diff";

export const FUZZY_THRESHOLD = 70;
/** How many keys each segment is indexed by. */
export const SKETCH_KEYS = 6;

const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}\p{M}]+/gu;

/** The text as compared for an exact match: NFKC, spaces collapsed, trimmed (case and punctuation count). */
export function normalizeSegment(text: string): string {
  return text.normalize("NFKC").replace(/\s+/gu, " ").trim();
}

/** The words a score counts: NFKC, lower case, punctuation left out, each CJK character a word. */
export function segmentTokens(text: string): string[] {
  return text.normalize("NFKC").toLocaleLowerCase("und").match(TOKEN) ?? [];
}

/** 53 bits of a string (cyrb53), in base 36: the exact-match column and the sketch keys. */
function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The exact-match key of a segment in a language. */
export function exactKey(text: string): string {
  return hash53(normalizeSegment(text)).toString(36);
}

/**
 * The segment's index keys in a language: the SKETCH_KEYS lowest 31-bit hashes of its word pairs (a one-word
 * segment: its word). Two segments a few words apart share most of their pairs, so most of these.
 */
export function sketchKeys(language: string, tokens: readonly string[]): number[] {
  const shingles =
    tokens.length === 1 ? [tokens[0]!] : tokens.slice(1).map((token, index) => `${tokens[index]} ${token}`);
  const hashes = new Set(shingles.map((shingle) => hash53(`${language}\u0000${shingle}`) % 2147483647));
  return [...hashes].sort((a, b) => a - b).slice(0, SKETCH_KEYS);
}

/** Word edit distance (insertions, deletions, substitutions), two rows at a time. */
function editDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** 0–100; 100 only for the same normalized text, 99 at most when only case, spaces or punctuation differ. */
export function similarity(query: string, candidate: string): number {
  if (normalizeSegment(query) === normalizeSegment(candidate)) return 100;
  const a = segmentTokens(query);
  const b = segmentTokens(candidate);
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 0;
  // The distance is at least the difference in length: skip what cannot reach the threshold.
  if ((Math.min(a.length, b.length) * 100) / longer < FUZZY_THRESHOLD) return 0;
  return Math.min(99, Math.floor((1 - editDistance(a, b) / longer) * 100));
}

export interface SegmentDifference {
  text: string;
  /** "removed": in the memory's source only; "added": in the segment being translated only. */
  change: "same" | "added" | "removed";
}

/** What differs between the memory's source and the segment being translated, word by word (in `language`). */
export function segmentDifferences(memorySource: string, query: string, language: string): SegmentDifference[] {
  const words = new Intl.Segmenter(language, { granularity: "word" });
  const parts = diffWords(memorySource, query, { intlSegmenter: words, maxEditLength: 2_000 });
  // Past the edit length the diff gives up: the two texts are shown whole.
  if (parts === undefined)
    return [
      { text: memorySource, change: "removed" },
      { text: query, change: "added" },
    ];
  return parts.map((part) => ({ text: part.value, change: part.added ? "added" : part.removed ? "removed" : "same" }));
}
