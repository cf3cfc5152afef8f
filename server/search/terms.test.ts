import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldForSearch } from "#core/text.ts";
import { foldedWords, prefixedTermsOf, segmentedTermsOf, termsOf } from "./terms.ts";

describe("termsOf", () => {
  it("stems repeated words the same each time, also after the stem memo was emptied", () => {
    expect(termsOf("Running runs; RUNNING", "en-US")).toEqual(["run", "run", "run"]);
    // More distinct words than the memo keeps: it is emptied and refilled.
    termsOf(Array.from({ length: 50_010 }, (_, index) => `word${index}ing`).join(" "), "en-US");
    expect(termsOf("running houses", "en-US")).toEqual(["run", "hous"]);
    expect(termsOf("maisons", "fr-FR")).toEqual(["maison"]);
  });
});

describe("prefixedTermsOf", () => {
  it("is termsOf's terms after the prefix, space-separated, with one or several terms a word and none", () => {
    const text = "Running d'équipe don't 日本語のテキスト , ; café² x_y running";
    for (const code of ["en-US", "fr-FR", "ja-JP"]) {
      const expected = termsOf(text, code)
        .map((term) => `e_${term}`)
        .join(" ");
      expect(prefixedTermsOf(text, code, "e_")).toBe(expected);
      // Again from the memo, and under another prefix of the same language.
      expect(prefixedTermsOf(text, code, "e_")).toBe(expected);
      expect(prefixedTermsOf(text, code, "f_")).toBe(expected.replaceAll("e_", "f_"));
    }
    expect(prefixedTermsOf(" ; — ", "en-US", "e_")).toBe("");
  });

  it("gives the same after its memo was emptied", () => {
    const words = Array.from({ length: 50_010 }, (_, index) => `word${index}ing`).join(" ");
    expect(prefixedTermsOf(words, "de-DE", "d_")).toBe(
      termsOf(words, "de-DE")
        .map((term) => `d_${term}`)
        .join(" "),
    );
    expect(prefixedTermsOf("Häuser laufen", "de-DE", "d_")).toBe("d_haus d_lauf");
  });
});

describe("termsOf on plain Latin and Arabic text (no segmenter)", () => {
  // Letters and digits of the plain path, and what sits beside them: Arabic punctuation, marks, the tatweel,
  // presentation forms, direction marks, joiners, separators that join runs ("3.14", "don't"), other scripts.
  const pieces = [
    "word",
    "équipe",
    "Straße",
    "ŉ",
    "1999",
    "x",
    "الفريق",
    "المدينة",
    "ب",
    "پ",
    "ڤ",
    "ۿ",
    "٣٫١٤",
    "١٢٣",
    "۱۲۳",
    "ۥ",
    "\u064e",
    "\u0651",
    "\u0670",
    "\u0640",
    "ﻻ",
    "ﺍ",
    "\u200c",
    "\u200d",
    "\u200f",
    "\u200e",
    "\u061c",
    "\u00ad",
    "،",
    "؛",
    "؟",
    "٪",
    "٬",
    "٫",
    ".",
    ",",
    "'",
    "’",
    ":",
    "-",
    "_",
    "·",
    " ",
    " ",
    " ",
    "\n",
    "\u00a0",
    "日本語",
    "Ελλάδα",
    "עברית",
    "👍🏽",
    "𝐀",
    "𠮷",
    "\u0301",
    "²",
  ];
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(""));
  it("gives the segmenter's terms for texts built from Latin, Arabic and what sits beside them", () => {
    fc.assert(
      fc.property(text, fc.constantFrom("ar", "en-US", "fr-FR", "ja-JP"), (sample, code) => {
        expect(termsOf(sample, code)).toEqual(segmentedTermsOf(sample, code));
      }),
      { numRuns: 20_000 },
    );
  });

  const samples = [
    "L'équipe d'Œuvre a dû « réécrire » l’archive — 3.14 % de 2 000 €, n°5; e-mail, foo_bar, x.y.z",
    "Straße, Ärger, İstanbul, ŉ, ÆSIR, Ĳssel, don't 50% 1,000.5 a\u200db a\u200cb #tag @user https://example.org/a/b?c=1",
    "  tabs\tand\nnewlines  ",
    "mixed: café ² ½ ª º µ",
    "combining e\u0301 and orphan \u0301mark",
    "Ελληνικά ς Кириллица العربية 日本語のテキスト ไทย",
    "emoji 👍🏽 1️⃣ and lone \ud800 surrogate",
  ];
  for (const [index, text] of samples.entries()) {
    it(`gives the segmenter's terms (sample ${index + 1})`, () => {
      for (const code of ["en-US", "fr-FR", "de-DE", "tr", "ja-JP"])
        expect(termsOf(text, code)).toEqual(segmentedTermsOf(text, code));
    });
  }
  it("gives the segmenter's folded words", () => {
    const segmenter = new Intl.Segmenter("fr-FR", { granularity: "word" });
    const reference = (text: string) =>
      Array.from(segmenter.segment(text.toWellFormed()))
        .filter((segment) => segment.isWordLike)
        .flatMap((segment) =>
          foldForSearch(segment.segment)
            .split(/[^\p{L}\p{N}\p{M}]+/u)
            .filter(Boolean),
        )
        .join(" ");
    for (const text of samples) expect(foldedWords(text, "fr-FR")).toBe(reference(text));
    expect(foldedWords("un deux trois quatre", "fr-FR", 2)).toBe("un deux");
  });
});
