import { describe, expect, it } from "vitest";
import { ADMIN_SOURCE_LOCALE, isAdminKey } from "#core/i18n/admin-catalog.ts";
import { EXPLAINED_ERROR_CODES } from "#core/error-codes.ts";
import { refusalTextKey } from "#core/i18n/admin-errors.ts";
import { ADMIN_ERROR_PAGE_SOURCE } from "#core/i18n/admin-error-page.ts";
import { ADMIN_CHECK_KEY_PREFIX, GENERIC_CHECKS, SCHEMA_CHECK_CODES } from "#core/i18n/admin-checks.ts";
import { messageProblems } from "#core/i18n/message.ts";
import { seedLanguages } from "#server/seed/languages.ts";
import { ADMIN_CATALOGS, ADMIN_SOURCE, CATALOG_LANGUAGES, adminSeedEntries } from "./source.ts";

const entries = Object.entries(ADMIN_CATALOGS).flatMap(([file, catalog]) =>
  Object.entries(catalog).map(([key, texts]) => [`${file}: ${key}`, key, texts] as const),
);

describe("the admin catalog", () => {
  it("covers the seven seeded languages, English first", () => {
    expect(CATALOG_LANGUAGES[0]).toBe(ADMIN_SOURCE_LOCALE);
    expect([...CATALOG_LANGUAGES].sort()).toEqual(
      seedLanguages
        .filter((language) => language.enabled)
        .map((language) => language.code)
        .sort(),
    );
  });

  it.each(entries)("%s is a valid message in every language, with the English arguments", (_name, key, texts) => {
    expect(isAdminKey(key)).toBe(true);
    expect(texts).toHaveLength(CATALOG_LANGUAGES.length);
    // Stored texts are trimmed (translationText): a space at either end would not survive an edit or an exchange file.
    expect(texts.filter((text) => text !== text.trim())).toEqual([]);
    const problems = CATALOG_LANGUAGES.map((code, index) => ({
      code,
      problems: messageProblems(
        texts[index]!,
        code,
        index === 0 ? undefined : { text: texts[0]!, locale: ADMIN_SOURCE_LOCALE },
      ).map((problem) => problem.message),
    }));
    expect(problems.filter((found) => found.problems.length > 0)).toEqual([]);
  });

  it("explains every refusal code it lists (decision 0101)", () => {
    expect(
      EXPLAINED_ERROR_CODES.map((code) => refusalTextKey(code)).filter((key) => key === null || !ADMIN_SOURCE.has(key)),
    ).toEqual([]);
  });

  it("has a text for every form check the admin explains", () => {
    expect(
      [...SCHEMA_CHECK_CODES, ...GENERIC_CHECKS]
        .map((code) => `${ADMIN_CHECK_KEY_PREFIX}${code}`)
        .filter((key) => !ADMIN_SOURCE.has(key)),
    ).toEqual([]);
  });

  it("keeps the admin error page's English fallback equal to the catalog's English (decision 0120)", () => {
    expect(Object.fromEntries(Object.keys(ADMIN_ERROR_PAGE_SOURCE).map((key) => [key, ADMIN_SOURCE.get(key)]))).toEqual(
      ADMIN_ERROR_PAGE_SOURCE,
    );
  });

  it("has each key once, and seeds every text", () => {
    expect(ADMIN_SOURCE.size).toBe(entries.length);
    expect(adminSeedEntries()).toHaveLength(entries.length * CATALOG_LANGUAGES.length);
  });
});
