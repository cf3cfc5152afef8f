/**
 * How text becomes search terms in a language (docs/decisions/0090-search-feeds-and-tags.md):
 * folded (accents, case, ligatures: core/text.ts), cut into words by Intl.Segmenter (so
 * Japanese, Chinese or Thai, written without spaces, get words too), then stemmed with the
 * language's Snowball stemmer where one exists. The same function serves indexing, querying
 * and highlighting, so a highlighted word is exactly a word that matched.
 */
import snowball from "snowball-stemmers";
import { foldForSearch } from "#core/text.ts";

/** Snowball algorithms by primary language subtag; the names are also PostgreSQL's text search configurations. */
const STEMMERS: Readonly<Record<string, string>> = {
  en: "english",
  fr: "french",
  es: "spanish",
  de: "german",
  pt: "portuguese",
  ar: "arabic",
  it: "italian",
  nl: "dutch",
  da: "danish",
  sv: "swedish",
  nb: "norwegian",
  no: "norwegian",
  fi: "finnish",
  hu: "hungarian",
  ro: "romanian",
  ru: "russian",
  tr: "turkish",
};

/** Words kept per text searched: a query of thousands of words costs the same as one of twelve. */
export const MAX_QUERY_WORDS = 12;

const primarySubtag = (code: string) => code.split("-")[0]!.toLowerCase();

/** The Snowball algorithm (and PostgreSQL configuration) of a language, or null: words are only folded. */
export function stemmingOf(code: string): string | null {
  return STEMMERS[primarySubtag(code)] ?? null;
}

interface Stemmer {
  stem(word: string): string;
}

/** Stems remembered per language; the memo is emptied when full, so its memory stays bounded. */
const STEM_MEMO_SIZE = 50_000;

/** Text repeats its words: stemming each occurrence again was most of a bulk import's CPU (bench/README.md). */
function remembering(stemmer: Stemmer): Stemmer {
  const memo = new Map<string, string>();
  return {
    stem(word) {
      let stem = memo.get(word);
      if (stem === undefined) {
        if (memo.size >= STEM_MEMO_SIZE) memo.clear();
        stem = stemmer.stem(word);
        memo.set(word, stem);
      }
      return stem;
    },
  };
}

const stemmers = new Map<string, Stemmer | null>();
function stemmerFor(code: string) {
  const algorithm = stemmingOf(code);
  let stemmer = stemmers.get(code);
  if (stemmer === undefined) {
    stemmer = algorithm === null ? null : remembering(snowball.newStemmer(algorithm));
    stemmers.set(code, stemmer);
  }
  return stemmer;
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterFor(code: string): Intl.Segmenter {
  let segmenter = segmenters.get(code);
  if (!segmenter) {
    // An unknown or malformed code falls back to the default locale's rules rather than failing.
    const locale = Intl.Segmenter.supportedLocalesOf([code]).length > 0 ? code : undefined;
    segmenter = new Intl.Segmenter(locale, { granularity: "word" });
    segmenters.set(code, segmenter);
  }
  return segmenter;
}

/** Anything inside a word that is not a letter, digit or mark (apostrophes, hyphens): it separates terms. */
const INNER_SEPARATOR = /[^\p{L}\p{N}\p{M}]+/u;

/** A word as typed (its place in the text) and the term it stands for. */
export interface Word {
  text: string;
  index: number;
  term: string;
}

/** The words of a text in a language, each with its term; invalid UTF-16 (lone surrogates) is repaired first. */
export function* wordsOf(text: string, code: string): Generator<Word> {
  const stemmer = stemmerFor(code);
  for (const segment of segmenterFor(code).segment(text.toWellFormed())) {
    if (!segment.isWordLike) continue;
    for (const part of foldForSearch(segment.segment).split(INNER_SEPARATOR)) {
      if (part === "") continue;
      yield { text: segment.segment, index: segment.index, term: stemmer ? stemmer.stem(part) : part };
    }
  }
}

/** The folded words of a text, unstemmed, space-separated: what PostgreSQL's own stemmer is given. */
export function foldedWords(text: string, code: string, limit = Infinity): string {
  const words: string[] = [];
  for (const segment of segmenterFor(code).segment(text.toWellFormed())) {
    if (!segment.isWordLike) continue;
    words.push(...foldForSearch(segment.segment).split(INNER_SEPARATOR).filter((part) => part !== ""));
    if (words.length >= limit) break;
  }
  return words.slice(0, limit).join(" ");
}

/** The stemmed terms of a text, in order (repeats kept: they weigh in the ranking). */
export function termsOf(text: string, code: string): string[] {
  return Array.from(wordsOf(text, code), (word) => word.term);
}

/** A query's distinct terms, at most MAX_QUERY_WORDS. */
export function queryTerms(query: string, code: string): string[] {
  const terms = new Set<string>();
  for (const word of wordsOf(query, code)) {
    terms.add(word.term);
    if (terms.size === MAX_QUERY_WORDS) break;
  }
  return [...terms];
}
