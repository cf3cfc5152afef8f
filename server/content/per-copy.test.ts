import { describe, expect, it, vi } from "vitest";
import { memoizedPerCopy } from "./per-copy.ts";

describe("memoizedPerCopy", () => {
  it("computes once per copy and key, and afresh for a new copy", () => {
    const compute = vi.fn((copy: { name: string }, key: string) => `${copy.name}:${key}`);
    const memoized = memoizedPerCopy(compute);
    const first = { name: "first" };
    expect([memoized(first, "en"), memoized(first, "en"), memoized(first, "fr")]).toEqual([
      "first:en",
      "first:en",
      "first:fr",
    ]);
    expect(compute).toHaveBeenCalledTimes(2);
    const second = { name: "second" };
    expect(memoized(second, "en")).toBe("second:en");
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it("keeps the very object it computed, so a page's JSON text is one string instance", () => {
    const memoized = memoizedPerCopy(() => ({ json: "{}" }));
    const copy = {};
    expect(memoized(copy, "en")).toBe(memoized(copy, "en"));
  });
});
