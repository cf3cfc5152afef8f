import { describe, expect, it } from "vitest";
import { likeliestCandidates, rankMatches } from "./ranking.ts";

const SOURCE = "The river runs through the old town under seven stone bridges";
const CLOSE = "The river runs through the old town under eight stone bridges";
const FAR = "A road runs past the new town over seven iron bridges today";

describe("rankMatches", () => {
  it("puts the exact match first, then fuzzy ones at 70 % or more with their score; drops the rest", () => {
    const ranked = rankMatches(
      SOURCE,
      [
        { source: FAR, target: "loin", updatedAt: "2026-03-01" },
        { source: CLOSE, target: "proche", updatedAt: "2026-02-01" },
        { source: SOURCE, target: "même", updatedAt: "2026-01-01" },
      ],
      10,
    );
    expect(ranked.map((match) => [match.target, match.score])).toEqual([
      ["même", 100],
      ["proche", 90],
    ]);
  });

  it("among equal scores, puts the newest first, then the most used; one match per pair, counting its places", () => {
    const ranked = rankMatches(
      SOURCE,
      [
        { source: SOURCE, target: "ancienne", updatedAt: "2026-01-01" },
        { source: SOURCE, target: "courante", updatedAt: "2026-01-05" },
        { source: SOURCE, target: "courante", updatedAt: "2026-01-03" },
        { source: SOURCE, target: "récente", updatedAt: "2026-01-09" },
        { source: SOURCE, target: "répandue", updatedAt: "2026-01-05" },
        { source: SOURCE, target: "répandue", updatedAt: "2026-01-02" },
        { source: SOURCE, target: "répandue", updatedAt: "2026-01-04" },
      ],
      10,
    );
    expect(ranked.map((match) => [match.target, match.uses, match.updatedAt])).toEqual([
      ["récente", 1, "2026-01-09"],
      ["répandue", 3, "2026-01-05"],
      ["courante", 2, "2026-01-05"],
      ["ancienne", 1, "2026-01-01"],
    ]);
  });

  it("ranks a better score above a newer one, leaves out empty translations, and keeps to the limit", () => {
    const ranked = rankMatches(
      SOURCE,
      [
        { source: CLOSE, target: "proche", updatedAt: "2026-12-01" },
        { source: SOURCE, target: "  ", updatedAt: "2026-12-02" },
        { source: SOURCE, target: "même", updatedAt: "2020-01-01" },
        { source: SOURCE.toUpperCase(), target: "casse", updatedAt: "2020-01-01" },
      ],
      2,
    );
    expect(ranked.map((match) => [match.target, match.score])).toEqual([
      ["même", 100],
      ["casse", 99],
    ]);
  });
});

describe("likeliestCandidates", () => {
  it("keeps those found under the most keys, in the order found among equals, at most as many as asked", () => {
    const lists = [
      ["a", "b", "c"],
      ["b", "c", "d"],
      ["c", "e"],
      ["b", "f"],
    ];
    expect(likeliestCandidates(lists, 3)).toEqual(["b", "c", "a"]);
    expect(likeliestCandidates([], 3)).toEqual([]);
  });
});
