import { describe, expect, it } from "vitest";
import { argumentNames, compileMessage, messageProblems, parseMessage, pluralCategoriesOf } from "./message.ts";

const codes = (text: string, locale: string, source?: { text: string; locale: string }) =>
  messageProblems(text, locale, source).map((problem) => problem.code);

const JOBS: Record<string, string> = {
  "en-US": "{count, plural, one {# job} other {# jobs}}",
  "fr-FR": "{count, plural, one {# métier} many {# de métiers} other {# métiers}}",
  "es-ES": "{count, plural, one {# empleo} many {# de empleos} other {# empleos}}",
  "de-DE": "{count, plural, one {# Beruf} other {# Berufe}}",
  "pt-BR": "{count, plural, one {# emprego} many {# de empregos} other {# empregos}}",
  ar: "{count, plural, zero {لا وظائف} one {وظيفة واحدة} two {وظيفتان} few {# وظائف} many {# وظيفة} other {# وظيفة}}",
  "ja-JP": "{count, plural, other {#件の職業}}",
};
const SOURCE = { text: JOBS["en-US"]!, locale: "en-US" };

describe("pluralCategoriesOf", () => {
  it("follows CLDR through Intl for the seven seeded languages", () => {
    expect(pluralCategoriesOf("en-US")).toEqual(["one", "other"]);
    expect(pluralCategoriesOf("ar")).toEqual(["zero", "one", "two", "few", "many", "other"]);
    expect(pluralCategoriesOf("ja-JP")).toEqual(["other"]);
    expect(pluralCategoriesOf("fr-FR")).toEqual(["one", "many", "other"]);
    expect(pluralCategoriesOf("en-US", "ordinal")).toEqual(["one", "two", "few", "other"]);
  });
});

describe("messageProblems", () => {
  it.each(Object.entries(JOBS))("accepts a complete plural in %s", (locale, text) => {
    expect(messageProblems(text, locale, SOURCE)).toEqual([]);
  });

  it("accepts plain strings, simple arguments, select, number and date arguments", () => {
    expect(messageProblems("Accueil", "fr-FR")).toEqual([]);
    expect(messageProblems("L’accueil d'Ada — 100 % <b>", "fr-FR")).toEqual([]);
    expect(
      messageProblems("Bienvenue, {displayName} !", "fr-FR", { text: "Welcome, {displayName}!", locale: "en-US" }),
    ).toEqual([]);
    expect(messageProblems("{kind, select, article {un article} other {une page}}", "fr-FR")).toEqual([]);
    expect(messageProblems("{share, number, percent} le {day, date, long}", "fr-FR")).toEqual([]);
  });

  it("lets a translation use fewer arguments than the source", () => {
    expect(messageProblems("Bienvenue !", "fr-FR", { text: "Welcome, {displayName}!", locale: "en-US" })).toEqual([]);
  });

  describe("syntax errors point at the problem", () => {
    it("an unclosed argument, with line and column", () => {
      const [problem] = messageProblems("Jobs:\n{count, plural, one {# job} other {# jobs}", "en-US");
      expect(problem).toMatchObject({ code: "syntax", line: 2, column: 1 });
      expect(problem!.message).toBe(
        'Syntax error at line 2, column 1 ("{count, plural, one {# j…"): a { is not closed by a matching }.',
      );
    });

    it.each([
      ["{}", "has no argument name"],
      ["{count, plural, one {# job}}", "need an other {…} case"],
      ["{count, plurall, other {x}}", "must be number, date, time, plural, select or selectordinal"],
      ["{count, plural, one {a} one {b} other {c}}", "the same plural category appears twice"],
      ["{count, plural, one # job other {# jobs}}", "must be followed by its text in {…}"],
      ["{kind, select}", "a select needs its cases"],
      ["{n, number, ::}", "the number format is not valid"],
      ["{n, date, ::}", "a date format must follow ::"],
      ["{n, number, ::.00/@@/x}", "Fraction-precision stems only accept a single optional option"],
    ])("%s", (text, explanation) => {
      const problems = messageProblems(text, "en-US");
      expect(problems).toHaveLength(1);
      expect(problems[0]!.code).toBe("syntax");
      expect(problems[0]!.message).toContain(explanation);
    });
  });

  it("says when the problem is at the end of the text", () => {
    expect(messageProblems("{count, plural, one {# job}", "en-US")[0]!.message).toBe(
      "Syntax error at line 1, column 28 (the end of the text): plural and select need an other {…} case.",
    );
  });

  it("takes a lone } as text, as ICU does", () => {
    expect(messageProblems("unbalanced }", "en-US")).toEqual([]);
  });

  it("rejects an argument the source string does not have, naming the ones it has", () => {
    const problems = messageProblems(
      "{total, plural, one {# métier} many {# de métiers} other {# métiers}}",
      "fr-FR",
      SOURCE,
    );
    expect(problems).toEqual([
      {
        code: "unknown_argument",
        message: "{total} is not an argument of the source string (en-US), which has {count}.",
      },
    ]);
    expect(messageProblems("Bonjour {name}", "fr-FR", { text: "Hello", locale: "en-US" })[0]!.message).toBe(
      "{name} is not an argument of the source string (en-US), which has no arguments.",
    );
  });

  it("finds arguments nested inside plural and select cases", () => {
    const source = { text: "{count, plural, one {# job in {place}} other {# jobs in {place}}}", locale: "en-US" };
    expect(
      codes(
        "{count, plural, one {# métier à {place}} many {# de métiers} other {# métiers à {city}}}",
        "fr-FR",
        source,
      ),
    ).toEqual(["unknown_argument"]);
  });

  it("skips the argument check when the source itself does not parse", () => {
    expect(messageProblems("Bonjour {name}", "fr-FR", { text: "Hello {name", locale: "en-US" })).toEqual([]);
  });

  it.each([
    ["fr-FR", "{count, plural, one {# métier} other {# métiers}}", "many"],
    ["es-ES", "{count, plural, one {# empleo} other {# empleos}}", "many"],
    ["ar", "{count, plural, one {وظيفة} two {وظيفتان} other {# وظيفة}}", "zero, few, many"],
    ["en-US", "{count, plural, other {# jobs}}", "one"],
    ["de-DE", "{count, plural, =1 {ein Beruf} other {# Berufe}}", "one"],
  ])("rejects a plural in %s without all its categories", (locale, text, missing) => {
    const problems = messageProblems(text, locale);
    expect(problems.map((problem) => problem.code)).toEqual(["missing_plural_category"]);
    expect(problems[0]!.message).toContain(`missing: ${missing}.`);
    expect(problems[0]).toMatchObject({ line: 1, column: 1 });
  });

  it("rejects categories the language does not have, pointing to =N", () => {
    const [problem] = messageProblems("{count, plural, one {1件} other {#件}}", "ja-JP");
    expect(problem!.code).toBe("unknown_plural_category");
    expect(problem!.message).toBe(
      '{count, plural} at line 1, column 1 ("{count, plural, one {1件}…"): one is not a category of ja-JP, which has other; for an exact number write =N (for example =0).',
    );
    expect(codes("{count, plural, zero {no jobs} one {# job} other {# jobs}}", "en-US")).toEqual([
      "unknown_plural_category",
    ]);
  });

  it("accepts exact-number cases next to the categories", () => {
    expect(messageProblems("{count, plural, =0 {no jobs} one {# job} other {# jobs}}", "en-US")).toEqual([]);
  });

  it("checks selectordinal against the ordinal categories", () => {
    expect(codes("{n, selectordinal, one {#st} other {#th}}", "en-US")).toEqual(["missing_plural_category"]);
    expect(messageProblems("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "en-US")).toEqual([]);
  });

  it("checks plurals nested inside a select", () => {
    expect(codes("{kind, select, job {{count, plural, one {# métier} other {# métiers}}} other {x}}", "fr-FR")).toEqual(
      ["missing_plural_category"],
    );
  });

  it("reports every problem, argument first", () => {
    expect(codes("{total, plural, one {# métier} other {# métiers}}", "fr-FR", SOURCE)).toEqual([
      "unknown_argument",
      "missing_plural_category",
    ]);
  });
});

describe("argumentNames", () => {
  it("lists each argument once, in order, without # and literals", () => {
    const parsed = parseMessage(
      "{a} {count, plural, one {# {b}} other {{a} {c, number}}} {d, select, x {{e, date}} other {}}",
    );
    expect(parsed.ok && argumentNames(parsed.elements)).toEqual(["a", "count", "b", "c", "d", "e"]);
  });
});

describe("compileMessage", () => {
  it("sends plain text as text, unescaping ICU quotes", () => {
    expect(compileMessage("Accueil")).toBe("Accueil");
    expect(compileMessage("It''s <b>fine</b>")).toBe("It's <b>fine</b>");
  });

  it("sends a message with arguments as its syntax tree, without source locations", () => {
    const compiled = compileMessage("Hello {name}");
    expect(compiled).toEqual([
      { type: 0, value: "Hello " },
      { type: 1, value: "name" },
    ]);
  });

  it("sends a message that does not parse as its text", () => {
    expect(compileMessage("{count, plural, one {x}")).toBe("{count, plural, one {x}");
  });
});
