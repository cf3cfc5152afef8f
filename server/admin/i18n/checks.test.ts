/**
 * The four admin forms that check their input in the browser (version, article
 * details, new translation key, language) show every message their schemas can
 * give in the admin's language (core/i18n/admin-checks.ts): each reachable
 * issue has a text of its own (never the generic "is not valid"), the English
 * text is the API's message (the schemas' English, decision 0101), and the
 * other languages translate it with its values.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createArticleInput, versionInput } from "#core/admin/articles/schema.ts";
import { languagePatchSchema, newLanguageSchema } from "#core/admin/languages/schema.ts";
import { newTranslationKeySchema } from "#core/admin/translations/schema.ts";
import { ARTICLE_LIMITS } from "#core/article-rules.ts";
import { buildAdminCatalog } from "#core/i18n/admin-catalog.ts";
import { checkTextOf, explainIssue } from "#core/i18n/admin-checks.ts";
import { createTranslate, type Translate } from "#core/i18n/translate.ts";
import { ADMIN_CATALOGS, ADMIN_SOURCE, CATALOG_LANGUAGES } from "./source.ts";

function translateIn(code: (typeof CATALOG_LANGUAGES)[number]): Translate {
  const column = CATALOG_LANGUAGES.indexOf(code);
  const texts = new Map(
    Object.values(ADMIN_CATALOGS).flatMap((entries) =>
      Object.entries(entries).map(([key, all]) => [key, all[column]!] as const),
    ),
  );
  return createTranslate(buildAdminCatalog(ADMIN_SOURCE, texts, code).strings, code, (message) => {
    throw new Error(message);
  });
}
const inLanguage = Object.fromEntries(CATALOG_LANGUAGES.map((code) => [code, translateIn(code)]));

const x = (length: number) => "x".repeat(length);
const version = { title: "Title", slug: "", summary: "", body: "", coverAlt: "", status: "draft" };
const details = { author: "Ada", cover: null, tags: [] };
const newKey = { key: "NAV:EXTRA", labels: { "en-US": "Extra" } };
const language = {
  code: "fr-CA",
  shortCode: "frc",
  label: "Français (Canada)",
  welcome: "Accueil",
  population: 1,
  dir: "ltr",
  enabled: false,
};

/** [what, schema, input, the admin text, whether its English is the schema's message word for word]. */
const CASES: [string, z.ZodType, unknown, string, boolean][] = [
  ["version: empty title", versionInput, { ...version, title: " " }, "required", true],
  ["version: long title", versionInput, { ...version, title: x(ARTICLE_LIMITS.titleLength + 1) }, "too_long", true],
  ["version: bad slug", versionInput, { ...version, slug: "Not a slug" }, "slug", true],
  [
    "version: long summary",
    versionInput,
    { ...version, summary: x(ARTICLE_LIMITS.summaryLength + 1) },
    "too_long",
    true,
  ],
  ["version: long body", versionInput, { ...version, body: x(ARTICLE_LIMITS.bodyLength + 1) }, "too_long", true],
  [
    "version: long alt text",
    versionInput,
    { ...version, coverAlt: x(ARTICLE_LIMITS.coverAltLength + 1) },
    "too_long",
    true,
  ],
  ["details: no author", createArticleInput, { ...details, author: "" }, "required", true],
  [
    "details: long author",
    createArticleInput,
    { ...details, author: x(ARTICLE_LIMITS.authorLength + 1) },
    "too_long",
    true,
  ],
  ["details: bad key", createArticleInput, { ...details, key: "Not A Key" }, "article_key", true],
  ["details: bad cover", createArticleInput, { ...details, cover: "ftp://example.com/a.png" }, "cover", true],
  ["details: bad tag", createArticleInput, { ...details, tags: ["-dash"] }, "tag", true],
  [
    "details: too many tags",
    createArticleInput,
    { ...details, tags: Array.from({ length: ARTICLE_LIMITS.tagCount + 1 }, (_, index) => `t${index}`) },
    "too_many",
    false,
  ],
  ["new key: empty", newTranslationKeySchema, { ...newKey, key: "" }, "required", true],
  ["new key: bad key", newTranslationKeySchema, { ...newKey, key: "nav home" }, "translation_key", true],
  ["new key: long key", newTranslationKeySchema, { ...newKey, key: `A${x(100).toUpperCase()}` }, "too_long", true],
  ["new key: empty text", newTranslationKeySchema, { ...newKey, labels: { "en-US": " " } }, "required", false],
  ["new key: long text", newTranslationKeySchema, { ...newKey, labels: { "en-US": x(2001) } }, "too_long", true],
  ["language: no tag", newLanguageSchema, { ...language, code: "" }, "required", true],
  ["language: long tag", newLanguageSchema, { ...language, code: x(36) }, "too_long", true],
  ["language: bad tag", newLanguageSchema, { ...language, code: "not a tag" }, "language_tag", true],
  [
    "language: reserved short code",
    newLanguageSchema,
    { ...language, shortCode: "admin" },
    "reserved_short_code",
    true,
  ],
  ["language: bad short code", newLanguageSchema, { ...language, shortCode: "FR_CA" }, "short_code", true],
  ["language: no name", newLanguageSchema, { ...language, label: "" }, "required", true],
  ["language: long name", newLanguageSchema, { ...language, label: x(101) }, "too_long", true],
  ["language: empty welcome", newLanguageSchema, { ...language, welcome: "" }, "page_name_empty", true],
  ["language: welcome with /", newLanguageSchema, { ...language, welcome: "a/b" }, "page_name_slash", true],
  ["language: welcome ..", newLanguageSchema, { ...language, welcome: ".." }, "page_name_dots", true],
  ["language: welcome atom.xml", newLanguageSchema, { ...language, welcome: "atom.xml" }, "page_name_feed", true],
  ["language: welcome preview", newLanguageSchema, { ...language, welcome: "Preview" }, "page_name_preview", true],
  [
    "language: welcome with a control character",
    newLanguageSchema,
    { ...language, welcome: "a\u0007b" },
    "page_name_control",
    true,
  ],
  ["language: long welcome", newLanguageSchema, { ...language, welcome: x(201) }, "too_long", true],
  ["language: no speakers", newLanguageSchema, { ...language, population: undefined }, "not_a_number", true],
  ["language: speakers not a number", newLanguageSchema, { ...language, population: Number.NaN }, "not_a_number", true],
  ["language: fractional speakers", newLanguageSchema, { ...language, population: 1.5 }, "not_whole_number", true],
  ["language: negative speakers", newLanguageSchema, { ...language, population: -1 }, "negative", true],
  ["language: too many speakers", newLanguageSchema, { ...language, population: 3e9 }, "too_large", true],
  [
    "language: long fallback chain",
    languagePatchSchema,
    { fallbacks: Array.from({ length: 11 }, (_, index) => index + 1) },
    "too_many",
    false,
  ],
];

/** ICU groups digits ("2,000"); some schema messages do not. */
const ungrouped = (text: string) => text.replace(/(\d),(?=\d{3})/g, "$1");

describe("the admin forms' own checks in the admin's language", () => {
  it.each(CASES)("%s", (_what, schema, input, name, sameEnglish) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(checkTextOf(issue).key).toBe(`admin.check.${name}`);
    const english = explainIssue(issue, inLanguage["en-US"]!);
    if (sameEnglish) expect(ungrouped(english)).toBe(ungrouped(issue.message));
    for (const code of CATALOG_LANGUAGES.slice(1)) {
      const text = explainIssue(issue, inLanguage[code]!);
      expect(text, code).not.toBe(english);
      expect(text, code).not.toMatch(/{(min|max)}/);
    }
  });

  it("formats limits in the admin's language", () => {
    const issue = newTranslationKeySchema.safeParse({ ...newKey, labels: { "en-US": x(2001) } }).error!.issues[0]!;
    expect(explainIssue(issue, inLanguage["fr-FR"]!)).toBe("doit comporter au plus 2\u202f000 caractères");
    expect(explainIssue(issue, inLanguage["en-US"]!)).toBe("must be at most 2,000 characters");
  });
});
