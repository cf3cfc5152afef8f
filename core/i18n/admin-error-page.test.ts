import { describe, expect, it } from "vitest";
import { ADMIN_ERROR_PAGE_SOURCE, errorPageLanguage } from "./admin-error-page.ts";

const FRENCH = {
  strings: {
    "admin.error.title": "Une erreur s’est produite",
    "admin.layout.title": "Administration de Polyglot Press",
  },
  language: { code: "fr-FR", dir: "ltr" as const },
};

describe("the admin error page's language (decision 0120)", () => {
  it("uses the admin catalog when the layout's loader succeeded", () => {
    const catalog = { t: (key: string) => `catalog:${key}`, lang: "ar", dir: "rtl" as const };
    expect(errorPageLanguage(catalog, FRENCH)).toBe(catalog);
  });

  it("uses the root's texts in the admin's language when the layout's loader failed", () => {
    const { t, lang, dir } = errorPageLanguage(null, FRENCH);
    expect([t("admin.error.title"), t("admin.layout.title"), lang, dir]).toEqual([
      "Une erreur s’est produite",
      "Administration de Polyglot Press",
      "fr-FR",
      "ltr",
    ]);
  });

  it("reads the English source for a text the root did not send, and never fails", () => {
    expect(errorPageLanguage(null, FRENCH).t("admin.error.text")).toBe(ADMIN_ERROR_PAGE_SOURCE["admin.error.text"]);
    expect(errorPageLanguage(null, FRENCH).t("admin.unknown")).toBe("admin.unknown");
  });

  it("speaks English when nothing arrived", () => {
    const { t, lang, dir } = errorPageLanguage(null, undefined);
    expect([t("admin.error.title"), lang, dir]).toEqual(["Something went wrong", "en-US", "ltr"]);
  });
});
