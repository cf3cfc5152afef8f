import { describe, expect, it } from "vitest";
import { exactKey, FUZZY_THRESHOLD, segmentDifferences, similarity, sketchKeys, segmentTokens } from "./similarity.ts";

const sentence = "The council approved the budget for the new bridge over the river this morning";

describe("similarity", () => {
  it("is 100 for the same text, spaces and compatibility forms aside", () => {
    expect(similarity(sentence, `  ${sentence.replace("budget", "budget ")} `)).toBe(100);
    expect(exactKey("Ｔｈｅ  team")).toBe(exactKey("The team"));
  });

  it("is 99 at most when only case or punctuation differ", () => {
    expect(similarity(sentence, `${sentence.toUpperCase()}.`)).toBe(99);
  });

  it("counts changed words against the longer segment", () => {
    const changed = sentence.replace("budget", "plan").replace("morning", "evening");
    // 2 of 14 words changed.
    expect(similarity(sentence, changed)).toBe(85);
  });

  it("is 0 below the threshold by length alone", () => {
    expect(similarity(sentence, "The council")).toBe(0);
    expect(FUZZY_THRESHOLD).toBe(70);
  });

  it("counts Japanese by character", () => {
    expect(segmentTokens("市の議会")).toEqual(["市", "の", "議", "会"]);
    expect(similarity("市の議会は予算を承認した", "市の議会は予算を否決した")).toBe(83);
  });

  it("reads Arabic words whole", () => {
    expect(similarity("وافق المجلس على الميزانية الجديدة", "وافق المجلس على الميزانية القديمة")).toBe(80);
  });
});

describe("sketchKeys", () => {
  it("gives similar segments keys in common, and other languages other keys", () => {
    const keys = sketchKeys("en-US", segmentTokens(sentence));
    const near = sketchKeys("en-US", segmentTokens(sentence.replace("budget", "plan")));
    expect(keys).toHaveLength(6);
    expect(keys.filter((key) => near.includes(key)).length).toBeGreaterThan(0);
    expect(sketchKeys("fr-FR", segmentTokens(sentence)).some((key) => keys.includes(key))).toBe(false);
    expect(keys.every((key) => Number.isInteger(key) && key >= 0 && key < 2 ** 31)).toBe(true);
  });

  it("keys a short segment by its word pairs and a long one by its triples, both in between", () => {
    expect(sketchKeys("en-US", ["archive"])).toEqual(sketchKeys("en-US", ["archive"]));
    expect(sketchKeys("en-US", ["archive"])).toHaveLength(6);
    expect(sketchKeys("en-US", segmentTokens("one two three four five six seven eight nine ten"))).toHaveLength(12);
  });
});

describe("segmentDifferences", () => {
  it("tells the memory's words from the segment's", () => {
    expect(segmentDifferences("The old bridge", "The new bridge", "en")).toEqual([
      { text: "The ", change: "same" },
      { text: "old", change: "removed" },
      { text: "new", change: "added" },
      { text: " bridge", change: "same" },
    ]);
  });
});
