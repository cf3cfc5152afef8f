/**
 * How alike two segments are, for translation-memory matches (issue 45 item 2, decision 0215): the score is
 * 1 − (word edit distance ÷ the longer segment's words), CJK scripts counted by character; 100 is kept for
 * the same text (normalized). The candidates a lookup scores are found by `sketchKeys` (locality-sensitive hashes,
 * which a similar segment very likely shares), which an index finds without reading the memory.
 */
import { diffWords } from "diff";

export const FUZZY_THRESHOLD = 70;

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

/** Bands of the locality-sensitive hash, and minimum hashes per band. */
const BANDS = 6;
const ROWS = 2;
const SEEDS = Array.from({ length: BANDS * ROWS }, (_, index) => Math.imul(index + 1, 0x9e3779b1) >>> 0);
/** Segments up to this many words are keyed by word pairs; from SHORTEST_BY_TRIPLES on, by word triples (both between). */
const LONGEST_BY_PAIRS = 12;
const SHORTEST_BY_TRIPLES = 8;

/** A 32-bit hash of `value` under `seed` (murmur3's finalizer). */
function mix(value: number, seed: number): number {
  let x = (value ^ seed) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** One key per band: the band's minimum hashes of the segment's runs of `size` words (a shorter segment: all its words). */
function bandKeys(language: string, tokens: readonly string[], size: number): number[] {
  const runs =
    tokens.length <= size
      ? [tokens.join(" ")]
      : tokens.slice(size - 1).map((_, index) => tokens.slice(index, index + size).join(" "));
  const hashes = runs.map((run) => hash53(run) % 4294967296);
  const minima = SEEDS.map((seed) => Math.min(...hashes.map((hash) => mix(hash, seed))));
  return Array.from(
    { length: BANDS },
    (_, band) =>
      hash53(`${language}\u0000${size}:${band}\u0000${minima[band * ROWS]}\u0000${minima[band * ROWS + 1]}`) %
      2147483647,
  );
}

/**
 * The segment's index keys in a language (MinHash LSH): per band, the minimum hashes of its word pairs (short
 * segments) or word triples (long ones) under two hash functions. Two segments share a band's key with the probability
 * of their runs' Jaccard similarity squared: near-equal segments very likely share one of the six, unrelated ones
 * almost never, even in text of few distinct words, so each key's list stays short.
 */
export function sketchKeys(language: string, tokens: readonly string[]): number[] {
  if (tokens.length === 0) return [];
  const keys = new Set<number>();
  if (tokens.length <= LONGEST_BY_PAIRS) for (const key of bandKeys(language, tokens, 2)) keys.add(key);
  if (tokens.length >= SHORTEST_BY_TRIPLES) for (const key of bandKeys(language, tokens, 3)) keys.add(key);
  return [...keys];
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

const segmenters = new Map<string, Intl.Segmenter>();

/** What differs between the memory's source and the segment being translated, word by word (in `language`). */
export function segmentDifferences(memorySource: string, query: string, language: string): SegmentDifference[] {
  if (memorySource === query) return [{ text: query, change: "same" }];
  let words = segmenters.get(language);
  if (words === undefined) {
    words = new Intl.Segmenter(language, { granularity: "word" });
    segmenters.set(language, words);
  }
  const parts = diffWords(memorySource, query, { intlSegmenter: words, maxEditLength: 2_000 });
  // Past the edit length the diff gives up: the two texts are shown whole.
  if (parts === undefined)
    return [
      { text: memorySource, change: "removed" },
      { text: query, change: "added" },
    ];
  return parts.map((part) => ({ text: part.value, change: part.added ? "added" : part.removed ? "removed" : "same" }));
}
