import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { unacceptableCharacter, unacceptableTextIn } from "./text-characters.ts";

/** The rule spelled out code point by code point: what the regular expression must agree with. */
function refusedCodePoint(codePoint: number): boolean {
  if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) return false;
  if (codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f)) return true;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return true; // only reached for a lone one: pairs are read as one code point
  if (codePoint >= 0xfdd0 && codePoint <= 0xfdef) return true;
  return (codePoint & 0xfffe) === 0xfffe;
}

function firstRefused(text: string): number | null {
  let position = 1;
  for (const char of text) {
    if (refusedCodePoint(char.codePointAt(0)!)) return position;
    position += 1;
  }
  return null;
}

describe("unacceptableCharacter", () => {
  it.each([
    ["plain text", "Hello, world"],
    ["Markdown with tabs, line feeds and carriage returns", "# Title\r\n\r\n\tcode\n- item"],
    [
      "Arabic with bidi marks, embeddings and isolates",
      "\u200Fمرحبا\u061C بالعالم\u202Bنص\u202C\u2067عربي\u2069\u200E",
    ],
    ["line and paragraph separators", "one\u2028two\u2029three"],
    ["joiners, soft hyphen, a byte-order mark in the middle", "می\u200Cخواهم 👩\u200D💻 hy\u00ADphen a\uFEFFb"],
    ["characters beyond the BMP (paired surrogates)", "𝄞 😀 𠮷"],
    ["private use and unassigned code points", "\uE000\u{10FFFD}\u0378"],
    ["the characters right around the refused ranges", "\u0020\u007E\u00A0\uFDCF\uFDF0\uFFFD\u{1FFFD}"],
    ["the empty text", ""],
  ])("accepts %s", (_name, text) => {
    expect(unacceptableCharacter(text)).toBeNull();
  });

  it.each([
    [
      "NUL",
      "ab\u0000c",
      "a NUL character (U+0000) at character 3; of the control characters, only tab, line feed and carriage return are accepted",
    ],
    ["a bell", "\u0007", "a control character (U+0007) at character 1; "],
    ["a vertical tab", "a\u000Bb", "a control character (U+000B) at character 2; "],
    ["a form feed", "a\u000Cb", "a control character (U+000C) at character 2; "],
    ["an escape", "\u001B[31m", "a control character (U+001B) at character 1; "],
    ["DEL", "x\u007F", "a control character (U+007F) at character 2; "],
    ["NEL (U+0085)", "a\u0085b", "a control character (U+0085) at character 2; "],
    ["a C1 control", "\u009B", "a control character (U+009B) at character 1; "],
    [
      "a lone high surrogate",
      "ab\uD800",
      "a lone surrogate (U+D800) at character 3: half of a UTF-16 pair, not Unicode text",
    ],
    ["a lone low surrogate", "\uDC00ab", "a lone surrogate (U+DC00) at character 1: "],
    ["two high surrogates in a row", "\uD83D\uD83D\uDE00", "a lone surrogate (U+D83D) at character 1: "],
    [
      "U+FFFE",
      "\uFFFE",
      "a noncharacter (U+FFFE) at character 1: a code point Unicode reserves for programs, not text",
    ],
    ["U+FFFF", "a\uFFFF", "a noncharacter (U+FFFF) at character 2: "],
    ["U+FDD0", "\uFDD0", "a noncharacter (U+FDD0) at character 1: "],
    ["U+1FFFF", "\u{1FFFF}", "a noncharacter (U+1FFFF) at character 1: "],
    ["U+10FFFE", "\u{10FFFE}", "a noncharacter (U+10FFFE) at character 1: "],
  ])("refuses %s, naming it and where it is", (_name, text, message) => {
    expect(unacceptableCharacter(text)).toMatch(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  });

  it("counts the position in characters, a pair of surrogates being one, and names the first refused one", () => {
    expect(unacceptableCharacter("😀😀\u0000\u0001")).toMatch(/^a NUL character \(U\+0000\) at character 3;/);
    expect(unacceptableCharacter(`${"x".repeat(12_344)}\u0000`)).toMatch(/ at character 12,345;/);
  });

  it("agrees with the rule spelled out code point by code point, on any text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 40 }),
        fc.string({
          unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
          maxLength: 40,
        }),
        (whole, units) => {
          for (const text of [whole, units]) {
            const expected = firstRefused(text);
            const found = unacceptableCharacter(text);
            if (expected === null) expect(found).toBeNull();
            else expect(found).toContain(` at character ${expected.toLocaleString("en-US")}`);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("reads a text of millions of characters quickly", () => {
    const text = "Ab ٣ é 😀\n".repeat(400_000);
    const started = performance.now();
    expect(unacceptableCharacter(text)).toBeNull();
    expect(unacceptableCharacter(`${text}\u0000`)).toMatch(/^a NUL character/);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("unacceptableTextIn", () => {
  const article = (body: string) => ({
    key: "k",
    author: "A",
    tags: ["t1", "t2"],
    versions: { en: { title: "T", body: "ok" }, fr: { title: "T", body } },
  });

  it("finds nothing in acceptable values of any shape", () => {
    expect(unacceptableTextIn(article("bonjour\n"))).toBeNull();
    expect(unacceptableTextIn([1, true, null, { a: [2.5, "x"] }])).toBeNull();
    expect(unacceptableTextIn(42)).toBeNull();
  });

  it("names the field a refused character is in, with zod's path spelling", () => {
    expect(unacceptableTextIn(article("a\u0000b"))).toEqual({
      path: "versions.fr.body",
      problem: expect.stringMatching(/^a NUL character \(U\+0000\) at character 2;/) as string,
    });
    expect(unacceptableTextIn({ tags: ["ok", "b\uD800"] })).toEqual({
      path: "tags.1",
      problem: expect.stringMatching(/^a lone surrogate/) as string,
    });
    expect(unacceptableTextIn("\u0085")?.path).toBe("");
  });

  it("names the first field in document order", () => {
    expect(unacceptableTextIn({ a: { b: "\u0001" }, c: "\u0000" })?.path).toBe("a.b");
    expect(unacceptableTextIn([["ok"], ["ok", "\u0002"], "\u0000"])?.path).toBe("1.1");
  });

  it("checks the names of members too, quoting them escaped and cut short", () => {
    expect(unacceptableTextIn({ versions: { "e\u0000n": { title: "T" } } })).toEqual({
      path: "versions",
      problem: expect.stringMatching(
        /^the name "e\\u0000n" holds a NUL character \(U\+0000\) at character 2;/,
      ) as string,
    });
    expect(unacceptableTextIn({ [`${"n".repeat(50)}\u0001`]: 1 })?.problem).toMatch(
      /^the name "n{40}…" holds a control character \(U\+0001\) at character 51;/,
    );
  });

  it("walks values nested deeper than the call stack goes", () => {
    const depth = 200_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`) as unknown;
    expect(unacceptableTextIn(deep)?.path).toBe(Array.from({ length: depth }, () => "0").join("."));
  });
});
