import { describe, expect, it } from "vitest";
import { coverage, translationWork, type LanguageTranslationStatus } from "./schema.ts";

function language(code: string, enabled: boolean, outdated: number, missing: number): LanguageTranslationStatus {
  return {
    code,
    label: code,
    dir: "ltr",
    enabled,
    strings: coverage(1, 1),
    articles: { ...coverage(0, 10), outdated, draft: 0, missing, source: 0, pending: 0 },
    jobs: coverage(1, 1),
  };
}

describe("translationWork", () => {
  const dashboard = {
    languages: [language("fr-FR", true, 2, 3), language("de-DE", true, 1, 0), language("it-IT", false, 0, 10)],
  };

  it("sums outdated and missing articles over the languages shown on the site", () => {
    expect(translationWork(dashboard, false)).toEqual({ outdated: 3, missing: 3 });
  });

  it("counts hidden languages too when asked (a translator preparing one)", () => {
    expect(translationWork(dashboard, true)).toEqual({ outdated: 3, missing: 13 });
  });
});
