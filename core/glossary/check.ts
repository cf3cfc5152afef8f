/**
 * Glossary terms in a segment (issue 45 item 3, decision 0217): where a source segment holds a term of the
 * language pair's glossary, and what its translation lacks — the approved translation missing, or a forbidden one
 * present. Matching ignores case, compatibility forms (NFKC) and, in Arabic, the short vowels and the tatweel; a term
 * is a whole word, but for the CJK scripts, which do not space words, and for the Arabic one-letter prefixes
 * (و ف ب ل ك: "and", "so", "with", "for", "like"; one or two) written on the word.
 */
import type { QualityProblem } from "#core/segments/checks.ts";

export interface GlossaryTerm {
  term: string;
  translation: string;
  forbidden: readonly string[];
  note: string;
}

export interface TermFound<Term extends GlossaryTerm = GlossaryTerm> {
  term: Term;
  /** Where it is in the source, in UTF-16 code units (a highlight's range). */
  start: number;
  end: number;
}

export type GlossaryProblem =
  { kind: "missing"; term: string; translation: string } | { kind: "forbidden"; term: string; forbidden: string };

/** Arabic short vowels, shadda, sukun, the dagger alif and the tatweel: written or not, the same word. */
function isIgnored(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code === 0x0640 || (code >= 0x064b && code <= 0x065f) || code === 0x0670;
}
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const ARABIC_PREFIX = /[وفبلك]/u;

interface Folded {
  text: string;
  /** For each UTF-16 unit of `text`, the index in the original it came from. */
  origin: number[];
}

function fold(original: string): Folded {
  let text = "";
  const origin: number[] = [];
  let index = 0;
  for (const char of original) {
    if (!isIgnored(char)) {
      const folded = char.normalize("NFKC").toLocaleLowerCase("und");
      text += folded;
      for (let unit = 0; unit < folded.length; unit += 1) origin.push(index);
    }
    index += char.length;
  }
  origin.push(original.length);
  return { text, origin };
}

function isWordCharacter(char: string | undefined): boolean {
  return char !== undefined && WORD_CHARACTER.test(char);
}

/** Whether one or two of the Arabic one-letter prefixes ("وب", "and with") stand before `at`, at a word's start. */
function afterArabicPrefixes(haystack: string, at: number): boolean {
  for (let index = at - 1; index >= Math.max(0, at - 2) && ARABIC_PREFIX.test(haystack[index]!); index -= 1)
    if (!isWordCharacter(haystack[index - 1])) return true;
  return false;
}

/** Whether `needle` stands as a word at `at` of `haystack` (both folded). */
function standsAlone(haystack: string, needle: string, at: number): boolean {
  const before = haystack[at - 1];
  const after = haystack[at + needle.length];
  const startsUnspaced = UNSPACED.test(needle[0]!);
  const endsUnspaced = UNSPACED.test(needle.at(-1)!);
  const openBefore =
    startsUnspaced ||
    !isWordCharacter(before) ||
    (/\p{Script=Arabic}/u.test(needle[0]!) && afterArabicPrefixes(haystack, at));
  return openBefore && (endsUnspaced || !isWordCharacter(after));
}

/** The places `needle` (folded) stands as a word in `haystack` (folded). */
function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (needle === "") return found;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1))
    if (standsAlone(haystack, needle, at)) found.push(at);
  return found;
}

/** The glossary's terms in the source segment, in the order they appear (a longer term first where two start together). */
export function findTerms<Term extends GlossaryTerm>(terms: readonly Term[], source: string): TermFound<Term>[] {
  const folded = fold(source);
  const found: TermFound<Term>[] = [];
  for (const term of terms) {
    const needle = fold(term.term.trim()).text;
    for (const at of occurrences(folded.text, needle))
      found.push({ term, start: folded.origin[at]!, end: folded.origin[at + needle.length]! });
  }
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

function contains(target: Folded, text: string): boolean {
  return occurrences(target.text, fold(text.trim()).text).length > 0;
}

/** For each term the source holds: its approved translation missing from the target, and each forbidden one present. */
export function glossaryProblems(terms: readonly GlossaryTerm[], source: string, target: string): GlossaryProblem[] {
  const folded = fold(target);
  const problems: GlossaryProblem[] = [];
  const seen = new Set<GlossaryTerm>();
  for (const { term } of findTerms(terms, source)) {
    if (seen.has(term)) continue;
    seen.add(term);
    if (term.translation.trim() !== "" && !contains(folded, term.translation))
      problems.push({ kind: "missing", term: term.term, translation: term.translation });
    for (const forbidden of term.forbidden)
      if (forbidden.trim() !== "" && contains(folded, forbidden))
        problems.push({ kind: "forbidden", term: term.term, forbidden });
  }
  return problems;
}

/**
 * The glossary's problems of a segment as warnings of the live quality checks (decision 0212): one per kind, naming
 * every term concerned ("crossing → traversée"), so a warning dismissed stays dismissed while others are typed.
 */
export function glossaryWarnings(terms: readonly GlossaryTerm[], source: string, target: string): QualityProblem[] {
  const problems = glossaryProblems(terms, source, target);
  const missing = problems.flatMap((problem) =>
    problem.kind === "missing" ? [`${problem.term} → ${problem.translation}`] : [],
  );
  const forbidden = problems.flatMap((problem) =>
    problem.kind === "forbidden" ? [`${problem.term} ↛ ${problem.forbidden}`] : [],
  );
  return [
    ...(missing.length > 0
      ? [{ check: "glossary_missing" as const, blocking: false, params: { terms: missing.join(", ") } }]
      : []),
    ...(forbidden.length > 0
      ? [{ check: "glossary_forbidden" as const, blocking: false, params: { terms: forbidden.join(", ") } }]
      : []),
  ];
}
