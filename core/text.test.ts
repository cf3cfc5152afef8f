import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { foldForSearch, matchesAllWords, slugify, SLUG_FALLBACK, SLUG_MAX_LENGTH } from "./text.ts";

const STRICT_SLUG = /^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u;
/** Words may carry combining marks after their first letter (Hindi, Thai vowel signs). */
const SLUG_WITH_MARKS = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(-[\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*$/u;

const anyText = fc.string({ unit: "binary", maxLength: 120 });
/** Titles from the scripts of the seed languages (Latin with accents, Arabic, Japanese, Chinese). */
const seedScriptTitle = fc.string({
  unit: fc.constantFrom(
    ..."aAéÉèçÇñÑüÜßœŒæ'’?! -_.,:;0123456789مرحبابالعالمَُِّئأإآوظائف日本語の記事ガギグようこそ欢迎仕事\t\n",
  ),
  maxLength: 200,
});

describe("foldForSearch", () => {
  it.each([
    ["Métiers", "metiers"],
    ["  Élagage  et  BÛCHERONNAGE", "elagage et bucheronnage"],
    ["artículos", "articulos"],
    ["Empregos e Profissões", "empregos e profissoes"],
    ["ÇA VA", "ca va"],
    ["Ñandú", "nandu"],
  ])("folds accents, case and spaces: %j → %j", (input, expected) => {
    expect(foldForSearch(input)).toBe(expected);
  });

  it.each([
    ["Œuvre", "oeuvre"],
    ["cœur", "coeur"],
    ["Æsir", "aesir"],
    ["Straße", "strasse"],
    ["STRASSE", "strasse"],
    ["ẞ", "ss"],
    ["ﬁnance", "finance"],
  ])("folds ligatures: %j → %j", (input, expected) => {
    expect(foldForSearch(input)).toBe(expected);
  });

  it("strips accents on Greek and Cyrillic letters and folds the final sigma", () => {
    expect(foldForSearch("Ἀθῆναι")).toBe("αθηναι");
    expect(foldForSearch("ΟΔΟΣ")).toBe(foldForSearch("οδοσ"));
    expect(foldForSearch("Йошкар-Ола")).toBe("иошкар-ола");
  });

  it("is locale-independent for the Turkish dotted I", () => {
    expect(foldForSearch("İstanbul")).toBe("istanbul");
    expect(foldForSearch("ISTANBUL")).toBe("istanbul");
  });

  it("keeps Japanese voiced kana whole (the dakuten is part of the letter)", () => {
    expect(foldForSearch("ガ")).toBe("ガ");
    expect(foldForSearch("ガイド")).toBe("ガイド");
    expect(foldForSearch("記事")).toBe("記事");
    expect(foldForSearch("仕事")).toBe("仕事");
    // A decomposed kana is recomposed, so it matches the usual composed text.
    expect(foldForSearch("カ\u3099")).toBe("ガ");
  });

  it("keeps Arabic letters and drops optional vowel marks and tatweel", () => {
    expect(foldForSearch("مقالات")).toBe("مقالات");
    expect(foldForSearch("مَقَالَات")).toBe("مقالات");
    expect(foldForSearch("وظائف")).toBe("وظائف");
    expect(foldForSearch("مـقـالات")).toBe("مقالات");
    // Hamza and madda are part of the letter, not optional vowels.
    expect(foldForSearch("أإآئؤ")).toBe("أإآئؤ");
    expect(foldForSearch("وظائف".normalize("NFD"))).toBe("وظائف");
  });

  it("keeps other scripts' marks (Hindi vowel signs)", () => {
    expect(foldForSearch("हिन्दी")).toBe("हिन्दी");
  });

  it("collapses every kind of whitespace and trims", () => {
    expect(foldForSearch("a\t\tb\nc\u00A0d\u3000e  ")).toBe("a b c d e");
    expect(foldForSearch("   ")).toBe("");
    expect(foldForSearch("")).toBe("");
  });

  it("property: idempotent", () => {
    fc.assert(fc.property(anyText, (text) => foldForSearch(foldForSearch(text)) === foldForSearch(text)));
  });

  it("property: no uppercase Latin letters, no accents on Latin letters, no doubled or edge spaces", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const folded = foldForSearch(text);
        expect(folded).not.toMatch(/[A-Z]/u);
        expect(folded.normalize("NFD")).not.toMatch(/[\p{Script=Latin}]\p{M}/u);
        expect(folded).not.toMatch(/\s\s|^\s|\s$|[\t\n]/u);
      }),
    );
  });

  it("property: ignores case and NFC/NFD differences of Latin text", () => {
    fc.assert(
      fc.property(seedScriptTitle, (text) => {
        expect(foldForSearch(text.toUpperCase())).toBe(foldForSearch(text.toLowerCase()));
        expect(foldForSearch(text.normalize("NFD"))).toBe(foldForSearch(text.normalize("NFC")));
      }),
    );
  });
});

describe("matchesAllWords", () => {
  const haystack = foldForSearch("A1101 Conduite d'engins agricoles et forestiers — Métiers de l'élagage");

  it("matches when every word occurs, accent- and case-insensitively, in any order", () => {
    expect(matchesAllWords(haystack, "ENGINS conduite")).toBe(true);
    expect(matchesAllWords(haystack, "métiers élagage")).toBe(true);
    expect(matchesAllWords(haystack, "metiers elagage")).toBe(true);
    expect(matchesAllWords(haystack, "a1101")).toBe(true);
    expect(matchesAllWords(haystack, "  forest  agri ")).toBe(true); // word prefixes and inner parts count
  });

  it("fails when any word is missing", () => {
    expect(matchesAllWords(haystack, "conduite bateaux")).toBe(false);
    expect(matchesAllWords(haystack, "a1102")).toBe(false);
  });

  it("matches everything for an empty or blank query", () => {
    expect(matchesAllWords(haystack, "")).toBe(true);
    expect(matchesAllWords(haystack, " \t ")).toBe(true);
    expect(matchesAllWords("", "")).toBe(true);
    expect(matchesAllWords("", "x")).toBe(false);
  });

  it("matches non-Latin words", () => {
    expect(matchesAllWords(foldForSearch("وظائف الزراعة"), "وظائف")).toBe(true);
    expect(matchesAllWords(foldForSearch("日本語の記事"), "記事")).toBe(true);
    expect(matchesAllWords(foldForSearch("日本語の記事"), "仕事")).toBe(false);
  });

  it("property: a haystack matches its own text, and any of its words", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const folded = foldForSearch(text);
        expect(matchesAllWords(folded, text)).toBe(true);
        for (const word of text.split(/\s+/u)) expect(matchesAllWords(folded, word)).toBe(true);
      }),
    );
  });
});

describe("slugify", () => {
  it.each([
    ["Conduite d'engins agricoles et forestiers", "conduite-d-engins-agricoles-et-forestiers"],
    ["Ça va? Très bien!", "ca-va-tres-bien"],
    ["مرحبا بالعالم", "مرحبا-بالعالم"],
    ["日本語の記事", "日本語の記事"],
    ["Artículos: ¿Qué hay de nuevo?", "articulos-que-hay-de-nuevo"],
    ["Œuvres complètes & Straße", "oeuvres-completes-strasse"],
    ["  --Hello__World--  ", "hello-world"],
    ["A1101", "a1101"],
    ["2024: l’année", "2024-l-annee"],
    ["ガイドブック 2024", "ガイドブック-2024"],
    ["مَقَالَات جديدة", "مقالات-جديدة"],
    ["हिन्दी लेख", "हिन्दी-लेख"],
  ])("%j → %j", (title, expected) => {
    expect(slugify(title)).toBe(expected);
  });

  it("is never empty", () => {
    expect(slugify("")).toBe(SLUG_FALLBACK);
    expect(slugify("!!! ???")).toBe("item");
    expect(slugify("\u0301\u0301")).toBe("item");
  });

  it("drops combining marks that have no letter to sit on", () => {
    expect(slugify("\u0301abc")).toBe("abc");
    expect(slugify("a - \u0301b")).toBe("a-b");
  });

  it("cuts at most 80 characters at a hyphen boundary", () => {
    const title = Array.from({ length: 30 }, (_, i) => `mot${i}`).join(" ");
    const slug = slugify(title);
    expect(Array.from(slug).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^mot0-mot1-.*-mot\d+$/u);
    expect(`${title.replace(/ /gu, "-")}-`.startsWith(`${slug}-`)).toBe(true); // whole words only
  });

  it("keeps a full 80-character slug when the cut falls exactly before a hyphen", () => {
    const first = "a".repeat(80);
    expect(slugify(`${first} b`)).toBe(first);
    const title = `${"b".repeat(39)} ${"c".repeat(40)} d`; // 39 + 1 + 40 = 80
    expect(slugify(title)).toBe(`${"b".repeat(39)}-${"c".repeat(40)}`);
  });

  it("cuts back to the previous hyphen when the cut falls inside a word", () => {
    const title = `${"b".repeat(50)} ${"c".repeat(50)}`;
    expect(slugify(title)).toBe("b".repeat(50));
  });

  it("hard-cuts one very long word at 80 code points (not UTF-16 units)", () => {
    expect(slugify("x".repeat(200))).toBe("x".repeat(80));
    const emoji = "𠀀".repeat(100); // a CJK extension B ideograph, two UTF-16 units each
    expect(slugify(emoji)).toBe("𠀀".repeat(80));
  });

  it("property: output is hyphen-separated letters/digits (marks only inside words), ≤ 80 code points", () => {
    fc.assert(
      fc.property(anyText, (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(SLUG_WITH_MARKS);
        expect(Array.from(slug).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      }),
      { numRuns: 500 },
    );
  });

  it("property: for seed-language titles the output is strictly letters/digits and hyphens", () => {
    fc.assert(
      fc.property(seedScriptTitle, (title) => {
        expect(slugify(title)).toMatch(STRICT_SLUG);
      }),
      { numRuns: 500 },
    );
  });

  it("property: idempotent", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, seedScriptTitle), (title) => slugify(slugify(title)) === slugify(title)),
      { numRuns: 500 },
    );
  });

  it("property: lowercase and URL-safe after encoding (no reserved characters survive)", () => {
    fc.assert(
      fc.property(anyText, (title) => {
        const slug = slugify(title);
        expect(slug).toBe(slug.toLowerCase());
        expect(encodeURIComponent(slug)).toMatch(/^[A-Za-z0-9%-]+$/u);
      }),
    );
  });
});
