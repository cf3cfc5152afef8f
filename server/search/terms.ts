/**
 * How text becomes search terms in a language (docs/decisions/0090-search-feeds-and-tags.md):
 * folded (accents, case, ligatures: core/text.ts), cut into words by Intl.Segmenter (so
 * Japanese, Chinese or Thai, written without spaces, get words too), then stemmed with the
 * language's Snowball stemmer where one exists. The same function serves indexing, querying
 * and highlighting, so a highlighted word is exactly a word that matched.
 */
import snowball from "snowball-stemmers";
import { LRUCache } from "lru-cache";
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

/** Distinct folded words whose terms a language remembers; past it the least recently used are forgotten. */
const MEMO_SIZE = 50_000;

/**
 * A language's folded word → term. The JavaScript Snowball port costs about 70 µs a word and
 * a language's text reuses a small vocabulary, so terms are remembered: indexing a body is then
 * mostly lookups.
 */
const termFunctions = new Map<string, (folded: string) => string>();
function termFunctionFor(code: string): (folded: string) => string {
  let termFunction = termFunctions.get(code);
  if (!termFunction) {
    const algorithm = stemmingOf(code);
    const stemmer = algorithm === null ? null : snowball.newStemmer(algorithm);
    const memo = new LRUCache<string, string>({ max: MEMO_SIZE });
    termFunction = (folded) => {
      if (stemmer === null) return folded;
      let term = memo.get(folded);
      if (term === undefined) {
        term = stemmer.stem(folded);
        memo.set(folded, term);
      }
      return term;
    };
    termFunctions.set(code, termFunction);
  }
  return termFunction;
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
  const term = termFunctionFor(code);
  const partsOf = partsFunctionFor(code);
  for (const segment of segmenterFor(code).segment(text.toWellFormed())) {
    if (!segment.isWordLike) continue;
    for (const part of partsOf(segment.segment)) {
      yield { text: segment.segment, index: segment.index, term: term(part) };
    }
  }
}

/**
 * A language's word as the segmenter cut it → its folded parts (folding, then cutting at inner
 * separators). Text reuses its words, so indexing a body is mostly lookups here instead of two
 * normalizations and four replacements per word (bench/README.md, decision 0121).
 */
const partMemos = new Map<string, LRUCache<string, readonly string[]>>();
function partsFunctionFor(code: string): (word: string) => readonly string[] {
  let memo = partMemos.get(code);
  if (!memo) partMemos.set(code, (memo = new LRUCache<string, readonly string[]>({ max: MEMO_SIZE })));
  const known = memo;
  return (word) => {
    let parts = known.get(word);
    if (parts === undefined) {
      parts = foldForSearch(word)
        .split(INNER_SEPARATOR)
        .filter((part) => part !== "");
      known.set(word, parts);
    }
    return parts;
  };
}

/**
 * Letters and digits of plain Latin text (ASCII, Latin-1, Latin Extended-A) and of Arabic (its letters and digits,
 * not its marks or the tatweel): Unicode's word boundary rules (UAX #29, what Intl.Segmenter applies outside
 * dictionary scripts) never cut a run of them, and every other character, where it joins two runs into one segment
 * ("don't", "3.14"), is cut again by INNER_SEPARATOR. So in a text whose letters, digits and marks are all of
 * these, the runs are exactly the parts the segmenter path yields; a randomized test compares the two (terms.test.ts).
 */
const PLAIN =
  "A-Za-z0-9\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u017F" +
  "\\u0620-\\u063F\\u0641-\\u064A\\u0660-\\u0669\\u066E\\u066F\\u0671-\\u06D3\\u06D5\\u06E5\\u06E6\\u06EE-\\u06FC\\u06FF";
/**
 * A letter, digit or mark outside PLAIN's set (another script, a combining mark, ², ª…), or a format character (a
 * joiner, a direction mark, a soft hyphen): those change which pieces the segmenter calls word-like ("word_" and a
 * right-to-left mark is not; a word, a joiner and an emoji is one piece that is not), so the segmenter decides.
 */
const NOT_PLAIN = new RegExp(`[[\\p{L}\\p{N}\\p{M}\\p{Cf}]--[${PLAIN}]]`, "v");
/** Between two runs of PLAIN's characters. */
const PLAIN_GAP = new RegExp(`[^${PLAIN}]+`);
/** A character past Latin-1: a text without one is tested against NOT_PLAIN itself, the fastest way then. */
const BEYOND_LATIN_1 = /[^\0-\u00FF]/;

/** What notPlainUnits holds for a code unit: NOT_PLAIN matches it, or it is half of a character NOT_PLAIN must judge. */
const NOT_PLAIN_UNIT = 1;
const SURROGATE = 2;
/** For each UTF-16 code unit, NOT_PLAIN_UNIT, SURROGATE or 0 (plain, or not a letter, digit, mark or format character). */
let notPlainUnits: Uint8Array | undefined;
function notPlainUnitsTable(): Uint8Array {
  const table = new Uint8Array(0x1_0000);
  for (let unit = 0; unit < table.length; unit++) {
    if (unit >= 0xd800 && unit <= 0xdfff) table[unit] = SURROGATE;
    else if (NOT_PLAIN.test(String.fromCharCode(unit))) table[unit] = NOT_PLAIN_UNIT;
  }
  return table;
}

/**
 * NOT_PLAIN.test(text). Past Latin-1 each code unit is looked up in a table made from NOT_PLAIN (2–3 ms, once):
 * NOT_PLAIN's class is large, and testing it took about 0.1 ms on an article of Arabic letters, a tenth of that
 * through the table (decision 0238).
 */
function hasNotPlain(text: string): boolean {
  if (!BEYOND_LATIN_1.test(text)) return NOT_PLAIN.test(text);
  const table = (notPlainUnits ??= notPlainUnitsTable());
  for (let index = 0; index < text.length; index++) {
    const kind = table[text.charCodeAt(index)];
    if (kind === NOT_PLAIN_UNIT) return true;
    if (kind === SURROGATE) return NOT_PLAIN.test(text);
  }
  return false;
}

/** Each word-like piece of a text, as the segmenter would cut it for `parts` (runs of plain Latin or Arabic need no segmenter). */
function eachWord(text: string, code: string, visit: (word: string) => boolean | void): void {
  const wellFormed = text.toWellFormed();
  if (!hasNotPlain(wellFormed)) {
    // Splitting makes the runs' strings without a match object each (termsOf's main cost on a long body).
    for (const word of wellFormed.split(PLAIN_GAP)) if (word !== "" && visit(word) === false) return;
    return;
  }
  for (const segment of segmenterFor(code).segment(wellFormed)) {
    if (segment.isWordLike && visit(segment.segment) === false) return;
  }
}

/** The folded words of a text, unstemmed, space-separated: what PostgreSQL's own stemmer was given before migration 0024 (and is again below it). */
export function foldedWords(text: string, code: string, limit = Infinity): string {
  const partsOf = partsFunctionFor(code);
  const words: string[] = [];
  eachWord(text, code, (word) => {
    for (const part of partsOf(word)) words.push(part);
    return words.length < limit;
  });
  return (words.length > limit ? words.slice(0, limit) : words).join(" ");
}

/**
 * `compute` of a word, kept in `memos` under `key` (a language) in a plain Map emptied when full: a language's text
 * reuses a small vocabulary, and a Map lookup is cheaper than an LRU's.
 */
function wordMemo<Value>(
  memos: Map<string, Map<string, Value>>,
  key: string,
  compute: (word: string) => Value,
): (word: string) => Value {
  let memo = memos.get(key);
  if (!memo) memos.set(key, (memo = new Map<string, Value>()));
  const known = memo;
  return (word) => {
    let value = known.get(word);
    if (value === undefined) {
      value = compute(word);
      if (known.size >= MEMO_SIZE) known.clear();
      known.set(word, value);
    }
    return value;
  };
}

/**
 * A language's word as the segmenter cut it → its terms (its folded parts, stemmed): one lookup per word of a body
 * where partsFunctionFor and termFunctionFor take two.
 */
const wordTermMemos = new Map<string, Map<string, readonly string[]>>();
function wordTermsFunctionFor(code: string): (word: string) => readonly string[] {
  const term = termFunctionFor(code);
  const partsOf = partsFunctionFor(code);
  return wordMemo(wordTermMemos, code, (word) => partsOf(word).map(term));
}

/** The stemmed terms of a text, in order (repeats kept: they weigh in the ranking). Same terms as wordsOf, without its per-word objects. */
export function termsOf(text: string, code: string): string[] {
  const termsOfWord = wordTermsFunctionFor(code);
  const terms: string[] = [];
  eachWord(text, code, (word) => {
    const wordTerms = termsOfWord(word);
    if (wordTerms.length === 1) terms.push(wordTerms[0]!);
    else for (const term of wordTerms) terms.push(term);
  });
  return terms;
}

/**
 * A word → its terms, each after `prefix`, space-separated ("" for none): what SQLite's index form is made of, kept
 * per language and prefix so that a body's words cost one lookup and no new string each (decision 0236).
 */
const prefixedTermMemos = new Map<string, Map<string, string>>();
function prefixedTermsFunctionFor(code: string, prefix: string): (word: string) => string {
  const termsOfWord = wordTermsFunctionFor(code);
  return wordMemo(prefixedTermMemos, `${code}\n${prefix}`, (word) =>
    termsOfWord(word)
      .map((term) => prefix + term)
      .join(" "),
  );
}

/** termsOf's terms, each after `prefix`, space-separated: termsOf(text, code).map((term) => prefix + term).join(" "). */
export function prefixedTermsOf(text: string, code: string, prefix: string): string {
  const prefixedOf = prefixedTermsFunctionFor(code, prefix);
  const words: string[] = [];
  eachWord(text, code, (word) => {
    const prefixed = prefixedOf(word);
    if (prefixed !== "") words.push(prefixed);
  });
  return words.join(" ");
}

/** termsOf through Intl.Segmenter only (tests compare it with the plain-text path). */
export function segmentedTermsOf(text: string, code: string): string[] {
  return Array.from(wordsOf(text, code), (word) => word.term);
}

/** A query's terms in order, repeats kept, of its first MAX_QUERY_WORDS words: the phrase a whole-query match has (issue 44). */
export function queryPhrase(query: string, code: string): string[] {
  const terms: string[] = [];
  for (const word of wordsOf(query, code)) {
    terms.push(word.term);
    if (terms.length === MAX_QUERY_WORDS) break;
  }
  return terms;
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
