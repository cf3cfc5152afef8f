import { describe, expect, it } from "vitest";
import {
  afterDelete,
  afterSave,
  changeSource,
  EMPTY_TRANSLATION_STATE,
  isOutdated,
  markUpToDate,
  oldestNeededRevision,
  successorSource,
  textChanged,
  translationStatus,
  type TranslationState,
} from "./translation-status.ts";

const state = (source: string | null, revision: number, bases: Record<string, number>): TranslationState => ({ source, revision, bases: new Map(Object.entries(bases)) });
const text = { title: "T", summary: "S", body: "B", coverAlt: "" };

describe("textChanged", () => {
  it("counts title, summary, body and cover alt text, and a first save", () => {
    expect(textChanged(null, text)).toBe(true);
    expect(textChanged(text, { ...text })).toBe(false);
    for (const field of ["title", "summary", "body", "coverAlt"] as const) expect(textChanged(text, { ...text, [field]: "changed" }), field).toBe(true);
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
  it("makes the first version the source at revision 1, with a snapshot", () => {
    const { state: next, snapshot } = afterSave(EMPTY_TRANSLATION_STATE, "fr", { created: true, textChanged: true });
    expect(next).toEqual(state("fr", 1, { fr: 1 }));
    expect(snapshot).toBe(true);
  });

  it("bases a new translation on the current revision", () => {
    const { state: next, snapshot } = afterSave(state("en", 2, { en: 2 }), "fr", { created: true, textChanged: true });
    expect(next.bases.get("fr")).toBe(2);
    expect(snapshot).toBe(false);
  });

  it("raises the revision when the source's text changes, outdating every translation", () => {
    const { state: next, snapshot } = afterSave(state("en", 2, { en: 2, fr: 2 }), "en", { created: false, textChanged: true });
    expect(next).toEqual(state("en", 3, { en: 3, fr: 2 }));
    expect(snapshot).toBe(true);
    expect(translationStatus(next, "fr", "published")).toBe("outdated");
  });

  it("does not depend on time: two source changes in the same millisecond are two revisions", () => {
    let current = state("en", 1, { en: 1, fr: 1 });
    current = afterSave(current, "en", { created: false, textChanged: true }).state;
    current = markUpToDate(current, "fr");
    current = afterSave(current, "en", { created: false, textChanged: true }).state;
    expect(current.revision).toBe(3);
    expect(translationStatus(current, "fr", "published")).toBe("outdated");
  });

  it("leaves everything as it was when the source is saved unchanged (a slug or publication change)", () => {
    const before = state("en", 2, { en: 2, fr: 1 });
    expect(afterSave(before, "en", { created: false, textChanged: false })).toEqual({ state: before, snapshot: false });
  });

  it("keeps a translation's base when its text is edited: only marking up to date says it follows the source", () => {
    const { state: next } = afterSave(state("en", 3, { en: 3, fr: 1 }), "fr", { created: false, textChanged: true });
    expect(next.bases.get("fr")).toBe(1);
  });

  it("takes an imported base, never beyond the current revision nor below 0", () => {
    const before = state("en", 3, { en: 3, fr: 3 });
    expect(afterSave(before, "fr", { created: false, textChanged: false, basedOn: 2 }).state.bases.get("fr")).toBe(2);
    expect(afterSave(before, "de", { created: true, textChanged: true, basedOn: 9 }).state.bases.get("de")).toBe(3);
    expect(afterSave(before, "de", { created: true, textChanged: true, basedOn: -4 }).state.bases.get("de")).toBe(0);
  });

  it("makes a save the source when the recorded source has no version (a damaged state)", () => {
    const { state: next, snapshot } = afterSave(state("en", 4, { fr: 2 }), "fr", { created: false, textChanged: false });
    expect(next).toEqual(state("fr", 5, { fr: 5 }));
    expect(snapshot).toBe(true);
  });
});

describe("changeSource", () => {
  it("keeps every status when the new source was up to date", () => {
    const before = state("en", 3, { en: 3, fr: 3, de: 2 });
    const { state: next, snapshot } = changeSource(before, "fr");
    expect(next).toEqual(state("fr", 3, { en: 3, fr: 3, de: 2 }));
    expect(snapshot).toBe(true);
    for (const code of ["en", "fr", "de"]) expect(translationStatus(next, code, "published")).toBe(translationStatus(before, code, "published"));
  });

  it("raises the revision when the new source was outdated: every other version must be checked", () => {
    const { state: next } = changeSource(state("en", 3, { en: 3, fr: 2, de: 3 }), "fr");
    expect(next).toEqual(state("fr", 4, { en: 3, fr: 4, de: 3 }));
    expect(translationStatus(next, "en", "published")).toBe("outdated");
    expect(translationStatus(next, "de", "published")).toBe("outdated");
    expect(translationStatus(next, "fr", "published")).toBe("current");
  });

  it("changes nothing when the language already is the source, and refuses a language without a version", () => {
    const before = state("en", 2, { en: 2 });
    expect(changeSource(before, "en")).toEqual({ state: before, snapshot: false });
    expect(() => changeSource(before, "fr")).toThrow(RangeError);
  });
});

describe("afterDelete", () => {
  it("drops a deleted translation", () => {
    expect(afterDelete(state("en", 2, { en: 2, fr: 1 }), "fr")).toEqual({ state: state("en", 2, { en: 2 }), snapshot: false });
  });

  it("hands a deleted source to the most up-to-date translation, keeping statuses when it was current", () => {
    const { state: next, snapshot } = afterDelete(state("en", 3, { en: 3, fr: 2, de: 3, ar: 3 }), "en");
    expect(next).toEqual(state("ar", 3, { fr: 2, de: 3, ar: 3 }));
    expect(snapshot).toBe(true);
  });

  it("outdates the rest when every remaining version was behind the deleted source", () => {
    const { state: next } = afterDelete(state("en", 5, { en: 5, fr: 4, de: 2 }), "en");
    expect(next).toEqual(state("fr", 6, { fr: 6, de: 2 }));
    expect(translationStatus(next, "de", "published")).toBe("outdated");
  });

  it("leaves no source when the last version goes, and the next first version starts a new revision", () => {
    const { state: empty } = afterDelete(state("en", 4, { en: 4 }), "en");
    expect(empty).toEqual(state(null, 4, {}));
    expect(afterSave(empty, "ja", { created: true, textChanged: true }).state).toEqual(state("ja", 5, { ja: 5 }));
  });
});

describe("successorSource", () => {
  it("prefers the highest base, then code order", () => {
    expect(successorSource(new Map([["fr", 2], ["de", 2], ["ar", 1]]))).toBe("de");
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
