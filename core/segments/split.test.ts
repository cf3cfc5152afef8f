import { describe, expect, it } from "vitest";
import { joinMarkdown, markdownSegments, splitMarkdown, structureOf } from "./split.ts";

const kindsAndTexts = (body: string) => splitMarkdown(body).segments.map(({ kind, text }) => [kind, text]);

/** Bodies of every shape the editor meets: each must come back character for character. */
const BODIES = [
  "",
  "\n\n",
  "One paragraph without a final line break",
  "# Title\n\nFirst paragraph.\nStill the first.\n\nSecond.\n",
  "Setext title\n============\n\ntext\n",
  "- one\n- two\n  - nested\n    - deeper\n- three\n",
  "1. first\n2. second\n\n   second's own paragraph\n3. third\n",
  "- a\n\n  - b\n\n  more of a\n",
  "| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nAfter the table.\n",
  "> quoted\n> still\n>\n> - a list in it\n\nafter\n",
  "```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n\ntext\n",
  "~~~\nunclosed fence\n\nruns to the end\n",
  "    indented code\n    more\n\ntext\n",
  "![A photo](media:42)\n\n![](media:7) ![](media:8)\n",
  "text\n\n---\n\nmore\n",
  "Windows\r\nline breaks\r\n\r\nsecond\r\n",
  "old\rMac\r\rbreaks\r",
  "# مرحبا\n\nهذه فقرة عربية فيها 3 أرقام.\n\n- عنصر\n- عنصر آخر\n",
  "# 見出し\n\n日本語の段落です。二つ目の文。\n\n| 列 | 値 |\n|---|---|\n| 一 | 1 |\n",
  "<div>raw html is text here</div>\n\ntext\n",
  "   \n\ttext after blank-looking lines\n   \n",
  "Trailing spaces  \nhard break\n",
];

describe("splitMarkdown", () => {
  it.each(BODIES)("gives %j back exactly when joined", (body) => {
    expect(joinMarkdown(splitMarkdown(body))).toBe(body);
  });

  it("makes one segment per leaf block, by kind", () => {
    expect(kindsAndTexts("# Title\n\nFirst paragraph.\nStill the first.\n\nSecond.\n")).toEqual([
      ["heading", "# Title"],
      ["paragraph", "First paragraph.\nStill the first."],
      ["paragraph", "Second."],
    ]);
    expect(kindsAndTexts("Setext title\n============\n")).toEqual([["heading", "Setext title\n============"]]);
    expect(kindsAndTexts("text\n\n---\n")).toEqual([
      ["paragraph", "text"],
      ["rule", "---"],
    ]);
  });

  it("gives each list item its own segment, nested ones apart from their parent", () => {
    expect(kindsAndTexts("- one\n- two\n  - nested\n    - deeper\n- three\n")).toEqual([
      ["list_item", "- one"],
      ["list_item", "- two"],
      ["list_item", "  - nested"],
      ["list_item", "    - deeper"],
      ["list_item", "- three"],
    ]);
    // A paragraph of an item after its nested list is a segment too, not text left out.
    expect(kindsAndTexts("- a\n\n  - b\n\n  more of a\n")).toEqual([
      ["list_item", "- a"],
      ["list_item", "  - b"],
      ["list_item", "  more of a"],
    ]);
  });

  it("splits tables by row, the delimiter row kept between them", () => {
    const split = splitMarkdown("| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n");
    expect(split.segments.map(({ kind, text }) => [kind, text])).toEqual([
      ["table_row", "| A | B |"],
      ["table_row", "| 1 | 2 |"],
      ["table_row", "| 3 | 4 |"],
    ]);
    expect(split.segments[0]!.after).toBe("\n|---|---|\n");
  });

  it("keeps a quote whole, and a code block whole with its blank lines", () => {
    expect(kindsAndTexts("> quoted\n> still\n>\n> - a list in it\n\nafter\n")).toEqual([
      ["quote", "> quoted\n> still\n>\n> - a list in it"],
      ["paragraph", "after"],
    ]);
    expect(kindsAndTexts("```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n")).toEqual([
      ["code", "```ts\nconst a = 1;\n\n\nconst b = 2;\n```"],
    ]);
    expect(kindsAndTexts("    indented code\n    more\n\ntext\n")[0]).toEqual(["code", "    indented code\n    more"]);
  });

  it("tells an image alone from a paragraph with an image in it", () => {
    expect(kindsAndTexts("![A photo](media:42)\n\n![](media:7) ![](media:8)\n\nSee ![](media:9) here\n")).toEqual([
      ["image", "![A photo](media:42)"],
      ["image", "![](media:7) ![](media:8)"],
      ["paragraph", "See ![](media:9) here"],
    ]);
  });

  it("splits Arabic and Japanese text by the same blocks", () => {
    expect(kindsAndTexts("# مرحبا\n\nهذه فقرة عربية.\n\n- عنصر\n")).toEqual([
      ["heading", "# مرحبا"],
      ["paragraph", "هذه فقرة عربية."],
      ["list_item", "- عنصر"],
    ]);
    expect(kindsAndTexts("# 見出し\n\n日本語の段落です。\n\n| 列 | 値 |\n|---|---|\n| 一 | 1 |\n")).toEqual([
      ["heading", "# 見出し"],
      ["paragraph", "日本語の段落です。"],
      ["table_row", "| 列 | 値 |"],
      ["table_row", "| 一 | 1 |"],
    ]);
  });

  it("counts \\r\\n and a lone \\r as line breaks, as markdown-it does", () => {
    expect(kindsAndTexts("Windows\r\nline breaks\r\n\r\nsecond\r\n")).toEqual([
      ["paragraph", "Windows\r\nline breaks"],
      ["paragraph", "second"],
    ]);
    expect(kindsAndTexts("old\rMac\r\rbreaks\r")).toEqual([
      ["paragraph", "old\rMac"],
      ["paragraph", "breaks"],
    ]);
  });

  it("has nothing to split in an empty or blank body", () => {
    expect(splitMarkdown("")).toEqual({ lead: "", segments: [] });
    expect(splitMarkdown("\n\n")).toEqual({ lead: "\n\n", segments: [] });
  });
});

describe("markdownSegments and structureOf (what the translation memory keeps)", () => {
  const body =
    "## A heading\n\nA paragraph.\n\n- first item\n- second item\n\n| Town | River |\n|---|---|\n| Lyon | Rhône |\n";

  it("gives the segments as the workbench shows them, markers included", () => {
    expect(markdownSegments(body)).toEqual([
      { kind: "heading", text: "## A heading" },
      { kind: "paragraph", text: "A paragraph." },
      { kind: "list_item", text: "- first item" },
      { kind: "list_item", text: "- second item" },
      { kind: "table_row", text: "| Town | River |" },
      { kind: "table_row", text: "| Lyon | Rhône |" },
    ]);
  });

  it("names the same structure alike, whatever the language, and another one otherwise", () => {
    const french = markdownSegments(body.replace("A heading", "Un titre").replace("first item", "premier"));
    expect(structureOf(french)).toBe(structureOf(markdownSegments(body)));
    expect(structureOf(markdownSegments("## A heading\n\nText."))).not.toBe(structureOf(markdownSegments(body)));
  });
});
