import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { findPageNameConflicts, pageNameFor, resolvePage } from "./pages.ts";
import { encodeSegment } from "./paths.ts";
import type { SectionKey, SectionName } from "./types.ts";

/** Seed section names (docs/product.md §3): language → [ARTICLES label, search, JOBS label, search]. */
const SEED: Record<string, { welcome: string; names: SectionName[] }> = Object.fromEntries(
  (
    [
      ["en", "welcome", "articles", "blog", "jobs", "careers"],
      ["fr", "bienvenue", "articles", "blog", "métiers", "metiers"],
      ["es", "bienvenido", "artículos", "articulos", "empleos", "trabajos"],
      ["de", "willkommen", "artikel", "blog", "berufe", "jobs"],
      ["pt", "bem-vindo", "artigos", "blog", "empregos", "profissoes"],
      ["ar", "مرحبا", "مقالات", "blog", "وظائف", "jobs"],
      ["ja", "ようこそ", "記事", "blog", "仕事", "jobs"],
    ] as const
  ).map(([lang, welcome, articles, articlesSearch, jobs, jobsSearch]) => [
    lang,
    {
      welcome,
      names: [
        { section: "ARTICLES", label: articles, search: articlesSearch },
        { section: "JOBS", label: jobs, search: jobsSearch },
      ],
    },
  ]),
);

function seed(lang: string): { welcome: string; names: SectionName[] } {
  const entry = SEED[lang];
  if (entry === undefined) throw new Error(`no seed language ${lang}`);
  return entry;
}

function resolveIn(lang: string, rawPage: string): SectionKey | null {
  const { welcome, names } = seed(lang);
  return resolvePage(rawPage, { welcome }, names);
}

describe("resolvePage", () => {
  it.each([
    ["fr", "bienvenue", "HOME"],
    ["fr", "BIENVENUE", "HOME"],
    ["fr", "articles", "ARTICLES"],
    ["fr", "blog", "ARTICLES"],
    ["fr", "métiers", "JOBS"],
    ["fr", "m%C3%A9tiers", "JOBS"],
    ["fr", "M%C3%89TIERS", "JOBS"],
    ["fr", "MÉTIERS", "JOBS"],
    ["fr", "metiers", "JOBS"],
    ["fr", "me%CC%81tiers", "JOBS"], // decomposed é (NFD) from some keyboards
    ["en", "welcome", "HOME"],
    ["en", "Careers", "JOBS"],
    ["es", "art%C3%ADculos", "ARTICLES"],
    ["es", "ART%C3%8DCULOS", "ARTICLES"],
    ["es", "articulos", "ARTICLES"],
    ["es", "Trabajos", "JOBS"],
    ["pt", "bem-vindo", "HOME"],
    ["pt", "profissoes", "JOBS"],
    ["ar", "%D9%85%D8%B1%D8%AD%D8%A8%D8%A7", "HOME"],
    ["ar", "مقالات", "ARTICLES"],
    ["ar", "%D9%85%D9%82%D8%A7%D9%84%D8%A7%D8%AA", "ARTICLES"],
    ["ar", "%D9%88%D8%B8%D8%A7%D8%A6%D9%81", "JOBS"],
    ["ar", "JOBS", "JOBS"],
    ["ja", "%E3%82%88%E3%81%86%E3%81%93%E3%81%9D", "HOME"],
    ["ja", "記事", "ARTICLES"],
    ["ja", "%E4%BB%95%E4%BA%8B", "JOBS"],
    ["ja", "Blog", "ARTICLES"],
  ] as const)("%s: %j → %s", (lang, rawPage, expected) => {
    expect(resolveIn(lang, rawPage)).toBe(expected);
  });

  it.each([
    ["fr", "empleos"], // another language's page name
    ["fr", "trabajos"],
    ["es", "métiers"],
    ["fr", "metier"],
    ["fr", "métiers/"],
    ["fr", " métiers"],
    ["fr", ""],
    ["ja", "仕事s"],
  ])("%s: %j is not a page (404)", (lang, rawPage) => {
    expect(resolveIn(lang, rawPage)).toBeNull();
  });

  it.each(["%E0%A4%A", "%", "%ZZ", "%00", "m%C3%A9tiers%00", "%C3"])("returns null for malformed %j", (rawPage) => {
    expect(resolveIn("fr", rawPage)).toBeNull();
  });

  it("tries the welcome first", () => {
    const names: SectionName[] = [{ section: "ARTICLES", label: "accueil", search: null }];
    expect(resolvePage("accueil", { welcome: "Accueil" }, names)).toBe("HOME");
  });

  it("a label match anywhere beats a search match anywhere", () => {
    const names: SectionName[] = [
      { section: "ARTICLES", label: "articles", search: "news" },
      { section: "JOBS", label: "news", search: null },
    ];
    expect(resolvePage("news", { welcome: "home" }, names)).toBe("JOBS");
    expect(resolvePage("NEWS", { welcome: "home" }, names)).toBe("JOBS");
  });

  it("the first matching entry wins within a pass", () => {
    const names: SectionName[] = [
      { section: "JOBS", label: "x", search: "same" },
      { section: "ARTICLES", label: "y", search: "same" },
    ];
    expect(resolvePage("same", { welcome: "home" }, names)).toBe("JOBS");
  });

  it("ignores a null search and matches stored names case-insensitively", () => {
    const names: SectionName[] = [{ section: "JOBS", label: "Métiers", search: null }];
    expect(resolvePage("m%C3%A9tiers", { welcome: "Bienvenue" }, names)).toBe("JOBS");
    expect(resolvePage("null", { welcome: "Bienvenue" }, names)).toBeNull();
    expect(resolvePage("bienvenue", { welcome: "Bienvenue" }, names)).toBe("HOME");
  });

  it("does not percent-decode stored names: a name with % matches its own generated URL", () => {
    const names: SectionName[] = [{ section: "ARTICLES", label: "100%", search: "m%C3%A9tiers" }];
    expect(resolvePage(encodeSegment("100%"), { welcome: "home" }, names)).toBe("ARTICLES");
    expect(resolvePage("m%25C3%25A9tiers", { welcome: "home" }, names)).toBe("ARTICLES");
    expect(resolvePage("métiers", { welcome: "home" }, names)).toBeNull();
  });

  it("with no section names only the welcome resolves", () => {
    expect(resolvePage("bienvenue", { welcome: "bienvenue" }, [])).toBe("HOME");
    expect(resolvePage("articles", { welcome: "bienvenue" }, [])).toBeNull();
  });

  it("property: never throws, and every canonical seed name resolves to its own section from its generated URL", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(SEED)), fc.string({ unit: "binary" }), (lang, rawPage) => {
        resolveIn(lang, rawPage);
        const { welcome, names } = seed(lang);
        for (const section of ["HOME", "ARTICLES", "JOBS"] as const) {
          const name = pageNameFor(section, { welcome }, names);
          expect(name).not.toBeNull();
          expect(resolveIn(lang, encodeSegment(name ?? ""))).toBe(section);
          expect(resolveIn(lang, encodeSegment(name ?? "").toUpperCase())).toBe(section);
        }
      }),
    );
  });

  it("property: case of the URL never matters", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(SEED)),
        fc.string({ unit: "grapheme", maxLength: 12 }),
        (lang, page) => {
          const encoded = encodeURIComponent(page.toWellFormed());
          expect(resolveIn(lang, encoded.toUpperCase())).toBe(resolveIn(lang, encoded.toLowerCase()));
        },
      ),
    );
  });
});

describe("pageNameFor", () => {
  it.each([
    ["fr", "HOME", "bienvenue"],
    ["fr", "ARTICLES", "articles"],
    ["fr", "JOBS", "métiers"],
    ["es", "ARTICLES", "artículos"],
    ["ar", "ARTICLES", "مقالات"],
    ["ar", "HOME", "مرحبا"],
    ["ja", "ARTICLES", "記事"],
    ["ja", "JOBS", "仕事"],
  ] as const)("%s %s → %j", (lang, section, expected) => {
    const { welcome, names } = seed(lang);
    expect(pageNameFor(section, { welcome }, names)).toBe(expected);
  });

  it("returns the stored label as is (paths lowercase it)", () => {
    expect(pageNameFor("JOBS", { welcome: "x" }, [{ section: "JOBS", label: "Métiers", search: null }])).toBe(
      "Métiers",
    );
  });

  it("returns null when the language has no entry for the section", () => {
    expect(
      pageNameFor("JOBS", { welcome: "bienvenue" }, [{ section: "ARTICLES", label: "articles", search: null }]),
    ).toBeNull();
    expect(pageNameFor("ARTICLES", { welcome: "bienvenue" }, [])).toBeNull();
  });

  it("returns null for an empty name (it would not be a page)", () => {
    expect(pageNameFor("HOME", { welcome: "" }, [])).toBeNull();
    expect(pageNameFor("JOBS", { welcome: "x" }, [{ section: "JOBS", label: "", search: "jobs" }])).toBeNull();
  });

  it("HOME is always the welcome, even when an entry names HOME", () => {
    expect(pageNameFor("HOME", { welcome: "bienvenue" }, [{ section: "HOME", label: "accueil", search: null }])).toBe(
      "bienvenue",
    );
  });

  it("takes the first entry of a section", () => {
    const names: SectionName[] = [
      { section: "JOBS", label: "métiers", search: null },
      { section: "JOBS", label: "emplois", search: null },
    ];
    expect(pageNameFor("JOBS", { welcome: "x" }, names)).toBe("métiers");
  });
});

describe("findPageNameConflicts", () => {
  it("finds none in the seed data", () => {
    for (const lang of Object.keys(SEED)) {
      const { welcome, names } = seed(lang);
      expect(findPageNameConflicts({ welcome }, names)).toEqual([]);
    }
  });

  it("reports a label shadowed by the welcome or by an earlier label", () => {
    const names: SectionName[] = [
      { section: "ARTICLES", label: "Accueil", search: null },
      { section: "JOBS", label: "accueil", search: null },
    ];
    expect(findPageNameConflicts({ welcome: "accueil" }, names)).toEqual([
      { section: "ARTICLES", name: "Accueil", resolvesTo: "HOME" },
      { section: "JOBS", name: "accueil", resolvesTo: "HOME" },
    ]);
    expect(findPageNameConflicts({ welcome: "home" }, names)).toEqual([
      { section: "JOBS", name: "accueil", resolvesTo: "ARTICLES" },
    ]);
  });

  it("reports a name that cannot be resolved at all", () => {
    expect(findPageNameConflicts({ welcome: "a\u0000b" }, [])).toEqual([
      { section: "HOME", name: "a\u0000b", resolvesTo: null },
    ]);
  });
});
