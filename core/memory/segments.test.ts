import { describe, expect, it } from "vitest";
import { markdownSegments, structureOf } from "./segments.ts";

const body = [
  "## A heading",
  "",
  "A paragraph with **emphasis** and a [link](https://example.org).",
  "",
  "- first item",
  "- second item",
  "",
  "> A quote.",
  "",
  "![A river](media:42)",
  "",
  "| Town | River |",
  "| --- | --- |",
  "| Lyon | Rhône |",
  "",
  "```",
  "npm run build",
  "```",
].join("\n");

describe("markdownSegments", () => {
  it("cuts a body into its blocks, each as the text a translator writes", () => {
    expect(markdownSegments(body)).toEqual([
      { kind: "heading", text: "A heading" },
      { kind: "paragraph", text: "A paragraph with **emphasis** and a [link](https://example.org)." },
      { kind: "list_item", text: "first item" },
      { kind: "list_item", text: "second item" },
      { kind: "quote", text: "A quote." },
      { kind: "image", text: "![A river](media:42)" },
      { kind: "table_row", text: "Town | River" },
      { kind: "table_row", text: "Lyon | Rhône" },
      { kind: "code", text: "npm run build" },
    ]);
  });

  it("cuts Arabic and Japanese bodies the same way", () => {
    expect(markdownSegments("## عنوان\n\nفقرة.\n\n- 一つ目\n").map((segment) => segment.kind)).toEqual([
      "heading",
      "paragraph",
      "list_item",
    ]);
  });

  it("names the same structure alike, whatever the language, and another one otherwise", () => {
    const french = markdownSegments(body.replace("A heading", "Un titre").replace("first item", "premier"));
    expect(structureOf(french)).toBe(structureOf(markdownSegments(body)));
    expect(structureOf(markdownSegments("## A heading\n\nText."))).not.toBe(structureOf(markdownSegments(body)));
  });
});
