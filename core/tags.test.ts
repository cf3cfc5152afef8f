import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { switchLanguageTarget, type CurrentPage } from "./language-switch.ts";
import { decodeSegment, itemPath } from "./paths.ts";
import { tagAddressKey, tagKey, tagNameClash, tagNameKey, tagNameProblem, tagOfAddress } from "./tags.ts";

describe("tag names: their address keys and what a name may be", () => {
  it("a name's key is its slug: folded, words joined by hyphens, in any script", () => {
    expect(tagNameKey("Voyages en train")).toBe("voyages-en-train");
    expect(tagNameKey("Métiers d'art")).toBe("metiers-d-art");
    expect(tagNameKey("السفر")).toBe("السفر");
    expect(tagNameKey("旅行")).toBe("旅行");
  });

  it("a tag without a name keeps its own key (the address it always had)", () => {
    expect(tagAddressKey("travel", undefined)).toBe("travel");
    expect(tagAddressKey("travel", "voyages")).toBe("voyages");
    expect(tagKey("Ｔravel")).toBe("ｔravel");
  });

  it("a name must hold a letter or digit, no control characters, at most 60 characters", () => {
    expect(tagNameProblem("Voyages")).toBeNull();
    expect(tagNameProblem("")).toMatch(/empty/);
    expect(tagNameProblem("---")).toMatch(/letter or digit/);
    expect(tagNameProblem("a\nb")).toMatch(/control/);
    expect(tagNameProblem("é".repeat(61))).toMatch(/60/);
    expect(tagNameProblem("é".repeat(60))).toBeNull();
  });

  it("every acceptable name has a non-empty key that is one URL segment", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), (name) => {
        if (tagNameProblem(name) !== null) return;
        const key = tagNameKey(name);
        expect(key).not.toBe("");
        expect(decodeSegment(encodeURIComponent(key))).toBe(key);
      }),
    );
  });
});

describe("tagOfAddress: which tag a page address names in a language", () => {
  const names = [
    { tagKey: "travel", code: "fr-FR", nameKey: "voyages" },
    { tagKey: "travel", code: "ar", nameKey: "السفر" },
    { tagKey: "food", code: "es-ES", nameKey: "viajes" },
  ];
  const matching = (requested: string) => names.filter((name) => name.nameKey === requested);

  it("the language's own name first", () => {
    expect(tagOfAddress("voyages", "fr-FR", matching("voyages"))).toBe("travel");
    expect(tagAddressKey("travel", "voyages")).toBe("voyages");
  });

  it("the tag as written: the address before any name keeps working (the caller redirects to the name)", () => {
    expect(tagOfAddress("travel", "fr-FR", matching("travel"))).toBe("travel");
  });

  it("another language's name: a copied link finds the tag", () => {
    expect(tagOfAddress("السفر", "fr-FR", matching("السفر"))).toBe("travel");
  });

  it("a tag written with the key wins over another tag named so elsewhere", () => {
    const both = [...names, { tagKey: "viajes", code: "es-ES", nameKey: "viajes-x" }];
    expect(
      tagOfAddress("viajes", "de-DE", [
        ...both.filter((n) => n.nameKey === "viajes"),
        { tagKey: "viajes", code: "pt-BR", nameKey: "viajes" },
      ]),
    ).toBe("viajes");
    expect(tagOfAddress("viajes", "de-DE", matching("viajes"))).toBe("food");
  });

  it("an unknown key is read as a tag's own key (the page is a 404 when no article carries it)", () => {
    expect(tagOfAddress("nothing", "fr-FR", [])).toBe("nothing");
  });
});

describe("tagNameClash: one address, one tag, per language", () => {
  const taken = new Map([["food", "cuisine"]]);
  it("refuses another tag's name or another tag's own address", () => {
    expect(tagNameClash("travel", "cuisine", taken, () => false)).toMatch(/food/);
    expect(tagNameClash("travel", "rome", taken, (key) => key === "rome")).toMatch(/rome/);
    expect(tagNameClash("travel", "voyages", taken, () => false)).toBeNull();
    expect(tagNameClash("food", "cuisine", taken, () => false)).toBeNull();
    expect(tagNameClash("travel", "travel", taken, (key) => key === "travel")).toBeNull();
  });
});

describe("switching language on a tag page lands on the same tag's page, named in the other language", () => {
  const tagPage: CurrentPage = {
    kind: "item",
    section: "TAGS",
    itemId: "travel",
    itemIds: { 2: "voyages", 6: "السفر" },
    slugs: { 1: "", 2: "", 6: "" },
  };
  const target = (id: number, shortCode: string, tags: string) =>
    switchLanguageTarget(tagPage, { id, shortCode, welcome: "w" }, [{ section: "TAGS", label: tags, search: null }]);

  it("to French and Arabic: each language's name; to English (no name): the tag as written", () => {
    expect(target(2, "fr", "étiquettes")).toEqual({
      path: itemPath("fr", "étiquettes", "voyages", ""),
      destination: "same",
    });
    expect(target(6, "ar", "وسوم").path).toBe(`/ar/${encodeURIComponent("وسوم")}/${encodeURIComponent("السفر")}`);
    expect(target(1, "en", "tags")).toEqual({ path: "/en/tags/travel", destination: "same" });
  });

  it("a language where no article carries the tag goes to its tags list", () => {
    expect(target(3, "es", "etiquetas")).toEqual({ path: "/es/etiquetas", destination: "section" });
  });
});
