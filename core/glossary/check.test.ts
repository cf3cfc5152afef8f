import { describe, expect, it } from "vitest";
import { findTerms, glossaryProblems, glossaryWarnings, type GlossaryTerm } from "./check.ts";

const term = (source: string, translation: string, forbidden: string[] = []): GlossaryTerm => ({
  term: source,
  translation,
  forbidden,
  note: "",
});

describe("findTerms", () => {
  it("finds a whole word whatever its case, with its place in the source", () => {
    const found = findTerms([term("press", "presse")], "The Press and the pressure.");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ start: 4, end: 9 });
  });

  it("finds a term of several words, the longer first where two start together", () => {
    const found = findTerms([term("press", "presse"), term("press release", "communiqué")], "A press release.");
    expect(found.map((entry) => entry.term.term)).toEqual(["press release", "press"]);
  });

  it("finds a Japanese term inside unspaced text", () => {
    const found = findTerms([term("議会", "council")], "市の議会は予算を承認した。");
    expect(found).toEqual([expect.objectContaining({ start: 2, end: 4 })]);
  });

  it("finds an Arabic term written with short vowels, or after a one-letter prefix", () => {
    const terms = [term("المدينة", "city")];
    expect(findTerms(terms, "زرنا المَدِينَة أمس")).toHaveLength(1);
    expect(findTerms(terms, "والمدينة جميلة")).toHaveLength(1);
    // Inside another word it is not the term.
    expect(findTerms(terms, "كالمدينةات")).toHaveLength(0);
  });

  it("reads full-width Latin as Latin (NFKC)", () => {
    expect(findTerms([term("CMS", "CMS")], "Ｔｈｅ ＣＭＳ")).toHaveLength(1);
  });
});

describe("glossaryProblems", () => {
  const terms = [term("newsletter", "lettre d'information", ["newsletter", "infolettre"])];

  it("reports the approved translation missing and a forbidden one present", () => {
    expect(glossaryProblems(terms, "Read our newsletter.", "Lisez notre infolettre.")).toEqual([
      { kind: "missing", term: "newsletter", translation: "lettre d'information" },
      { kind: "forbidden", term: "newsletter", forbidden: "infolettre" },
    ]);
  });

  it("reports nothing when the target has the approved translation", () => {
    expect(glossaryProblems(terms, "Read our newsletter.", "Lisez notre Lettre d'information.")).toEqual([]);
  });

  it("checks nothing for a term the source does not hold", () => {
    expect(glossaryProblems(terms, "Read our paper.", "Lisez notre infolettre.")).toEqual([]);
  });

  it("checks an Arabic target, its approved word with a prefix and vowels", () => {
    const arabic = [term("budget", "الميزانية", ["الموازنة"])];
    expect(glossaryProblems(arabic, "The budget passed.", "أُقِرَّت وبالميزانية")).toEqual([]);
    expect(glossaryProblems(arabic, "The budget passed.", "أقرت الموازنة")).toEqual([
      { kind: "missing", term: "budget", translation: "الميزانية" },
      { kind: "forbidden", term: "budget", forbidden: "الموازنة" },
    ]);
  });

  it("checks a Japanese target without spaces", () => {
    const japanese = [term("museum", "博物館", ["美術館"])];
    expect(glossaryProblems(japanese, "The museum opens.", "博物館が開く。")).toEqual([]);
    expect(glossaryProblems(japanese, "The museum opens.", "美術館が開く。")).toEqual([
      { kind: "missing", term: "museum", translation: "博物館" },
      { kind: "forbidden", term: "museum", forbidden: "美術館" },
    ]);
  });
});

describe("glossaryWarnings", () => {
  const terms = [term("newsletter", "lettre d'information", ["infolettre"]), term("crossing", "traversée")];

  it("is one dismissible warning per kind, naming every term concerned in the order of the source", () => {
    expect(glossaryWarnings(terms, "The crossing and the newsletter.", "La croisière et l'infolettre.")).toEqual([
      {
        check: "glossary_missing",
        blocking: false,
        params: { terms: "crossing → traversée, newsletter → lettre d'information" },
      },
      { check: "glossary_forbidden", blocking: false, params: { terms: "newsletter ↛ infolettre" } },
    ]);
  });

  it("is nothing when the target follows the glossary, or without terms", () => {
    expect(glossaryWarnings(terms, "Enjoy the crossing.", "Bonne traversée.")).toEqual([]);
    expect(glossaryWarnings([], "Enjoy the crossing.", "Bonne croisière.")).toEqual([]);
  });
});
