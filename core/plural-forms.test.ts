import { describe, expect, it } from "vitest";
import { pluralFormsHeader, SAMPLE_COUNTS } from "./plural-forms.ts";

/** The C expression of a header evaluated as JavaScript (the operators they share mean the same): what a gettext tool computes. */
function gettextIndex(header: string): (n: number) => number {
  const expression = /plural=(.+);$/.exec(header)![1]!;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a test evaluating the header's own formula
  const evaluate = new Function("n", `return Number(${expression});`) as (n: number) => number;
  return evaluate;
}

describe("pluralFormsHeader", () => {
  it("gives the site's languages their gettext plural forms", () => {
    expect(pluralFormsHeader("en-US")).toBe("nplurals=2; plural=(n != 1);");
    expect(pluralFormsHeader("de")).toBe("nplurals=2; plural=(n != 1);");
    expect(pluralFormsHeader("es")).toBe("nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);");
    expect(pluralFormsHeader("fr-FR")).toBe("nplurals=3; plural=(n == 0 || n == 1 ? 0 : n % 1000000 == 0 ? 1 : 2);");
    expect(pluralFormsHeader("pt-BR")).toBe("nplurals=3; plural=(n == 0 || n == 1 ? 0 : n % 1000000 == 0 ? 1 : 2);");
    expect(pluralFormsHeader("ja")).toBe("nplurals=1; plural=0;");
    expect(pluralFormsHeader("ar")).toBe(
      "nplurals=6; plural=(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5);",
    );
  });

  it("finds the three-form rules of Slavic languages", () => {
    for (const tag of ["ru", "uk", "pl", "cs"]) expect(pluralFormsHeader(tag), tag).toMatch(/^nplurals=3; /);
  });

  it("sorts every count as the runtime's CLDR rules do, for every language it names", () => {
    for (const tag of [
      "en",
      "fr",
      "ar",
      "ja",
      "ru",
      "pl",
      "cs",
      "lt",
      "lv",
      "ro",
      "sl",
      "ga",
      "he",
      "zh",
      "ko",
      "tr",
      "is",
    ]) {
      const header = pluralFormsHeader(tag);
      if (header === null) continue;
      const rules = new Intl.PluralRules(tag);
      const index = gettextIndex(header);
      const nplurals = Number(/^nplurals=(\d)/.exec(header)![1]);
      const categoryByIndex = new Map<number, string>();
      for (const n of SAMPLE_COUNTS) {
        const at = index(n);
        expect(at, `${tag} ${n}`).toBeLessThan(nplurals);
        expect(categoryByIndex.get(at) ?? rules.select(n), `${tag} ${n}`).toBe(rules.select(n));
        categoryByIndex.set(at, rules.select(n));
      }
    }
  });

  it("leaves the header out rather than guess", () => {
    expect(pluralFormsHeader("cy")).toBeNull();
    expect(pluralFormsHeader("qaa")).toBeNull();
    expect(pluralFormsHeader("not a tag")).toBeNull();
  });
});
