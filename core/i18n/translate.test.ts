import { describe, expect, it, vi } from "vitest";
import { compileMessages } from "./message.ts";
import { createTranslate, type Strings } from "./translate.ts";

const JOBS = "{count, plural, one {# job} other {# jobs}}";
const JOBS_AR =
  "{count, plural, zero {لا توجد وظائف} one {وظيفة واحدة} two {وظيفتان} few {# وظائف} many {# وظيفة} other {# وظيفة}}";

function translator(strings: Record<string, string>, locale = "en-US", warn = vi.fn()) {
  return createTranslate(compileMessages(Object.entries(strings)), locale, warn);
}

describe("createTranslate", () => {
  it("returns a plain entry as written", () => {
    expect(translator({ "NAV:HOME": "Accueil" }, "fr-FR")("NAV:HOME")).toBe("Accueil");
  });

  it("keeps apostrophes and angle brackets of plain strings", () => {
    const t = translator({ A: "L’accueil d'Ada", B: "Press <Enter> to search", C: "It''s {name}''s" });
    expect(t("A")).toBe("L’accueil d'Ada");
    expect(t("B")).toBe("Press <Enter> to search");
    expect(t("C", { name: "Ada" })).toBe("It's Ada's");
  });

  it("builds a formatter without asking Intl which locales it supports (that loads ICU's number data)", () => {
    const supportedLocalesOf = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    try {
      const t = translator({ WELCOME: "Bienvenue, {displayName} !" }, "fr-FR");
      expect(t("WELCOME", { displayName: "Ada" })).toBe("Bienvenue, Ada !");
      expect(supportedLocalesOf).not.toHaveBeenCalled();
    } finally {
      supportedLocalesOf.mockRestore();
    }
  });

  it("shows the key and warns, never throws, for a locale tag Intl cannot read", () => {
    const warn = vi.fn();
    expect(translator({ JOBS }, "not a tag", warn)("JOBS", { count: 2 })).toBe("JOBS");
    expect(warn).toHaveBeenCalledOnce();
  });

  it("fills simple arguments", () => {
    expect(translator({ "TOAST:WELCOME": "Welcome, {displayName}!" })("TOAST:WELCOME", { displayName: "Ada" })).toBe(
      "Welcome, Ada!",
    );
  });

  it("chooses the plural form by the language's rules and formats # in its digits", () => {
    const en = translator({ JOBS });
    expect([0, 1, 2, 1532].map((count) => en("JOBS", { count }))).toEqual(["0 jobs", "1 job", "2 jobs", "1,532 jobs"]);
    const ar = translator({ JOBS: JOBS_AR }, "ar");
    expect([0, 1, 2, 3, 11, 100].map((count) => ar("JOBS", { count }))).toEqual([
      "لا توجد وظائف",
      "وظيفة واحدة",
      "وظيفتان",
      "3 وظائف",
      "11 وظيفة",
      "100 وظيفة",
    ]);
    const fr = translator({ JOBS: "{count, plural, one {# métier} many {# de métiers} other {# métiers}}" }, "fr-FR");
    expect([0, 1, 2, 1_000_000].map((count) => fr("JOBS", { count }))).toEqual([
      "0 métier",
      "1 métier",
      "2 métiers",
      "1\u202f000\u202f000 de métiers",
    ]);
    const ja = translator({ JOBS: "{count, plural, other {#件の職業}}" }, "ja-JP");
    expect(ja("JOBS", { count: 1 })).toBe("1件の職業");
  });

  it("formats select, number and date arguments, dates in UTC", () => {
    const t = translator({
      SELECT: "{kind, select, article {an article} other {a page}}",
      SHARE: "{share, number, percent}",
      DATE: "{day, date, long}",
    });
    expect(t("SELECT", { kind: "article" })).toBe("an article");
    expect(t("SELECT", { kind: "video" })).toBe("a page");
    expect(t("SHARE", { share: 0.25 })).toBe("25%");
    expect(t("DATE", { day: new Date("2026-01-01T00:30:00Z") })).toBe("January 1, 2026");
  });

  it("formats the same after the JSON round trip the page shell makes (core/shell.ts ShellPayload)", () => {
    const texts = {
      JOBS: JOBS_AR,
      SELECT: "{kind, select, article {an {count, plural, one {# article} other {# articles}}} other {a page}}",
      OFFSET: "{count, plural, offset:1 =0 {nobody} one {you} other {you and # others}}",
      SHARE: "{share, number, percent}",
      DATE: "Updated {day, date, long}",
      PLAIN: "Press <Enter> to search “{query}”",
    };
    const compiled = compileMessages(Object.entries(texts));
    const direct = createTranslate(compiled, "ar");
    const roundTripped = createTranslate(JSON.parse(JSON.stringify(compiled)) as Strings, "ar");
    const values = { count: 3, kind: "article", share: 0.5, day: new Date("2026-11-26T00:00:00Z"), query: "x" };
    for (const key of Object.keys(texts)) expect(roundTripped(key, values)).toBe(direct(key, values));
    for (const count of [0, 1, 2, 11]) expect(roundTripped("OFFSET", { count })).toBe(direct("OFFSET", { count }));
  });

  it("renders a missing key as itself and warns", () => {
    const warn = vi.fn();
    expect(createTranslate({}, "en-US", warn)("JOBS:TITLE")).toBe("JOBS:TITLE");
    expect(warn).toHaveBeenCalledWith("Missing translation: JOBS:TITLE");
  });

  it("renders the key and warns when a value the message needs is not given", () => {
    const warn = vi.fn();
    expect(translator({ JOBS }, "en-US", warn)("JOBS")).toBe("JOBS");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Cannot format JOBS"));
  });

  it("shows a message that does not parse as written instead of failing", () => {
    expect(translator({ BROKEN: "{count, plural, one {# job}" })("BROKEN", { count: 1 })).toBe(
      "{count, plural, one {# job}",
    );
  });
});
