import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsedMarkdownText } from "./markdown.ts";
import { simpleMarkdownText } from "./simple-markdown-text.ts";

/** The property: outside the subset the answer is `undefined`; inside it, exactly markdown-it's. */
function agreesWithTheParser(source: string): boolean {
  const simple = simpleMarkdownText(source);
  if (simple !== undefined) expect(JSON.stringify(simple)).toBe(JSON.stringify(parsedMarkdownText(source)));
  return simple !== undefined;
}

const WORDS = ["word", "Mot", "équipe", "Straße", "كلمة", "المدينة", "チーム", "都市", "2026", "x", "É", "𠀋", "😀"];
/** Pieces of the subset's markup, and of everything near it that must leave the subset or read the same. */
const MARKUP = [
  " ",
  " ",
  " ",
  "  ",
  "**",
  "*",
  "***",
  "[",
  "]",
  "(",
  ")",
  "](",
  "[word](https://example.org/a/1)",
  "**word**",
  "**كلمة المدينة**",
  "(https://example.org)",
  "[a](javascript:x)",
  "[a](u v)",
  "[don't](u'b)",
  '[a](u"b)',
  "*word*",
  "*",
  "`code`",
  "`f(x) = y`",
  "` a `",
  "`",
  "``",
  "'",
  '"',
  '"word"',
  '"word word."',
  '12""',
  "don't",
  "l'équipe",
  "students'",
  "'tis",
  "javascript:x",
  "JavaScript:x",
  "data:x",
  "(c)",
  "(TM)",
  "(r)",
  ".",
  "..",
  "...",
  "-",
  "--",
  "+",
  "+-",
  ",",
  ",,",
  "?",
  "??",
  "????",
  "?..",
  ";",
  ":",
  "]:",
  "'",
  '"',
  "`",
  "_",
  "~",
  "~~",
  "<",
  ">",
  "&amp;",
  "&",
  "\\",
  "!",
  "|",
  "#",
  "=",
  "«",
  "»",
  "¿",
  "\t",
  "\u00a0",
  "\u202f",
  "\u202f:",
  "!",
  "![",
  "!!",
  "!!!!",
  "\u3000",
  "\ufeff",
  "\u0301",
  "\r",
  "\0",
  "\u001b",
  "%20",
];
const LINE_STARTS = [
  "",
  "",
  "",
  "# ",
  "## ",
  "###### ",
  "####### ",
  "#",
  "- ",
  "-",
  "* ",
  "+ ",
  "1. ",
  "2) ",
  " ",
  "    ",
  "> ",
  "---",
  "===",
  "**",
];
const BREAKS = ["\n", "\n", "\n\n", "\n\n\n", "  \n", " \n", "\r\n"];

// Mostly words, so that a good share of the texts stays in the subset with some markup in it.
const inline = fc.array(
  fc.oneof({ arbitrary: fc.constantFrom(...WORDS), weight: 12 }, { arbitrary: fc.constantFrom(...MARKUP), weight: 1 }),
  { maxLength: 12 },
);
// Hostile pieces at a line's start and end too, where trimming and block starts live.
const edge = fc.oneof({ arbitrary: fc.constant(""), weight: 6 }, fc.constantFrom(...MARKUP));
const line = fc
  .tuple(fc.oneof({ arbitrary: fc.constant(""), weight: 3 }, fc.constantFrom(...LINE_STARTS)), edge, inline, edge)
  .map(([start, first, pieces, last]) => start + first + pieces.join(" ".repeat(pieces.length % 2)) + last);
const text = fc
  .array(fc.tuple(line, fc.oneof({ arbitrary: fc.constant("\n"), weight: 4 }, fc.constantFrom(...BREAKS))), {
    minLength: 1,
    maxLength: 6,
  })
  .map((lines) => lines.map(([content, lineBreak]) => content + lineBreak).join(""));

/** Texts in the subset, mostly: words, strong words and links in paragraphs, headings and list items. */
const simpleLine = fc
  .tuple(
    fc.constantFrom("", "", "## ", "# ", "- "),
    fc.array(
      fc.oneof(
        { arbitrary: fc.constantFrom(...WORDS), weight: 6 },
        fc.constantFrom(
          "**word word**",
          "**Straße**",
          "**チーム 都市**",
          "[a link](https://example.org/x?y=1#z)",
          "[x](/fr/articles)",
          "*em*",
          "`code`",
          '"quoted words"',
          '"a question?"',
          "don't",
          "l'équipe",
          "mot\u202f:",
          "Oui\u00a0!",
          "**vite**\u202f!",
        ),
        fc.constantFrom(".", ",", "(note)", ":", ";", "?", "#", "2.", "*", "**"),
      ),
      { minLength: 1, maxLength: 10 },
    ),
  )
  .map(([start, pieces]) => start + pieces.join(" "));
const simpleText = fc
  .array(fc.tuple(simpleLine, fc.constantFrom("\n", "\n\n")), { minLength: 1, maxLength: 8 })
  .map((lines) => lines.map(([content, lineBreak]) => content + lineBreak).join(""));

/** Compares the subset with the parser on `runs` texts; returns how many of them the subset read itself. */
function textsRead(texts: fc.Arbitrary<string>, runs: number): number {
  let read = 0;
  fc.assert(
    fc.property(texts, (source) => {
      if (agreesWithTheParser(source)) read += 1;
    }),
    { numRuns: runs },
  );
  return read;
}

describe("simpleMarkdownText", () => {
  // Each comparison means something only if the subset reads a good share of the texts itself.
  it("answers markdown-it's words for texts built from the subset's markup and everything near it", () => {
    expect(textsRead(text, 20_000)).toBeGreaterThan(2_000);
  });

  it("reads most texts made of the subset, always as markdown-it does", () => {
    expect(textsRead(simpleText, 10_000)).toBeGreaterThan(4_000);
  });

  it.each([
    // A strong run around a link's bracket, either way round: the link binds first in markdown-it.
    "**a [b** c](u)",
    "[a **b](u) c**",
    "[a **b**](u)",
    "**a**b and a**b**",
    // A link markdown-it refuses stays text; a reference link needs its definition.
    "[a](javascript:alert(1))",
    "[a](JAVASCRIPT:x) [b][c]\n\n[c]: https://example.org",
    "[a]( https://example.org)",
    // Code binds before emphasis and links; quotes pair by level; an apostrophe is one between letters.
    "**a `b** c`",
    "`x [a](u`b)`",
    "[`a](u)`",
    '"**a**" and "[a](u)" and "a [b](u) c"',
    '"a **b" c** and **a "b** c"',
    "```\nfenced\n```\n\n``a `b` c``\n\n`f(x)``y`",
    '"a" b"c" "d.", 12"" \'e\' f\' don\'t',
    "[a](JavaScript:x)",
    "[a](https://example.org b)",
    // Breaks: hard, trimmed, lazy continuation, interruptions.
    "a  \nb",
    "a \nb",
    "para\n- item\nlazy\n- next\n## heading\ntext",
    "Foo\n===\n\nBar\n---",
    "## closed ##\n\n#no heading\n\n####### seven",
    "- # heading in an item\n- 1. ordered\n-  two spaces",
    "1. one\n2) two\n\n2026. a year",
    "  indented\n\n    code",
    "tab\there\u00a0nbsp and\u2028line",
    "ends with a no-break space\u00a0",
    "- \u00a0an item after a no-break space\n## \u202fa heading\n\u00a0a line",
    "mot\u202f: «\u202fguillemets\u202f» ! Quoi\u00a0?",
    "\u3000starts with an ideographic space",
    "",
    "\n\n",
  ])("agrees with the parser on %j", (source) => {
    agreesWithTheParser(source);
    expect(simpleMarkdownText(source) ?? parsedMarkdownText(source)).toBe(parsedMarkdownText(source));
  });

  it("reads an article shaped as the benchmark's (bench/generate-articles.ts) itself, in each script", () => {
    for (const words of [
      ["the", "team", "city"],
      ["الفريق", "المدينة", "النهر"],
      ["チーム", "都市", "川"],
    ]) {
      const sentence = (length: number) => Array.from({ length }, (_, index) => words[index % 3]).join(" ");
      const section = (index: number) =>
        `## ${sentence(4)} ${index}\n\n${sentence(30)} **${sentence(2)}** [${sentence(2)}](https://example.org/${index}/1) ` +
        `${sentence(20)}.\n\n- ${sentence(5)}\n- ${sentence(5)}`;
      expect(agreesWithTheParser([1, 2, 3].map(section).join("\n\n"))).toBe(true);
    }
  });

  it("agrees with the parser on every seed article", () => {
    const folder = new URL("../server/seed/articles/", import.meta.url);
    const bodies = readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".md"))
      .map((name) => readFileSync(new URL(name, folder), "utf8"));
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) agreesWithTheParser(body);
  });
});
