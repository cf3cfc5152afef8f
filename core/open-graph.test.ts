import { describe, expect, it } from "vitest";
import { openGraphLocale, socialImagePath, socialImageSource } from "./open-graph.ts";

describe("openGraphLocale", () => {
  it("writes the demo site's languages (server/seed/languages.ts) as language_TERRITORY", () => {
    const codes = ["en-US", "fr-FR", "es-ES", "de-DE", "pt-BR", "ar", "ja-JP", "zh-CN"];
    expect(Object.fromEntries(codes.map((code) => [code, openGraphLocale(code)]))).toEqual({
      "en-US": "en_US",
      "fr-FR": "fr_FR",
      "es-ES": "es_ES",
      "de-DE": "de_DE",
      "pt-BR": "pt_BR",
      ar: "ar_AR",
      "ja-JP": "ja_JP",
      "zh-CN": "zh_CN",
    });
  });

  it.each([
    ["ja", "ja_JP"],
    ["fr", "fr_FR"],
    ["de", "de_DE"],
    ["he", "he_IL"],
    ["nb", "nb_NO"],
    // The code's own territory wins, Arabic's included.
    ["ar-EG", "ar_EG"],
    ["en-GB", "en_GB"],
    ["FR-fr", "fr_FR"],
    // A script picks the territory where that script is written.
    ["zh", "zh_CN"],
    ["zh-Hant", "zh_TW"],
    ["sr-Latn", "sr_RS"],
    // A numeric region: Open Graph's own name for Latin American Spanish, else the language's territory.
    ["es-419", "es_LA"],
    ["pt-150", "pt_BR"],
  ])("%s → %s", (code, expected) => {
    expect(openGraphLocale(code)).toBe(expected);
  });

  it.each(["", "und", "x-klingon", "not a code", "e"])("names no locale for %j", (code) => {
    expect(openGraphLocale(code)).toBeNull();
  });
});

describe("socialImagePath", () => {
  it("names a JPEG beside covers of the covers folder and library variants, and reads it back", () => {
    for (const source of [
      "/covers/right-to-left-web.svg",
      "/covers/a_b.webp",
      "/media/42-3f9c2a1b0e4d5c6b-1200.jpg",
      "/media/7-0123456789abcdef-800.png",
    ]) {
      const path = socialImagePath(source);
      expect(path).toBe(`/social${source}.jpg`);
      expect(socialImageSource(path!)).toBe(source);
    }
  });

  it.each([
    null,
    "https://example.com/cover.png",
    "/covers/../server/config.ts",
    "/covers/x.txt",
    "/favicon.svg",
    "/media/42-short-1200.jpg",
    "/covers/sub/x.svg",
    "media:42",
  ])("makes none of %j", (address) => {
    expect(socialImagePath(address)).toBeNull();
  });

  it.each([
    "/social/covers/x.svg",
    "/social/covers/..%2fx.svg.jpg",
    "/social/etc/passwd.jpg",
    "/covers/x.svg.jpg",
    "/social/covers/x.svg.jpg.jpg",
  ])("reads no source from %j", (path) => {
    expect(socialImageSource(path)).toBeNull();
  });
});
