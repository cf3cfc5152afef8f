import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  firstSegmentOfReferer,
  keptQuery,
  orderForPicker,
  parseSavedLanguage,
  rootRedirectPath,
  serializeSavedLanguage,
  switchLanguagePath,
  switchLanguageTarget,
  type CurrentPage,
} from "./language-switch.ts";
import { findPageNameConflicts, resolvePage } from "./pages.ts";
import { decodeSegment } from "./paths.ts";
import type { LanguageRef, SectionKey, SectionName } from "./types.ts";

/** Seed languages (docs/product.md §3), with section names [ARTICLES label, search, JOBS label, search]. */
const SEED_ROWS = [
  [1, "en-US", "en", "English", "welcome", 1456, true, true, "ltr", "articles", "blog", "jobs", "careers"],
  [2, "fr-FR", "fr", "Français", "bienvenue", 310, true, false, "ltr", "articles", "blog", "métiers", "metiers"],
  [3, "es-ES", "es", "Español", "bienvenido", 559, true, false, "ltr", "artículos", "articulos", "empleos", "trabajos"],
  [4, "de-DE", "de", "Deutsch", "willkommen", 133, true, false, "ltr", "artikel", "blog", "berufe", "jobs"],
  [5, "pt-BR", "pt", "Português", "bem-vindo", 264, true, false, "ltr", "artigos", "blog", "empregos", "profissoes"],
  [6, "ar", "ar", "العربية", "مرحبا", 274, true, false, "rtl", "مقالات", "blog", "وظائف", "jobs"],
  [7, "ja-JP", "ja", "日本語", "ようこそ", 123, true, false, "ltr", "記事", "blog", "仕事", "jobs"],
  [8, "zh-CN", "zh", "中文", "欢迎", 1138, false, false, "ltr", "文章", "blog", "职业", "jobs"],
] as const;

const LANGUAGES: LanguageRef[] = SEED_ROWS.map(
  ([id, code, shortCode, label, welcome, population, enabled, favorite, dir]) => ({
    id,
    code,
    shortCode,
    label,
    welcome,
    population,
    enabled,
    favorite,
    dir,
  }),
);

const SECTION_NAMES: Record<number, SectionName[]> = Object.fromEntries(
  SEED_ROWS.map(([id, , , , , , , , , articles, articlesSearch, jobs, jobsSearch]) => [
    id,
    [
      { section: "ARTICLES", label: articles, search: articlesSearch },
      { section: "JOBS", label: jobs, search: jobsSearch },
    ],
  ]),
);

function language(shortCode: string): LanguageRef {
  const found = LANGUAGES.find((lang) => lang.shortCode === shortCode);
  if (found === undefined) throw new Error(`no seed language ${shortCode}`);
  return found;
}

function switchTo(current: CurrentPage, shortCode: string): string {
  const target = language(shortCode);
  return switchLanguagePath(current, target, SECTION_NAMES[target.id] ?? []);
}

const ROME_JOB: CurrentPage = {
  kind: "item",
  section: "JOBS",
  itemId: "A1101",
  slugs: { 2: "conduite-d-engins-agricoles-et-forestiers", 7: "農業機械の運転" },
};

function targetOf(current: CurrentPage, shortCode: string) {
  const target = language(shortCode);
  return switchLanguageTarget(current, target, SECTION_NAMES[target.id] ?? []);
}

describe("switchLanguageTarget: where the link goes, which the picker tells", () => {
  const englishOnly: CurrentPage = { kind: "item", section: "ARTICLES", itemId: 12, slugs: { 1: "hello" } };

  it("is the same item where the article exists", () => {
    expect(targetOf(englishOnly, "en")).toEqual({ path: "/en/articles/12/hello", destination: "same" });
    expect(targetOf({ ...englishOnly, slugs: { 2: "" } }, "fr")).toEqual({
      path: "/fr/articles/12",
      destination: "same",
    });
  });

  it("is the section's list, said so, where the article does not exist", () => {
    expect(targetOf(englishOnly, "fr")).toEqual({ path: "/fr/articles", destination: "section" });
    expect(targetOf(englishOnly, "ar")).toEqual({
      path: "/ar/%D9%85%D9%82%D8%A7%D9%84%D8%A7%D8%AA",
      destination: "section",
    });
    expect(targetOf(ROME_JOB, "es")).toEqual({ path: "/es/empleos", destination: "section" });
  });

  it("is the home page, said so, where the article does not exist and the language has no name for the section", () => {
    const target = { id: 9, shortCode: "it", welcome: "benvenuto" };
    expect(switchLanguageTarget(englishOnly, target, [])).toEqual({ path: "/", destination: "home" });
  });

  it("is the same place on section pages, home pages and with no page", () => {
    for (const section of ["HOME", "ARTICLES", "JOBS"] as const) {
      for (const shortCode of ["en", "fr", "ar", "ja"])
        expect(targetOf({ kind: "section", section }, shortCode).destination).toBe("same");
    }
    expect(targetOf({ kind: "none" }, "fr")).toEqual({ path: "/", destination: "same" });
  });

  it("says home when a section page's language has no name for the section", () => {
    const target = { id: 9, shortCode: "it", welcome: "benvenuto" };
    expect(switchLanguageTarget({ kind: "section", section: "JOBS" }, target, [])).toEqual({
      path: "/",
      destination: "home",
    });
    expect(switchLanguageTarget({ kind: "section", section: "HOME" }, { ...target, welcome: "" }, [])).toEqual({
      path: "/",
      destination: "same",
    });
  });

  it("an item of every seed language: same exactly where a slug exists (exhaustive over subsets)", () => {
    const ids = LANGUAGES.map((lang) => lang.id);
    for (let mask = 0; mask < 1 << ids.length; mask++) {
      const slugs = Object.fromEntries(ids.filter((_, bit) => mask & (1 << bit)).map((id) => [id, `slug-${id}`]));
      for (const lang of LANGUAGES) {
        const result = switchLanguageTarget(
          { kind: "item", section: "ARTICLES", itemId: 3, slugs },
          lang,
          SECTION_NAMES[lang.id] ?? [],
        );
        expect(result.destination).toBe(slugs[lang.id] === undefined ? "section" : "same");
        expect(result.path).toBe(
          switchLanguagePath(
            { kind: "item", section: "ARTICLES", itemId: 3, slugs },
            lang,
            SECTION_NAMES[lang.id] ?? [],
          ),
        );
      }
    }
  });
});

describe("switchLanguageTarget keeps what the page's query says in every language (issue 44)", () => {
  const SEARCH_NAMES: Record<string, SectionName[]> = {
    en: [
      { section: "SEARCH", label: "search", search: null },
      { section: "JOBS", label: "jobs", search: null },
      { section: "TAGS", label: "tags", search: null },
    ],
    ar: [
      { section: "SEARCH", label: "بحث", search: null },
      { section: "JOBS", label: "وظائف", search: null },
    ],
    ja: [{ section: "SEARCH", label: "検索", search: null }],
  };
  const targetIn = (current: CurrentPage, shortCode: string, search: string) =>
    switchLanguageTarget(current, language(shortCode), SEARCH_NAMES[shortCode] ?? [], search);
  const SEARCH_PAGE: CurrentPage = { kind: "section", section: "SEARCH" };

  it("keeps the words searched, from /ar/بحث?q=اللغات to /en/search?q=اللغات", () => {
    expect(targetIn(SEARCH_PAGE, "en", "?q=%D8%A7%D9%84%D9%84%D8%BA%D8%A7%D8%AA")).toEqual({
      path: `/en/search?q=${encodeURIComponent("اللغات")}`,
      destination: "same",
    });
    expect(targetIn(SEARCH_PAGE, "ar", "?q=rome+job")).toEqual({
      path: `/ar/${encodeURIComponent("بحث")}?q=rome+job`,
      destination: "same",
    });
    expect(
      new URL(
        targetIn(SEARCH_PAGE, "ja", "?q=%EF%BC%B2%EF%BC%AF%EF%BC%AD%EF%BC%A5").path,
        "https://site",
      ).searchParams.get("q"),
    ).toBe("ＲＯＭＥ");
  });

  it("drops the page number, unknown parameters and an empty query", () => {
    expect(targetIn(SEARCH_PAGE, "en", "?q=rome&page=3&utm_source=x")).toEqual({
      path: "/en/search?q=rome",
      destination: "same",
    });
    expect(targetIn(SEARCH_PAGE, "en", "?page=2")).toEqual({ path: "/en/search", destination: "same" });
    expect(targetIn(SEARCH_PAGE, "en", "?q=%20%20")).toEqual({ path: "/en/search", destination: "same" });
    expect(targetIn(SEARCH_PAGE, "en", "?q=+rome+")).toEqual({ path: "/en/search?q=rome", destination: "same" });
    expect(targetIn(SEARCH_PAGE, "en", "")).toEqual({ path: "/en/search", destination: "same" });
  });

  it("keeps the jobs directory's search and domaine, not an article list's page or a tag page's cursor", () => {
    expect(targetIn({ kind: "section", section: "JOBS" }, "en", "?domain=A")).toEqual({
      path: "/en/jobs?domain=A",
      destination: "same",
    });
    expect(targetIn({ kind: "section", section: "JOBS" }, "en", "?q=chef&domain=G&page=2")).toEqual({
      path: "/en/jobs?q=chef&domain=G",
      destination: "same",
    });
    expect(targetOf({ kind: "section", section: "ARTICLES" }, "fr")).toEqual({
      path: "/fr/articles",
      destination: "same",
    });
    expect(
      switchLanguageTarget({ kind: "section", section: "ARTICLES" }, language("fr"), SECTION_NAMES[2] ?? [], "?page=4"),
    ).toEqual({
      path: "/fr/articles",
      destination: "same",
    });
    expect(
      targetIn(
        { kind: "item", section: "TAGS", itemId: "rome", slugs: { 1: "" } },
        "en",
        "?after=2026-01-01T00%3A00%3A00Z_3",
      ).path,
    ).toBe("/en/tags/rome");
  });

  it("keeps nothing when the link does not lead to the same page", () => {
    const target = { id: 9, shortCode: "it", welcome: "benvenuto" };
    expect(switchLanguageTarget(SEARCH_PAGE, target, [], "?q=rome")).toEqual({ path: "/", destination: "home" });
    expect(
      switchLanguageTarget(
        { kind: "item", section: "ARTICLES", itemId: 12, slugs: { 1: "x" } },
        language("fr"),
        SECTION_NAMES[2] ?? [],
        "?q=rome",
      ).path,
    ).toBe("/fr/articles");
  });

  it("keptQuery: only the section's neutral parameters, each non-empty, in a fixed order, for any query string", () => {
    const sections: SectionKey[] = ["HOME", "ARTICLES", "JOBS", "SEARCH", "TAGS"];
    fc.assert(
      fc.property(fc.constantFrom(...sections), fc.string(), (section, search) => {
        const kept = new URLSearchParams(keptQuery(section, search));
        const allowed = section === "SEARCH" ? ["q"] : section === "JOBS" ? ["q", "domain"] : [];
        for (const [name, value] of kept) {
          expect(allowed).toContain(name);
          expect(value).toBe(new URLSearchParams(search).get(name)?.trim());
          expect(value).not.toBe("");
        }
      }),
    );
    for (const section of sections) expect(keptQuery(section, "?page=2&after=x")).toBe("");
  });
});

describe("switchLanguagePath", () => {
  it("goes to the same item in the target language when it exists there", () => {
    expect(switchTo(ROME_JOB, "fr")).toBe("/fr/m%C3%A9tiers/a1101/conduite-d-engins-agricoles-et-forestiers");
    expect(switchTo(ROME_JOB, "ja")).toBe(
      "/ja/%E4%BB%95%E4%BA%8B/a1101/%E8%BE%B2%E6%A5%AD%E6%A9%9F%E6%A2%B0%E3%81%AE%E9%81%8B%E8%BB%A2",
    );
  });

  it("goes to the section in the target language when the item is not translated", () => {
    expect(switchTo(ROME_JOB, "es")).toBe("/es/empleos");
    expect(switchTo(ROME_JOB, "ar")).toBe("/ar/%D9%88%D8%B8%D8%A7%D8%A6%D9%81");
    const article: CurrentPage = { kind: "item", section: "ARTICLES", itemId: 12, slugs: { 1: "hello" } };
    expect(switchTo(article, "es")).toBe("/es/art%C3%ADculos");
    expect(switchTo(article, "en")).toBe("/en/articles/12/hello");
  });

  it("goes to the slug-less item URL when the item's slug in the target language is empty", () => {
    const article: CurrentPage = { kind: "item", section: "ARTICLES", itemId: 12, slugs: { 2: "" } };
    expect(switchTo(article, "fr")).toBe("/fr/articles/12");
  });

  it("goes to the translated section from a section page", () => {
    expect(switchTo({ kind: "section", section: "JOBS" }, "fr")).toBe("/fr/m%C3%A9tiers");
    expect(switchTo({ kind: "section", section: "ARTICLES" }, "ja")).toBe("/ja/%E8%A8%98%E4%BA%8B");
    expect(switchTo({ kind: "section", section: "ARTICLES" }, "ar")).toBe("/ar/%D9%85%D9%82%D8%A7%D9%84%D8%A7%D8%AA");
    expect(switchTo({ kind: "section", section: "JOBS" }, "de")).toBe("/de/berufe");
  });

  it("goes to the target's home from a home page", () => {
    expect(switchTo({ kind: "section", section: "HOME" }, "fr")).toBe("/fr/bienvenue");
    expect(switchTo({ kind: "section", section: "HOME" }, "ar")).toBe("/ar/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7");
    expect(switchTo({ kind: "section", section: "HOME" }, "pt")).toBe("/pt/bem-vindo");
  });

  it("an item of HOME (not a real page) falls back to the home page", () => {
    expect(switchTo({ kind: "item", section: "HOME", itemId: 1, slugs: { 2: "x" } }, "fr")).toBe("/fr/bienvenue");
  });

  it("goes to / with no current page", () => {
    expect(switchTo({ kind: "none" }, "fr")).toBe("/");
  });

  it("goes to / when the target language has no name for the section", () => {
    const target = { id: 9, shortCode: "it", welcome: "benvenuto" };
    expect(switchLanguagePath({ kind: "section", section: "JOBS" }, target, [])).toBe("/");
    expect(switchLanguagePath({ ...ROME_JOB, slugs: { 9: "guida" } }, target, [])).toBe("/");
    expect(switchLanguagePath({ kind: "section", section: "HOME" }, { ...target, welcome: "" }, [])).toBe("/");
  });

  it("lowercases and encodes the short code, page name, id and slug", () => {
    const target = { id: 9, shortCode: "PT-BR", welcome: "Bem-Vindo" };
    const names: SectionName[] = [{ section: "JOBS", label: "Profissões", search: null }];
    expect(
      switchLanguagePath({ kind: "item", section: "JOBS", itemId: "K2111", slugs: { 9: "Ensino" } }, target, names),
    ).toBe("/pt-br/profiss%C3%B5es/k2111/ensino");
  });

  const sectionKey = fc.constantFrom<SectionKey>("HOME", "ARTICLES", "JOBS");
  const currentPage: fc.Arbitrary<CurrentPage> = fc.oneof(
    fc.constant<CurrentPage>({ kind: "none" }),
    sectionKey.map((section): CurrentPage => ({ kind: "section", section })),
    fc.record({
      kind: fc.constant("item" as const),
      section: sectionKey,
      itemId: fc.oneof(fc.nat(), fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 })),
      slugs: fc.dictionary(fc.integer({ min: 1, max: 10 }).map(String), fc.string({ unit: "grapheme", maxLength: 20 })),
    }),
  );
  /** Names an admin could store: anything but control characters (resolvePage rejects those). */
  const storableName = (minLength: number) =>
    fc.string({ unit: "binary", minLength, maxLength: 15 }).filter((name) => !/[\u0000-\u001F\u007F]/u.test(name));
  const sectionNames = fc.array(
    fc.record({ section: sectionKey, label: storableName(1), search: fc.option(storableName(1), { nil: null }) }),
    { maxLength: 4 },
  );
  const target = fc.record({
    id: fc.integer({ min: 1, max: 10 }),
    shortCode: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 6 }),
    welcome: storableName(0),
  });

  it("property: always a path; when not '/', the target's page that resolvePage accepts — the same section unless names collide", () => {
    fc.assert(
      fc.property(currentPage, target, sectionNames, (current, lang, names) => {
        const path = switchLanguagePath(current, lang, names);
        expect(path.startsWith("/")).toBe(true);
        if (path === "/") return;
        const [, langSegment, pageSegment] = path.split("/");
        expect(decodeSegment(langSegment ?? "")).toBe(lang.shortCode.toLowerCase());
        const resolved = resolvePage(pageSegment ?? "", lang, names);
        expect(resolved).not.toBeNull();
        if (findPageNameConflicts(lang, names).length === 0 && current.kind !== "none") {
          expect(resolved).toBe(current.section);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("property: with the seed data, every switch lands on a page of the same section in the target language", () => {
    fc.assert(
      fc.property(currentPage, fc.constantFrom(...LANGUAGES), (current, lang) => {
        const path = switchLanguagePath(current, lang, SECTION_NAMES[lang.id] ?? []);
        if (current.kind === "none") {
          expect(path).toBe("/");
          return;
        }
        const [, langSegment, pageSegment] = path.split("/");
        expect(langSegment).toBe(lang.shortCode);
        expect(resolvePage(pageSegment ?? "", lang, SECTION_NAMES[lang.id] ?? [])).toBe(current.section);
        expect(path).toBe(path.toLowerCase().replace(/%[0-9a-f]{2}/gu, (escape) => escape.toUpperCase()));
      }),
    );
  });
});

describe("rootRedirectPath", () => {
  it("uses the saved language when it exists and is enabled", () => {
    expect(rootRedirectPath(LANGUAGES, { id: 2, shortCode: "fr" })).toBe("/fr/bienvenue");
    expect(rootRedirectPath(LANGUAGES, { id: 6 })).toBe("/ar/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7");
  });

  it("matches by id first, then by short code (case-insensitively)", () => {
    expect(rootRedirectPath(LANGUAGES, { id: 3, shortCode: "fr" })).toBe("/es/bienvenido");
    expect(rootRedirectPath(LANGUAGES, { id: 99, shortCode: "fr" })).toBe("/fr/bienvenue");
    expect(rootRedirectPath(LANGUAGES, { shortCode: "JA" })).toBe("/ja/%E3%82%88%E3%81%86%E3%81%93%E3%81%9D");
    expect(rootRedirectPath(LANGUAGES, { id: 8, shortCode: "de" })).toBe("/de/willkommen"); // id 8 is disabled
  });

  it("falls back to the favorite for no, unknown or disabled saved languages", () => {
    expect(rootRedirectPath(LANGUAGES, null)).toBe("/en/welcome");
    expect(rootRedirectPath(LANGUAGES, {})).toBe("/en/welcome");
    expect(rootRedirectPath(LANGUAGES, { id: 99 })).toBe("/en/welcome");
    expect(rootRedirectPath(LANGUAGES, { shortCode: "" })).toBe("/en/welcome");
    expect(rootRedirectPath(LANGUAGES, { id: 8, shortCode: "zh" })).toBe("/en/welcome");
  });

  it("falls back to the most spoken enabled language when the favorite is disabled", () => {
    const languages = LANGUAGES.map((lang) => (lang.shortCode === "en" ? { ...lang, enabled: false } : lang));
    expect(rootRedirectPath(languages, null)).toBe("/es/bienvenido");
    expect(rootRedirectPath(languages, { id: 1, shortCode: "en" })).toBe("/es/bienvenido");
  });

  it("returns null when no language is enabled", () => {
    expect(rootRedirectPath([], null)).toBeNull();
    expect(
      rootRedirectPath(
        LANGUAGES.map((lang) => ({ ...lang, enabled: false })),
        { id: 1 },
      ),
    ).toBeNull();
  });

  it("property: always the home of an enabled language, or null only when none is enabled", () => {
    const saved = fc.option(
      fc.record(
        { id: fc.integer({ min: 0, max: 10 }), shortCode: fc.constantFrom("en", "FR", "zh", "xx", "") },
        { requiredKeys: [] },
      ),
      { nil: null },
    );
    fc.assert(
      fc.property(
        fc.subarray(LANGUAGES),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        saved,
        (subset, flags, hint) => {
          const languages = subset.map((lang, i) => ({ ...lang, enabled: flags[i] ?? true }));
          const path = rootRedirectPath(languages, hint);
          const enabled = languages.filter((lang) => lang.enabled);
          if (enabled.length === 0) expect(path).toBeNull();
          else expect(enabled.map((lang) => `/${lang.shortCode}/${encodeURIComponent(lang.welcome)}`)).toContain(path);
        },
      ),
    );
  });
});

describe("orderForPicker", () => {
  it("lists enabled languages by population, descending", () => {
    expect(orderForPicker(LANGUAGES).map((lang) => lang.shortCode)).toEqual(["en", "es", "fr", "ar", "pt", "de", "ja"]);
  });

  it("breaks ties by label in code-unit order, then keeps input order", () => {
    const make = (id: number, label: string, population: number): LanguageRef => ({
      ...LANGUAGES[0]!,
      id,
      label,
      population,
      favorite: false,
    });
    const ordered = orderForPicker([
      make(1, "b", 5),
      make(2, "a", 5),
      make(3, "Z", 5),
      make(4, "a", 5),
      make(5, "x", 9),
    ]);
    expect(ordered.map((lang) => lang.id)).toEqual([5, 3, 2, 4, 1]);
  });

  it("sorts a non-finite population last without breaking the order", () => {
    const langs = [LANGUAGES[1]!, { ...LANGUAGES[2]!, population: Number.NaN }, LANGUAGES[0]!];
    expect(orderForPicker(langs).map((lang) => lang.shortCode)).toEqual(["en", "fr", "es"]);
  });

  it("does not modify its input", () => {
    const copy = [...LANGUAGES];
    orderForPicker(LANGUAGES);
    expect(LANGUAGES).toEqual(copy);
  });

  it("property: enabled only, population never increases", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(LANGUAGES), (langs) => {
        const ordered = orderForPicker(langs);
        expect(ordered.every((lang) => lang.enabled)).toBe(true);
        expect(ordered.length).toBe(langs.filter((lang) => lang.enabled).length);
        ordered.slice(1).forEach((lang, i) => expect(lang.population).toBeLessThanOrEqual(ordered[i]!.population));
      }),
    );
  });
});

describe("parseSavedLanguage / serializeSavedLanguage", () => {
  it("serializes the storage format", () => {
    expect(serializeSavedLanguage({ id: 3, shortCode: "fr" })).toBe('{"id":3,"short_code":"fr"}');
  });

  it("parses plain and URI-encoded values", () => {
    expect(parseSavedLanguage('{"id":3,"short_code":"fr"}')).toEqual({ id: 3, shortCode: "fr" });
    expect(parseSavedLanguage("%7B%22id%22%3A3%2C%22short_code%22%3A%22fr%22%7D")).toEqual({ id: 3, shortCode: "fr" });
    expect(parseSavedLanguage(' { "short_code": "pt-br", "id": 0, "extra": true } ')).toEqual({
      id: 0,
      shortCode: "pt-br",
    });
  });

  it.each([
    null,
    undefined,
    "",
    "fr",
    "3",
    "null",
    "[]",
    '[3,"fr"]',
    "{}",
    '{"id":3}',
    '{"short_code":"fr"}',
    '{"id":"3","short_code":"fr"}',
    '{"id":3.5,"short_code":"fr"}',
    '{"id":-1,"short_code":"fr"}',
    '{"id":1e300,"short_code":"fr"}',
    '{"id":3,"short_code":""}',
    '{"id":3,"short_code":3}',
    '{"id":3,"short_code":"f r"}',
    '{"id":3,"short_code":"fr\\u0000"}',
    `{"id":3,"short_code":"${"x".repeat(65)}"}`,
    '{"id":3,"short_code":"fr"',
    "%7B%22id%22%3A3",
    "%E0%A4%A",
    "%",
    `{"id":3,"short_code":"fr","pad":"${"x".repeat(2000)}"}`,
  ])("returns null for %j", (value) => {
    expect(parseSavedLanguage(value)).toBeNull();
  });

  it("property: round-trips plain and URI-encoded", () => {
    const saved = fc.record({
      id: fc.nat(),
      shortCode: fc.stringMatching(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/u),
    });
    fc.assert(
      fc.property(saved, (lang) => {
        expect(parseSavedLanguage(serializeSavedLanguage(lang))).toEqual(lang);
        expect(parseSavedLanguage(encodeURIComponent(serializeSavedLanguage(lang)))).toEqual(lang);
      }),
    );
  });

  it("property: never throws", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.json()), (value) => {
        const parsed = parseSavedLanguage(value);
        if (parsed !== null) expect(Number.isSafeInteger(parsed.id)).toBe(true);
      }),
    );
  });
});

describe("firstSegmentOfReferer", () => {
  const origin = "https://press.example";
  it("reads the language segment of a page on this site", () => {
    expect(firstSegmentOfReferer("https://press.example/fr/articles/3/le-ferry", origin)).toBe("fr");
    expect(firstSegmentOfReferer("https://press.example/ar/%D9%85%D9%82%D8%A7%D9%84%D8%A7%D8%AA", origin)).toBe("ar");
    expect(firstSegmentOfReferer("https://press.example/admin/articles", origin)).toBe("admin");
  });
  it("gives null for another site, the root, no header or a broken address", () => {
    expect(firstSegmentOfReferer("https://elsewhere.example/fr/articles", origin)).toBeNull();
    expect(firstSegmentOfReferer("https://press.example/", origin)).toBeNull();
    expect(firstSegmentOfReferer(null, origin)).toBeNull();
    expect(firstSegmentOfReferer("not a url", origin)).toBeNull();
    expect(firstSegmentOfReferer("https://press.example/%E0%A4%A/x", origin)).toBeNull();
  });
});
