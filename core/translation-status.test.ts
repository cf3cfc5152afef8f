import { describe, expect, it } from "vitest";
import {
  afterDelete,
  afterSave,
  changeSource,
  EMPTY_TRANSLATION_STATE,
  isOutdated,
  markUpToDate,
  oldestNeededRevision,
  restatedBase,
  successorSource,
  textChanged,
  translationStatus,
  type TranslationState,
} from "./translation-status.ts";

const state = (source: string | null, revision: number, bases: Record<string, number>): TranslationState => ({
  source,
  revision,
  bases: new Map(Object.entries(bases)),
});
const text = { title: "T", summary: "S", body: "B", coverAlt: "" };

describe("textChanged", () => {
  it("counts title, summary, body and cover alt text, and a first save", () => {
    expect(textChanged(null, text)).toBe(true);
    expect(textChanged(text, { ...text })).toBe(false);
    for (const field of ["title", "summary", "body", "coverAlt"] as const)
      expect(textChanged(text, { ...text, [field]: "changed" }), field).toBe(true);
  });
});

describe("translationStatus", () => {
  const article = state("en", 3, { en: 3, fr: 3, de: 2 });
  it("is Missing without a version, Draft while unpublished, Up to date or Outdated by base revision", () => {
    expect(translationStatus(article, "ja", undefined)).toBe("missing");
    expect(translationStatus(article, "ja", "published")).toBe("missing");
    expect(translationStatus(article, "fr", "draft")).toBe("draft");
    expect(translationStatus(article, "de", "draft")).toBe("draft");
    expect(translationStatus(article, "fr", "published")).toBe("current");
    expect(translationStatus(article, "de", "published")).toBe("outdated");
    expect(translationStatus(article, "en", "published")).toBe("current");
  });
  it("keeps the outdated flag of a draft, so publishing it shows Outdated", () => {
    expect(isOutdated(article, "de")).toBe(true);
    expect(isOutdated(article, "fr")).toBe(false);
    expect(isOutdated(article, "en")).toBe(false);
    expect(isOutdated(article, "ja")).toBe(false);
  });
});

describe("afterSave", () => {
  it("makes the first version the source at the History revision it records (1 for a first text), with a snapshot", () => {
    const { state: next, snapshot } = afterSave(EMPTY_TRANSLATION_STATE, "fr", {
      created: true,
      textChanged: true,
      revision: 1,
    });
    expect(next).toEqual(state("fr", 1, { fr: 1 }));
    expect(snapshot).toBe(true);
  });

  it("bases a new translation on the current revision", () => {
    const { state: next, snapshot } = afterSave(state("en", 2, { en: 2 }), "fr", {
      created: true,
      textChanged: true,
      revision: 1,
    });
    expect(next.bases.get("fr")).toBe(2);
    expect(snapshot).toBe(false);
  });

  it("moves the revision to the History number of a change of the source's text, outdating every translation", () => {
    // History #3 and #4 were a draft and its publication: the text changed with #5.
    const { state: next, snapshot } = afterSave(state("en", 2, { en: 2, fr: 2 }), "en", {
      created: false,
      textChanged: true,
      revision: 5,
    });
    expect(next).toEqual(state("en", 5, { en: 5, fr: 2 }));
    expect(snapshot).toBe(true);
    expect(translationStatus(next, "fr", "published")).toBe("outdated");
  });

  it("does not depend on time: two source changes in the same millisecond are two revisions", () => {
    let current = state("en", 1, { en: 1, fr: 1 });
    current = afterSave(current, "en", { created: false, textChanged: true, revision: 2 }).state;
    current = markUpToDate(current, "fr");
    current = afterSave(current, "en", { created: false, textChanged: true, revision: 3 }).state;
    expect(current.revision).toBe(3);
    expect(translationStatus(current, "fr", "published")).toBe("outdated");
  });

  it("leaves everything as it was when the source is saved unchanged (a slug or publication change, a restore of the same text)", () => {
    const before = state("en", 2, { en: 2, fr: 1 });
    expect(afterSave(before, "en", { created: false, textChanged: false, revision: 7 })).toEqual({
      state: before,
      snapshot: false,
    });
  });

  it("keeps a translation's base when its text is edited: only marking up to date says it follows the source", () => {
    const { state: next } = afterSave(state("en", 3, { en: 3, fr: 1 }), "fr", {
      created: false,
      textChanged: true,
      revision: 4,
    });
    expect(next.bases.get("fr")).toBe(1);
  });

  it("takes an imported base, never beyond the current revision nor below 0", () => {
    const before = state("en", 3, { en: 3, fr: 3 });
    expect(
      afterSave(before, "fr", { created: false, textChanged: false, revision: 2, basedOn: 2 }).state.bases.get("fr"),
    ).toBe(2);
    expect(
      afterSave(before, "de", { created: true, textChanged: true, revision: 1, basedOn: 9 }).state.bases.get("de"),
    ).toBe(3);
    expect(
      afterSave(before, "de", { created: true, textChanged: true, revision: 1, basedOn: -4 }).state.bases.get("de"),
    ).toBe(0);
  });

  it("makes a save the source when the recorded source has no version (a damaged state), every other version outdated", () => {
    const { state: next, snapshot } = afterSave(state("en", 4, { fr: 2, de: 4 }), "fr", {
      created: false,
      textChanged: false,
      revision: 3,
    });
    expect(next).toEqual(state("fr", 3, { fr: 3, de: 2 }));
    expect(snapshot).toBe(true);
    expect(translationStatus(next, "de", "published")).toBe("outdated");
  });
});

describe("changeSource", () => {
  it("keeps every status when the new source was up to date, restated in the new source's History numbers", () => {
    const before = state("en", 9, { en: 9, fr: 9, de: 2, ja: 8 });
    const { state: next, snapshot } = changeSource(before, "fr", new Map([["fr", 4]]));
    expect(next).toEqual(state("fr", 4, { en: 4, fr: 4, de: 2, ja: 3 }));
    expect(snapshot).toBe(true);
    for (const code of ["en", "fr", "de", "ja"])
      expect(translationStatus(next, code, "published")).toBe(translationStatus(before, code, "published"));
  });

  it("outdates every other version when the new source was outdated, whatever its History number", () => {
    for (const revision of [1, 2, 12]) {
      const { state: next } = changeSource(state("en", 3, { en: 3, fr: 2, de: 3 }), "fr", new Map([["fr", revision]]));
      expect(next.revision).toBe(revision);
      expect(translationStatus(next, "en", "published")).toBe("outdated");
      expect(translationStatus(next, "de", "published")).toBe("outdated");
      expect(translationStatus(next, "fr", "published")).toBe("current");
    }
  });

  it("changes nothing when the language already is the source, and refuses a language without a version", () => {
    const before = state("en", 2, { en: 2 });
    expect(changeSource(before, "en", new Map([["en", 5]]))).toEqual({ state: before, snapshot: false });
    expect(() => changeSource(before, "fr", new Map([["fr", 1]]))).toThrow(RangeError);
    expect(() => changeSource(state("en", 2, { en: 2, fr: 2 }), "fr", new Map())).toThrow(RangeError);
  });
});

describe("restatedBase", () => {
  it("restates a base recorded before a change of source as changeSource restates the versions'", () => {
    const before = state("en", 9, { en: 9, fr: 9, de: 2 });
    expect(restatedBase(before, { source: "fr", revision: 4 }, 9)).toBe(4);
    expect(restatedBase(before, { source: "fr", revision: 4 }, 8)).toBe(3);
    expect(restatedBase(before, { source: "fr", revision: 4 }, 2)).toBe(2);
    // The new source was behind: nothing stays up to date.
    expect(restatedBase(before, { source: "de", revision: 4 }, 9)).toBe(3);
  });
});

describe("afterDelete", () => {
  const texts = new Map([
    ["fr", 7],
    ["de", 2],
    ["ar", 3],
  ]);
  it("drops a deleted translation", () => {
    expect(afterDelete(state("en", 2, { en: 2, fr: 1 }), "fr", texts)).toEqual({
      state: state("en", 2, { en: 2 }),
      snapshot: false,
    });
  });

  it("hands a deleted source to the most up-to-date translation at its text's History number, keeping statuses when it was current", () => {
    const { state: next, snapshot } = afterDelete(state("en", 3, { en: 3, fr: 2, de: 3, ar: 3 }), "en", texts);
    expect(next).toEqual(state("ar", 3, { fr: 2, de: 3, ar: 3 }));
    expect(snapshot).toBe(true);
  });

  it("outdates the rest when every remaining version was behind the deleted source", () => {
    const { state: next } = afterDelete(state("en", 5, { en: 5, fr: 4, de: 2 }), "en", texts);
    expect(next).toEqual(state("fr", 7, { fr: 7, de: 2 }));
    expect(translationStatus(next, "de", "published")).toBe("outdated");
  });

  it("leaves no source when the last version goes, and the next first version is the source at its own revision", () => {
    const { state: empty } = afterDelete(state("en", 4, { en: 4 }), "en", texts);
    expect(empty).toEqual(state(null, 4, {}));
    expect(afterSave(empty, "ja", { created: true, textChanged: true, revision: 1 }).state).toEqual(
      state("ja", 1, { ja: 1 }),
    );
  });
});

describe("successorSource", () => {
  it("prefers the highest base, then code order", () => {
    expect(
      successorSource(
        new Map([
          ["fr", 2],
          ["de", 2],
          ["ar", 1],
        ]),
      ),
    ).toBe("de");
    expect(successorSource(new Map())).toBeNull();
  });
});

describe("markUpToDate", () => {
  it("bases the version on the current revision without touching anything else", () => {
    const before = state("en", 4, { en: 4, fr: 1, de: 2 });
    const next = markUpToDate(before, "fr");
    expect(next).toEqual(state("en", 4, { en: 4, fr: 4, de: 2 }));
    expect(translationStatus(next, "fr", "published")).toBe("current");
    expect(() => markUpToDate(before, "ja")).toThrow(RangeError);
  });
});

describe("oldestNeededRevision", () => {
  it("is the lowest base, or the revision itself", () => {
    expect(oldestNeededRevision(state("en", 4, { en: 4, fr: 1, de: 2 }))).toBe(1);
    expect(oldestNeededRevision(state("en", 4, { en: 4 }))).toBe(4);
    expect(oldestNeededRevision(state(null, 4, {}))).toBe(4);
  });
});
