import { describe, expect, it } from "vitest";
import { withDefaultAlternate } from "./views.ts";

describe("withDefaultAlternate", () => {
  const alternates = [
    { hrefLang: "fr-FR", path: "/fr/articles/1/bonjour" },
    { hrefLang: "en-US", path: "/en/articles/1/hello" },
  ];

  it("names the page in the favorite language as x-default, never the redirecting root", () => {
    expect(withDefaultAlternate(alternates, "en-US")).toEqual([
      ...alternates,
      { hrefLang: "x-default", path: "/en/articles/1/hello" },
    ]);
  });

  it("falls back to the first alternate when the page has no version in the favorite language", () => {
    expect(withDefaultAlternate(alternates, "ja")).toEqual([
      ...alternates,
      { hrefLang: "x-default", path: "/fr/articles/1/bonjour" },
    ]);
    expect(withDefaultAlternate(alternates, null).at(-1)).toEqual({
      hrefLang: "x-default",
      path: "/fr/articles/1/bonjour",
    });
  });

  it("names no x-default for a page without alternates", () => {
    expect(withDefaultAlternate([], "en-US")).toEqual([]);
  });
});
