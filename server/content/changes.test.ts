import { describe, expect, it } from "vitest";
import {
  articleChange,
  cacheKey,
  EVERYTHING,
  parseContentChange,
  SHOWS_ARTICLE_SOURCES,
  staleAfter,
  staleCacheKeys,
  staleShows,
  type ContentChange,
} from "./changes.ts";

describe("content changes", () => {
  it("merges the languages and tags an article had before and after a write", () => {
    expect(
      articleChange(4, { languages: ["en-US", "fr-FR"], tags: ["A1101"] }, { languages: ["fr-FR", "ar"], tags: [] }),
    ).toEqual({
      id: 4,
      languages: ["en-US", "fr-FR", "ar"],
      tags: ["A1101"],
      reordered: ["en-US", "fr-FR", "ar"],
    });
  });

  it("counts a language as reordered only when the article's place in its list changed", () => {
    const before = { languages: ["en-US", "fr-FR", "ar"], tags: [], listed: ["en-US@2026-01-01", "fr-FR@2026-01-02"] };
    const retitled = { ...before };
    expect(articleChange(4, before, retitled).reordered).toEqual([]);
    const frUnpublishedArPublished = { ...before, listed: ["en-US@2026-01-01", "ar@2026-02-01"] };
    expect(articleChange(4, before, frUnpublishedArPublished).reordered.sort()).toEqual(["ar", "fr-FR"]);
    expect(articleChange(4, null, { languages: ["en-US"], tags: [], listed: ["en-US@2026-01-01"] }).reordered).toEqual([
      "en-US",
    ]);
  });

  it("names what a change makes stale", () => {
    expect(staleAfter([{ id: 4, languages: ["en-US"], tags: ["A1101"], reordered: [] }])).toEqual(
      new Set([SHOWS_ARTICLE_SOURCES, "article:4", "list:en-US", "tag:A1101"]),
    );
  });

  it("reads logged changes back, and anything unreadable as everything", () => {
    const change = { kind: "articles" as const, articles: [{ id: 1, languages: ["en-US"], tags: [], reordered: [] }] };
    expect(parseContentChange(JSON.stringify(change))).toEqual(change);
    // An entry written before list positions were tracked reorders all its languages.
    expect(parseContentChange('{"kind":"articles","articles":[{"id":1,"languages":["ar"],"tags":[]}]}')).toEqual({
      kind: "articles",
      articles: [{ id: 1, languages: ["ar"], tags: [], reordered: ["ar"] }],
    });
    expect(parseContentChange(JSON.stringify(EVERYTHING))).toEqual(EVERYTHING);
    for (const text of ["", "{", '{"kind":"articles","articles":[{"id":-1}]}', '{"kind":"later-format"}', "null"])
      expect(parseContentChange(text)).toEqual(EVERYTHING);
  });
});

describe("cacheKey", () => {
  it("keeps the characters a header token allows and percent-encodes the rest", () => {
    expect(cacheKey("article:12")).toBe("article:12");
    expect(cacheKey("list:pt-br")).toBe("list:pt-br");
    expect(cacheKey("tag:日本語")).toBe("tag:%E6%97%A5%E6%9C%AC%E8%AA%9E");
    expect(cacheKey("tag:a b,c")).toBe("tag:a%20b%2Cc");
    expect(cacheKey("tag:اللغات")).toMatch(/^tag:(%[0-9A-F]{2})+$/);
  });
});

describe("staleCacheKeys", () => {
  it("names the keys a change made stale, the site's for a change of everything", () => {
    expect(staleCacheKeys({ kind: "everything" })).toEqual(["site"]);
    expect(staleCacheKeys({ kind: "search", languages: ["ja-JP"] })).toEqual(["search:ja-JP"]);
    expect(
      staleCacheKeys({
        kind: "articles",
        articles: [{ id: 4, languages: ["fr-FR"], tags: ["été"], reordered: [] }],
      }).sort(),
    ).toEqual(["article-sources", "article:4", "list:fr-FR", "tag:%C3%A9t%C3%A9"].sort());
  });
});

describe("a change of tags' names (decision 0221)", () => {
  it("makes stale only the pages showing those names in those languages, and the tags' addresses", () => {
    const change: ContentChange = { kind: "tag-names", names: [{ tag: "careers", code: "fr-FR" }] };
    expect([...staleShows(change)!].sort()).toEqual([
      "tag-addresses:careers",
      "tag-name:fr-FR:careers",
      "tag-names:fr-FR",
    ]);
    expect(parseContentChange(JSON.stringify(change))).toEqual(change);
    expect(staleCacheKeys(change)).not.toContain("site");
  });
});

describe("a change of jobs' labels (decision 0222)", () => {
  it("makes stale the pages showing those jobs, their domaine's directory and job searches, not everything", () => {
    const change: ContentChange = { kind: "jobs", codes: ["A1101"] };
    expect([...staleShows(change)!].sort()).toEqual(["job-domain:A", "job-labels", "job:A1101"]);
    expect(parseContentChange(JSON.stringify(change))).toEqual(change);
  });
});
