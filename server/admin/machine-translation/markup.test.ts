/** Pure parts of machine translation: the providers' language codes, and the Markdown kept out of their reach. */
import { describe, expect, it } from "vitest";
import { providerLanguage } from "./languages.ts";
import { protectMarkdown, restoreMarkdown } from "./markup.ts";

describe("language codes", () => {
  it.each([
    ["deepl", "en-US", "source", "EN"],
    ["deepl", "en-US", "target", "EN-US"],
    ["deepl", "en-GB", "target", "EN-GB"],
    ["deepl", "pt-PT", "target", "PT-PT"],
    ["deepl", "ja-JP", "target", "JA"],
    ["deepl", "zh-Hant-TW", "target", "ZH-HANT"],
    ["google", "pt-BR", "target", "pt"],
    ["google", "pt-PT", "target", "pt-PT"],
    ["google", "zh-CN", "source", "zh-CN"],
    ["google", "ar", "target", "ar"],
    ["libretranslate", "zh-TW", "target", "zt"],
    ["libretranslate", "es-ES", "target", "es"],
  ] as const)("%s names %s as a %s %s", (provider, code, role, expected) => {
    expect(providerLanguage(provider, code, role)).toBe(expected);
  });
});

describe("Markdown kept out of the service's reach", () => {
  it.each([
    "## A heading with `code` and **bold**",
    'See [the docs](https://x.example/a_(b) "Title") and ![a map](media:42).',
    "- an item {{3}} at www.example.org.",
    "> a quote <https://a.example/c>",
    "12. twelfth",
  ])("%s: the kept parts are markers, and come back", (text) => {
    const { text: sent, kept } = protectMarkdown(text);
    for (const part of kept) expect(sent).not.toContain(part.trim() || "\u0000");
    expect(restoreMarkdown(sent, kept)).toBe(text);
  });

  it("puts the parts back into a translated text, markers spaced or moved as services write them", () => {
    const { kept } = protectMarkdown("Read [the guide](media:7) with `npm test`.");
    expect(kept).toEqual(["](media:7)", "`npm test`"]);
    expect(restoreMarkdown("Lisez [le guide{{ 0 }} avec {{1}}.", kept)).toBe(
      "Lisez [le guide](media:7) avec `npm test`.",
    );
    expect(restoreMarkdown("{{1}} : [le guide{{0}}", kept)).toBe("`npm test` : [le guide](media:7)");
  });
});
