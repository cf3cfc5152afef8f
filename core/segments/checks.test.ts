import { describe, expect, it } from "vitest";
import { hasUnclosedFence, pageBreakingProblems, segmentProblems, type QualityProblem } from "./checks.ts";

const checks = (problems: QualityProblem[]) => problems.map((problem) => problem.check);

describe("segmentProblems", () => {
  it("finds nothing in a faithful translation, nor in a block not translated yet", () => {
    expect(
      segmentProblems(
        "See [the guide](https://example.com/guide) and `npm start`: 3 steps.",
        "Voir [le guide](https://example.com/guide) et `npm start` : 3 étapes.",
        "paragraph",
      ),
    ).toEqual([]);
    expect(segmentProblems("Some text", "", "paragraph")).toEqual([]);
    expect(segmentProblems("Some text", "   ", "paragraph")).toEqual([]);
  });

  it("counts links, images, code spans and headings", () => {
    const problems = segmentProblems(
      "## Title with [a link](https://a.example) and `code`",
      "Titre sans lien ni code",
      "heading",
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { check: "links", blocking: false, params: { source: 1, target: 0 } },
        { check: "code_spans", blocking: false, params: { source: 1, target: 0 } },
        { check: "headings", blocking: false, params: { source: 1, target: 0 } },
      ]),
    );
    expect(checks(segmentProblems("![](media:1) ![](media:2)", "![](media:1)", "image"))).toContain("images");
  });

  it("names link addresses and library images the translation lost, bare addresses included", () => {
    const problems = segmentProblems(
      "Read [this](https://a.example/x) at https://b.example ![](media:42)",
      "Lisez [ceci](https://a.example/y) ![](media:43) sur https://b.example",
      "paragraph",
    );
    expect(problems.find((problem) => problem.check === "link_urls")?.params).toEqual({
      missing: "https://a.example/x",
      count: 1,
    });
    expect(problems.find((problem) => problem.check === "media")?.params).toEqual({ missing: "media:42", count: 1 });
  });

  it("keeps numbers whatever their digits and separators: Arabic-Indic, full-width, grouped", () => {
    expect(
      segmentProblems("It costs 1,000.50 euros in 2026.", "Il coûte 1\u202f000,50 euros en 2026.", "paragraph"),
    ).toEqual([]);
    expect(segmentProblems("Open 24 hours, 7 days.", "مفتوح ٢٤ ساعة، ٧ أيام.", "paragraph")).toEqual([]);
    expect(segmentProblems("Open 24 hours.", "２４時間営業。", "paragraph")).toEqual([]);
    expect(segmentProblems("Gate 12, 3 pm.", "Porte 13, 15 h.", "paragraph")).toContainEqual({
      check: "numbers",
      blocking: false,
      params: { missing: "12, 3", count: 2 },
    });
  });

  it("does not take the digits of an address for numbers of the text", () => {
    expect(segmentProblems("See https://a.example/2026", "Voir https://a.example/2026", "paragraph")).toEqual([]);
  });

  it("warns of spaces at the edges and double spaces the source does not have", () => {
    expect(checks(segmentProblems("Text.", " Texte.", "paragraph"))).toEqual(["edge_spaces"]);
    expect(checks(segmentProblems("Text.", "Texte. ", "paragraph"))).toEqual(["edge_spaces"]);
    expect(checks(segmentProblems("A text.", "Un  texte.", "paragraph"))).toEqual(["double_spaces"]);
    // A nested item's indentation and a hard line break are Markdown, not double spaces.
    expect(segmentProblems("  - nested item", "  - élément imbriqué", "list_item")).toEqual([]);
    expect(segmentProblems("line  \nbreak", "ligne  \ncoupée", "paragraph")).toEqual([]);
  });

  it("warns of a text identical to the source, except code, images and rules", () => {
    expect(checks(segmentProblems("Hello world", "Hello world", "paragraph"))).toEqual(["identical"]);
    expect(segmentProblems("```\nnpm start\n```", "```\nnpm start\n```", "code")).toEqual([]);
    expect(segmentProblems("| 1 | 2 |", "| 1 | 2 |", "table_row")).toEqual([]);
  });

  it("blocks a code fence the translation opens and never closes", () => {
    const problems = segmentProblems("```\ncode\n```", "```\ncode", "code");
    expect(problems).toContainEqual({ check: "unclosed_fence", blocking: true, params: {} });
    expect(problems.filter((problem) => problem.blocking)).toHaveLength(1);
  });

  it("checks Japanese and Arabic text alike", () => {
    expect(
      segmentProblems("[東京](https://t.example)は3位です。", "[Tokyo](https://t.example) is 3rd.", "paragraph"),
    ).toEqual([]);
    expect(checks(segmentProblems("[القاهرة](https://c.example)", "القاهرة", "paragraph"))).toEqual([
      "links",
      "link_urls",
    ]);
    expect(checks(segmentProblems("القاهرة مدينة كبيرة", "القاهرة مدينة كبيرة", "paragraph"))).toEqual(["identical"]);
  });
});

describe("hasUnclosedFence and pageBreakingProblems", () => {
  it("tells a fence running to the end of the document from closed ones", () => {
    expect(hasUnclosedFence("```\ncode\n```\n\ntext")).toBe(false);
    expect(hasUnclosedFence("~~~~\ncode\n~~~~")).toBe(false);
    expect(hasUnclosedFence("text\n\n```js\ncode")).toBe(true);
    expect(hasUnclosedFence("````\ncode\n```\n")).toBe(true);
    // In a list item or a quote, a fence ends with its container: the page after it is not code.
    expect(hasUnclosedFence("- item\n\n  ```\n  code")).toBe(false);
    expect(hasUnclosedFence("> ```\n> code")).toBe(false);
  });

  it("refuses only what the source does not do itself", () => {
    expect(pageBreakingProblems("```\na\n```", "```\na")).toHaveLength(1);
    expect(pageBreakingProblems("```\na", "```\nb")).toEqual([]);
    expect(pageBreakingProblems("text", "texte")).toEqual([]);
  });
});
