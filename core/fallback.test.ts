import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fallbackChainProblems, fallbackOrder, firstAvailable, type ChainLanguage } from "./fallback.ts";

const EN = 1,
  FR = 2,
  ES = 3,
  DE = 4,
  PT = 5,
  AR = 6,
  JA = 7,
  ZH = 8;
const CODES: Record<number, string> = {
  [EN]: "en-US",
  [FR]: "fr-FR",
  [ES]: "es-ES",
  [DE]: "de-DE",
  [PT]: "pt-BR",
  [AR]: "ar",
  [JA]: "ja-JP",
  [ZH]: "zh-CN",
};

function languages(chains: Record<number, readonly number[]> = {}, disabled: number[] = [ZH]): ChainLanguage[] {
  return Object.entries(CODES).map(([id, code]) => ({
    id: Number(id),
    code,
    enabled: !disabled.includes(Number(id)),
    fallbacks: chains[Number(id)] ?? [],
  }));
}

const codesOf = (order: ChainLanguage[]) => order.map((language) => language.code);

describe("fallbackChainProblems", () => {
  it("accepts an empty chain and a chain of other known languages", () => {
    expect(fallbackChainProblems(PT, [], languages())).toEqual([]);
    expect(fallbackChainProblems(PT, [ES, EN], languages())).toEqual([]);
  });

  it("accepts a disabled language (an admin may prepare it before enabling it)", () => {
    expect(fallbackChainProblems(PT, [ZH], languages())).toEqual([]);
  });

  it("rejects the language itself, naming it", () => {
    expect(fallbackChainProblems(PT, [ES, PT], languages())).toEqual([
      { code: "self", message: "pt-BR cannot fall back to itself." },
    ]);
  });

  it("rejects an unknown id, naming it", () => {
    expect(fallbackChainProblems(PT, [99], languages())).toEqual([
      { code: "unknown", message: "there is no language with id 99." },
    ]);
  });

  it("rejects a language named twice", () => {
    expect(fallbackChainProblems(PT, [ES, EN, ES], languages())).toEqual([
      { code: "duplicate", message: "es-ES is named twice." },
    ]);
  });

  it("reports every problem of the list at once", () => {
    expect(fallbackChainProblems(PT, [PT, 99, EN, EN], languages()).map((problem) => problem.code)).toEqual([
      "self",
      "unknown",
      "duplicate",
    ]);
  });

  it("rejects a two-language cycle through the other language's chain, naming the loop", () => {
    expect(fallbackChainProblems(PT, [ES], languages({ [ES]: [PT] }))).toEqual([
      { code: "cycle", message: "this makes a loop: pt-BR → es-ES → pt-BR. Remove one of these fallbacks." },
    ]);
  });

  it("rejects a longer cycle, even behind a first fallback that does not loop", () => {
    const chains = { [ES]: [FR], [FR]: [AR], [AR]: [PT] };
    expect(fallbackChainProblems(PT, [EN, ES], languages(chains))[0]?.message).toBe(
      "this makes a loop: pt-BR → es-ES → fr-FR → ar → pt-BR. Remove one of these fallbacks.",
    );
  });

  it("accepts shared fallbacks (a diamond is not a cycle)", () => {
    expect(fallbackChainProblems(PT, [ES, FR], languages({ [ES]: [EN], [FR]: [EN] }))).toEqual([]);
  });

  it("judges the new chain, not the stored one", () => {
    // pt currently falls back to es and es to pt would loop, but pt's new chain drops es.
    expect(fallbackChainProblems(ES, [PT], languages({ [PT]: [EN] }))).toEqual([]);
    expect(fallbackChainProblems(PT, [EN], languages({ [PT]: [ES], [ES]: [PT] }))).toEqual([]);
  });

  it("never accepts a chain that makes a language reachable from itself (property)", () => {
    const id = fc.integer({ min: 1, max: 8 });
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...Object.keys(CODES)), fc.uniqueArray(id, { maxLength: 4 })),
        id,
        fc.uniqueArray(id, { maxLength: 4 }),
        (raw, target, chain) => {
          const chains = Object.fromEntries(
            Object.entries(raw).map(([key, value]) => [Number(key), value.filter((other) => other !== Number(key))]),
          );
          const all = languages(chains);
          // Only start from graphs without cycles, as validation keeps them.
          if (all.some((language) => fallbackChainProblems(language.id, language.fallbacks, all).length > 0)) return;
          const accepted = fallbackChainProblems(target, chain, all).length === 0;
          const after = all.map((language) => (language.id === target ? { ...language, fallbacks: chain } : language));
          const reachesItself = fallbackOrder(
            target,
            languages(Object.fromEntries(after.map((language) => [language.id, language.fallbacks])), []),
          ).some((language) => language.id === target);
          expect(accepted && reachesItself).toBe(false);
          if (accepted) expect(chain).not.toContain(target);
        },
      ),
    );
  });
});

describe("fallbackOrder", () => {
  it("is empty without a chain", () => {
    expect(fallbackOrder(PT, languages())).toEqual([]);
  });

  it("keeps the chain's order", () => {
    expect(codesOf(fallbackOrder(PT, languages({ [PT]: [ES, EN] })))).toEqual(["es-ES", "en-US"]);
    expect(codesOf(fallbackOrder(PT, languages({ [PT]: [EN, ES] })))).toEqual(["en-US", "es-ES"]);
  });

  it("follows the fallbacks' own chains after the language's own list, breadth first, each language once", () => {
    const chains = { [PT]: [ES, FR], [ES]: [EN], [FR]: [DE, EN] };
    expect(codesOf(fallbackOrder(PT, languages(chains)))).toEqual(["es-ES", "fr-FR", "en-US", "de-DE"]);
  });

  it("expresses pt → es → en as pt: [es] and es: [en] too", () => {
    expect(codesOf(fallbackOrder(PT, languages({ [PT]: [ES], [ES]: [EN] })))).toEqual(["es-ES", "en-US"]);
  });

  it("skips disabled languages but follows their chains", () => {
    expect(codesOf(fallbackOrder(JA, languages({ [JA]: [ZH], [ZH]: [EN] })))).toEqual(["en-US"]);
  });

  it("never lists the language itself or loops on stored data that cycles", () => {
    expect(codesOf(fallbackOrder(PT, languages({ [PT]: [ES], [ES]: [PT, EN] })))).toEqual(["es-ES", "en-US"]);
  });

  it("ignores ids that name no language", () => {
    expect(codesOf(fallbackOrder(AR, languages({ [AR]: [42, EN] })))).toEqual(["en-US"]);
  });
});

describe("firstAvailable", () => {
  const strings: Record<string, Record<string, string>> = {
    "es-ES": { A: "a (es)" },
    "en-US": { A: "a (en)", B: "b (en)" },
  };
  const lookup = (key: string) => (code: string) => strings[code]?.[key];

  it("takes the first language in order that has the value, and says which", () => {
    expect(firstAvailable(["pt-BR", "es-ES", "en-US"], lookup("A"))).toEqual({ value: "a (es)", code: "es-ES" });
    expect(firstAvailable(["pt-BR", "es-ES", "en-US"], lookup("B"))).toEqual({ value: "b (en)", code: "en-US" });
  });

  it("gives undefined when the value is missing everywhere", () => {
    expect(firstAvailable(["pt-BR", "es-ES", "en-US"], lookup("C"))).toBeUndefined();
    expect(firstAvailable([], lookup("A"))).toBeUndefined();
  });
});
