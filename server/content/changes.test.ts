import { describe, expect, it } from "vitest";
import { articleChange, EVERYTHING, parseContentChange, SHOWS_ARTICLE_SOURCES, staleAfter } from "./changes.ts";

describe("content changes", () => {
  it("merges the languages and tags an article had before and after a write", () => {
    expect(articleChange(4, { languages: ["en-US", "fr-FR"], tags: ["A1101"] }, { languages: ["fr-FR", "ar"], tags: [] }, null)).toEqual({
      id: 4,
      languages: ["en-US", "fr-FR", "ar"],
      tags: ["A1101"],
    });
  });

  it("names what a change makes stale", () => {
    expect(staleAfter([{ id: 4, languages: ["en-US"], tags: ["A1101"] }])).toEqual(new Set([SHOWS_ARTICLE_SOURCES, "article:4", "list:en-US", "tag:A1101"]));
  });

  it("reads logged changes back, and anything unreadable as everything", () => {
    const change = { kind: "articles" as const, articles: [{ id: 1, languages: ["en-US"], tags: [] }] };
    expect(parseContentChange(JSON.stringify(change))).toEqual(change);
    expect(parseContentChange(JSON.stringify(EVERYTHING))).toEqual(EVERYTHING);
    for (const text of ["", "{", '{"kind":"articles","articles":[{"id":-1}]}', '{"kind":"later-format"}', "null"]) expect(parseContentChange(text)).toEqual(EVERYTHING);
  });
});
