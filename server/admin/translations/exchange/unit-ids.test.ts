import { describe, expect, it } from "vitest";
import { TRANSLATION_KEY_PATTERN } from "#core/admin/translations/schema.ts";
import { ARTICLE_KEY_PATTERN } from "#core/article-rules.ts";
import { articleKeyOfUnitId, articleUnitId, keyOfNmtoken, nmtokenOf } from "./unit-ids.ts";

/** The XML name characters this scheme writes ids with: all of them NMTOKEN characters (the XSD type the schema checks). */
const NMTOKEN = /^[A-Za-z0-9._:-]+$/;

describe("XLIFF unit ids", () => {
  it("leaves every key the site makes as it is: they are NMTOKENs already", () => {
    for (const key of [
      "NAV:HOME",
      "JOBS:RESULTS",
      "SITE:TITLE",
      "admin.nav.users",
      "admin.media.alt_text",
      "careers-in-translation",
    ]) {
      expect(TRANSLATION_KEY_PATTERN.test(key) || ARTICLE_KEY_PATTERN.test(key)).toBe(true);
      expect(nmtokenOf(key)).toBe(key);
    }
  });

  it.each([
    ["a slash and a space", "a/b c", "a_x002F_b_x0020_c"],
    ["letters outside ASCII", "é文", "_x00E9__x6587_"],
    ["a character outside the BMP", "🌍", "_x1F30D_"],
    ["an underscore that begins an escape's spelling", "a_x0041_b", "a_x005F_x0041_b"],
    ["an underscore that does not", "A_B_x_y", "A_B_x_y"],
    ["an escape's spelling after an escape", "é_x00E9_", "_x00E9__x005F_x00E9_"],
  ])("writes %s as an NMTOKEN and reads it back", (_case, key, id) => {
    expect(nmtokenOf(key)).toBe(id);
    expect(id).toMatch(NMTOKEN);
    expect(keyOfNmtoken(id)).toBe(key);
  });

  it("reads any other id as it is, a code point past U+10FFFF too", () => {
    expect(keyOfNmtoken("NAV/HOME x")).toBe("NAV/HOME x");
    expect(keyOfNmtoken("_x110000_")).toBe("_x110000_");
    expect(keyOfNmtoken("_x00e9_")).toBe("_x00e9_");
  });

  it("names an article field <article key>.<field> and reads both that and the older <article key>/<field>", () => {
    expect(articleUnitId("careers-in-translation/coverAlt")).toBe("careers-in-translation.coverAlt");
    expect(articleUnitId("odd.key/title")).toBe("odd.key.title");
    for (const key of ["careers-in-translation/coverAlt", "odd.key/title", "a b/body"])
      expect(articleKeyOfUnitId(articleUnitId(key))).toBe(key);
    expect(articleKeyOfUnitId("careers-in-translation/title")).toBe("careers-in-translation/title");
    expect(articleKeyOfUnitId("welcome.author")).toBe("welcome.author");
  });
});
