import { describe, expect, it } from "vitest";
import { canonicalLanguageTag } from "./admin/languages/schema.ts";
import { comparablePageName, findPageNameClash, pageNameProblem, pageNamesOf } from "./page-names.ts";

describe("page names", () => {
  it("compares names the way the router does: case-insensitive, NFC", () => {
    expect(comparablePageName("Métiers")).toBe(comparablePageName("me\u0301tiers"));
    expect(comparablePageName("a\u0000b")).toBeNull();
  });

  it.each([
    ["", "must not be empty"],
    ["a/b", 'must not contain "/"'],
    [".", 'must not be "." or ".."'],
    ["..", 'must not be "." or ".."'],
    ["tab\there", "must not contain control characters"],
    ["Preview", 'must not be "preview" (draft preview links are /{lang}/preview/…)'],
  ])("refuses %j", (name, problem) => {
    expect(pageNameProblem(name)).toBe(problem);
  });

  it.each(["bienvenue", "مرحبا", "100%", "a.b", "...", "previews", "%70review"])("accepts %j", (name) => {
    expect(pageNameProblem(name)).toBeNull();
  });

  const french = pageNamesOf("bienvenue", [
    { section: "ARTICLES", label: "articles", search: "blog" },
    { section: "JOBS", label: "métiers", search: "metiers" },
  ]);

  it("finds a clash involving the edited section only", () => {
    const clashing = [...french.filter((name) => name.section !== "HOME"), { section: "HOME" as const, name: "Blog" }];
    expect(findPageNameClash(clashing, "HOME")).toEqual({ name: "Blog", takenBy: "ARTICLES" });
    expect(findPageNameClash(french, "HOME")).toBeNull();
    expect(findPageNameClash(french, "JOBS")).toBeNull();
  });

  it("lets a section's label and other spelling be the same", () => {
    const names = pageNamesOf("welcome", [{ section: "ARTICLES", label: "blog", search: "Blog" }]);
    expect(findPageNameClash(names, "ARTICLES")).toBeNull();
  });
});

describe("canonicalLanguageTag", () => {
  it.each([
    ["EN-us", "en-US"],
    ["zh-hant-tw", "zh-Hant-TW"],
    ["ar", "ar"],
  ])("canonicalises %s to %s", (tag, canonical) => {
    expect(canonicalLanguageTag(tag)).toBe(canonical);
  });

  it.each(["en_US", "français", "", "x"])("refuses %j", (tag) => {
    expect(canonicalLanguageTag(tag)).toBeNull();
  });
});
