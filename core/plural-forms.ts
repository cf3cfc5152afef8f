// gettext's Plural-Forms header of a language (issue 42 item 2). Our PO files keep ICU plurals inside
// each message, so the header does not drive any entry; translation tools read it to know the
// language's plural forms (Arabic 6, Japanese 1). Rather than a table per language, the header is the
// first of gettext's usual formulas that sorts every count of SAMPLE_COUNTS into the same CLDR
// categories as the runtime's Intl.PluralRules, in CLDR's order of categories.

/** One of gettext's usual plural formulas: the C expression a PO header names, and the same rule in code. */
interface PluralFormula {
  nplurals: number;
  expression: string;
  index: (n: number) => number;
}

const FORMULAS: readonly PluralFormula[] = [
  { nplurals: 1, expression: "0", index: () => 0 },
  { nplurals: 2, expression: "(n != 1)", index: (n) => Number(n !== 1) },
  { nplurals: 2, expression: "(n > 1)", index: (n) => Number(n > 1) },
  { nplurals: 2, expression: "(n % 10 != 1 || n % 100 == 11)", index: (n) => Number(n % 10 !== 1 || n % 100 === 11) },
  { nplurals: 3, expression: "(n == 1 ? 0 : n == 2 ? 1 : 2)", index: (n) => (n === 1 ? 0 : n === 2 ? 1 : 2) },
  {
    nplurals: 3,
    expression: "(n == 0 || n == 1 ? 0 : n % 1000000 == 0 ? 1 : 2)",
    index: (n) => (n === 0 || n === 1 ? 0 : n % 1000000 === 0 ? 1 : 2),
  },
  {
    nplurals: 3,
    expression: "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)",
    index: (n) => (n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2),
  },
  {
    nplurals: 3,
    expression: "(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2)",
    index: (n) => (n === 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2),
  },
  {
    nplurals: 3,
    expression:
      "(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2)",
    index: (n) =>
      n % 10 === 1 && n % 100 !== 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2,
  },
  {
    nplurals: 3,
    expression: "(n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2)",
    index: (n) => (n === 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2),
  },
  {
    nplurals: 3,
    expression: "(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2)",
    index: (n) => (n % 10 === 1 && n % 100 !== 11 ? 0 : n % 10 >= 2 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2),
  },
  {
    nplurals: 3,
    expression: "(n % 10 == 0 || (n % 100 >= 11 && n % 100 <= 19) ? 0 : n % 10 == 1 && n % 100 != 11 ? 1 : 2)",
    index: (n) => (n % 10 === 0 || (n % 100 >= 11 && n % 100 <= 19) ? 0 : n % 10 === 1 && n % 100 !== 11 ? 1 : 2),
  },
  {
    nplurals: 3,
    expression: "(n == 1 ? 0 : n == 0 || (n % 100 > 0 && n % 100 < 20) ? 1 : 2)",
    index: (n) => (n === 1 ? 0 : n === 0 || (n % 100 > 0 && n % 100 < 20) ? 1 : 2),
  },
  {
    nplurals: 4,
    expression: "(n % 100 == 1 ? 0 : n % 100 == 2 ? 1 : n % 100 == 3 || n % 100 == 4 ? 2 : 3)",
    index: (n) => (n % 100 === 1 ? 0 : n % 100 === 2 ? 1 : n % 100 === 3 || n % 100 === 4 ? 2 : 3),
  },
  {
    nplurals: 5,
    expression: "(n == 1 ? 0 : n == 2 ? 1 : n >= 3 && n <= 6 ? 2 : n >= 7 && n <= 10 ? 3 : 4)",
    index: (n) => (n === 1 ? 0 : n === 2 ? 1 : n >= 3 && n <= 6 ? 2 : n >= 7 && n <= 10 ? 3 : 4),
  },
  {
    nplurals: 6,
    expression: "(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5)",
    index: (n) => (n === 0 ? 0 : n === 1 ? 1 : n === 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5),
  },
];

/** Counts a formula must sort like CLDR: every rule of the last two digits and of the hundreds, and the millions (French "many"). */
export const SAMPLE_COUNTS: readonly number[] = [
  ...Array.from({ length: 1001 }, (_, n) => n),
  1_000_000,
  1_000_001,
  2_000_000,
  10_000_000,
];

const CLDR_ORDER: readonly Intl.LDMLPluralRule[] = ["zero", "one", "two", "few", "many", "other"];

/**
 * The Plural-Forms header of a language tag ("nplurals=6; plural=(…);"), or null when the runtime does not
 * know the language or none of the usual formulas matches its rules (the header is then left out: a wrong
 * one would mislead a tool more than a missing one).
 */
export function pluralFormsHeader(languageTag: string): string | null {
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(languageTag);
  } catch {
    return null;
  }
  if (Intl.PluralRules.supportedLocalesOf(languageTag).length === 0) return null;
  const categoryOf = SAMPLE_COUNTS.map((n) => rules.select(n));
  const used = CLDR_ORDER.filter((category) => categoryOf.includes(category));
  const formula = FORMULAS.find(
    (candidate) =>
      candidate.nplurals === used.length && SAMPLE_COUNTS.every((n, at) => used[candidate.index(n)] === categoryOf[at]),
  );
  return formula ? `nplurals=${formula.nplurals}; plural=${formula.expression};` : null;
}
