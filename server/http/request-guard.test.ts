import { describe, expect, it } from "vitest";
import { findBadInput, MAX_PATH_LENGTH, rawPathAndQuery } from "./request-guard.ts";

describe("request guard", () => {
  it("splits the raw path and query without decoding", () => {
    expect(rawPathAndQuery("http://h:1/fr/m%C3%A9tiers?q=%C3%A9")).toEqual({
      path: "/fr/m%C3%A9tiers",
      query: "q=%C3%A9",
    });
    expect(rawPathAndQuery("http://h/")).toEqual({ path: "/", query: "" });
  });

  it.each([
    "http://h/",
    "http://h/fr/m%C3%A9tiers",
    "http://h/ar/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7",
    "http://h/en/jobs?q=%C3%A9lagage+bois",
    "http://h/en/articles?page=2&x=",
  ])("accepts %s", (url) => expect(findBadInput(url)).toBeNull());

  it.each([
    ["http://h/%E0%A4%A", "percent-encoding"],
    ["http://h/en/%", "percent-encoding"],
    ["http://h/en/%ZZ", "percent-encoding"],
    ["http://h/en/a%00b", "control character"],
    ["http://h/en/jobs?q=%FF", "query string"],
    [`http://h/${"a".repeat(MAX_PATH_LENGTH + 1)}`, "longer than"],
    [`http://h/?q=${"a".repeat(5000)}`, "longer than"],
  ])("refuses %s naming the problem", (url, words) => {
    expect(findBadInput(url)).toContain(words);
  });
});

describe("request guard on arbitrary input", () => {
  it("never throws, whatever the path and query", async () => {
    const fc = await import("fast-check");
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (path, query) => {
        const result = findBadInput(`http://h/${path}?${query}`);
        return result === null || typeof result === "string";
      }),
      { numRuns: 2000 },
    );
  });
});
