import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { decodeSegment, encodeSegment, homePath, itemPath, normalizeName, sameAddress, sectionPath } from "./paths.ts";

const MALFORMED = ["%E0%A4%A", "%", "%ZZ", "abc%", "%C3", "%ED%A0%80", "%FF"];
const CONTROLS = ["%00", "a%00b", "%0A", "%1F", "%7F", "a\u0000b", "\t"];

/** Any well-formed string without C0 controls or DEL (what decodeSegment accepts). */
const nameWithoutControls = fc
  .string({ unit: "binary", maxLength: 40 })
  .filter((name) => !/[\u0000-\u001F\u007F]/u.test(name));

describe("decodeSegment", () => {
  it.each([
    ["m%C3%A9tiers", "métiers"],
    ["M%C3%A9TIERS", "MéTIERS"],
    ["art%C3%ADculos", "artículos"],
    ["%D9%85%D9%82%D8%A7%D9%84%D8%A7%D8%AA", "مقالات"],
    ["%E8%A8%98%E4%BA%8B", "記事"],
    ["métiers", "métiers"],
    ["a%2Fb", "a/b"],
    ["a+b", "a+b"],
    ["", ""],
  ])("%j → %j", (raw, expected) => {
    expect(decodeSegment(raw)).toBe(expected);
  });

  it.each(MALFORMED)("returns null for malformed encoding %j", (raw) => {
    expect(decodeSegment(raw)).toBeNull();
  });

  it.each(CONTROLS)("returns null for control characters %j", (raw) => {
    expect(decodeSegment(raw)).toBeNull();
  });

  it("property: never throws", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (raw) => {
        decodeSegment(raw);
      }),
    );
  });
});

describe("normalizeName", () => {
  it.each([
    ["M%C3%A9TIERS", "métiers"],
    ["M%C3%89TIERS", "métiers"],
    ["Art%C3%8Dculos", "artículos"],
    ["ARTÍCULOS", "artículos"],
    ["%E4%BB%95%E4%BA%8B", "仕事"],
    ["مقالات", "مقالات"],
    ["İ", "i\u0307"], // toLowerCase, not a Turkish locale
  ])("%j → %j", (raw, expected) => {
    expect(normalizeName(raw)).toBe(expected);
  });

  it.each([...MALFORMED, ...CONTROLS])("returns null for %j", (raw) => {
    expect(normalizeName(raw)).toBeNull();
  });

  it("property: normalizeName(encodeSegment(x)) === x.toLowerCase() for any string without controls", () => {
    fc.assert(fc.property(nameWithoutControls, (name) => normalizeName(encodeSegment(name)) === name.toLowerCase()));
  });
});

describe("encodeSegment", () => {
  it.each([
    ["Métiers", "m%C3%A9tiers"],
    ["bienvenue", "bienvenue"],
    ["مرحبا", "%D9%85%D8%B1%D8%AD%D8%A8%D8%A7"],
    ["ようこそ", "%E3%82%88%E3%81%86%E3%81%93%E3%81%9D"],
    ["a b/c?d#e%f", "a%20b%2Fc%3Fd%23e%25f"],
    ["bem-vindo", "bem-vindo"],
  ])("%j → %j", (name, expected) => {
    expect(encodeSegment(name)).toBe(expected);
  });

  it("does not throw on a lone surrogate", () => {
    expect(encodeSegment("a\uD800b")).toBe("a%EF%BF%BDb");
  });

  it("property: output has only URL-safe characters and ignores the input's case", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (name) => {
        expect(encodeSegment(name)).toMatch(/^[A-Za-z0-9\-_.!~*'()%]*$/u);
        expect(encodeSegment(name)).toBe(encodeSegment(name.toLowerCase()));
      }),
    );
  });
});

describe("homePath / sectionPath / itemPath", () => {
  it("builds lowercase, encoded home paths", () => {
    expect(homePath({ shortCode: "fr", welcome: "bienvenue" })).toBe("/fr/bienvenue");
    expect(homePath({ shortCode: "ar", welcome: "مرحبا" })).toBe("/ar/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7");
    expect(homePath({ shortCode: "FR", welcome: "Bienvenue" })).toBe("/fr/bienvenue");
    expect(homePath({ shortCode: "pt", welcome: "bem-vindo" })).toBe("/pt/bem-vindo");
  });

  it("builds section paths", () => {
    expect(sectionPath("fr", "métiers")).toBe("/fr/m%C3%A9tiers");
    expect(sectionPath("es", "Artículos")).toBe("/es/art%C3%ADculos");
    expect(sectionPath("ja", "記事")).toBe("/ja/%E8%A8%98%E4%BA%8B");
    expect(sectionPath("ar", "مقالات")).toBe("/ar/%D9%85%D9%82%D8%A7%D9%84%D8%A7%D8%AA");
  });

  it("builds item paths with the id lowercased", () => {
    expect(itemPath("fr", "métiers", "A1101", "conduite-d-engins-agricoles-et-forestiers")).toBe(
      "/fr/m%C3%A9tiers/a1101/conduite-d-engins-agricoles-et-forestiers",
    );
    expect(itemPath("ja", "仕事", 42, "日本語の記事")).toBe(
      "/ja/%E4%BB%95%E4%BA%8B/42/%E6%97%A5%E6%9C%AC%E8%AA%9E%E3%81%AE%E8%A8%98%E4%BA%8B",
    );
  });

  it("leaves the slug out when it is empty (the item route redirects to the canonical URL)", () => {
    expect(itemPath("fr", "articles", 7, "")).toBe("/fr/articles/7");
  });

  it("encodes slashes inside a name so they cannot add segments", () => {
    expect(sectionPath("fr", "a/b")).toBe("/fr/a%2Fb");
  });

  it("property: every segment decodes back to the lowercased input", () => {
    fc.assert(
      fc.property(
        nameWithoutControls,
        nameWithoutControls,
        fc.oneof(fc.integer(), nameWithoutControls),
        nameWithoutControls.filter((slug) => slug !== ""),
        (lang, page, id, slug) => {
          const segments = itemPath(lang, page, id, slug).split("/");
          expect(segments.shift()).toBe("");
          expect(segments.map(normalizeName)).toEqual([lang, page, String(id), slug].map((s) => s.toLowerCase()));
        },
      ),
    );
  });
});

describe("sameAddress", () => {
  it.each([
    ["/FR/M%C3%A9tiers?q=1", "/fr/métiers"],
    ["/fr/m%C3%A9tiers", "/fr/M%C3%89TIERS"],
    ["/fr/métiers#top", "/fr/métiers?page=2#list"],
    ["/es/ART%C3%8DCULOS", "/es/artículos"],
    ["/ar/%D9%85%D9%82%D8%A7%D9%84%D8%A7%D8%AA", "/AR/مقالات"],
    ["/ja/%E8%A8%98%E4%BA%8B?x", "/ja/記事"],
    ["https://Example.COM/fr/bienvenue", "https://example.com/fr/bienvenue?utm=1"],
    ["https://example.com:443/fr", "https://example.com/fr"],
    ["https://example.com/fr/bienvenue", "/fr/bienvenue"], // only one absolute: paths only
    ["/fr/bienvenue", "//example.com/fr/bienvenue"],
    ["https://example.com", "https://example.com/"], // the root's slash
    ["https://example.com?x=1", "/"],
    ["/", "/?q"],
    ["/fr/m%C3%A9tiers", "/fr/me%CC%81tiers"], // NFC and NFD spellings of é
    ["/fr/a?b#c?d", "/fr/A"],
  ])("%j equals %j", (a, b) => {
    expect(sameAddress(a, b)).toBe(true);
    expect(sameAddress(b, a)).toBe(true);
  });

  it.each([
    ["/fr/métiers", "/fr/metiers"], // accents are significant
    ["/fr/métiers", "/fr/métiers/"], // trailing slash counts except for the root
    ["/fr/articles", "/es/articles"],
    ["https://example.com/fr", "https://example.org/fr"],
    ["http://example.com/fr", "https://example.com/fr"],
    ["https://example.com:8443/fr", "https://example.com/fr"],
    ["/a%2Fb", "/a/b"], // an encoded slash stays inside its segment
    ["/fr/%ZZ", "/fr/zz"],
    ["/fr/%zz", "/fr/%25zz"], // malformed compares raw, not decoded
  ])("%j differs from %j", (a, b) => {
    expect(sameAddress(a, b)).toBe(false);
    expect(sameAddress(b, a)).toBe(false);
  });

  it("compares malformed paths raw and case-insensitively, without throwing", () => {
    expect(sameAddress("/fr/%E0%A4%A", "/FR/%e0%a4%a")).toBe(true);
    expect(sameAddress("/fr/%", "/fr/%")).toBe(true);
    expect(sameAddress("/fr/%00", "/FR/%00?x")).toBe(true);
    expect(sameAddress("/fr/%ZZ", "/fr/%zz")).toBe(true);
  });

  const address = fc.oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webPath().map((path) => (path.startsWith("/") ? path : `/${path}`)),
  );
  const suffix = fc.string({ unit: "binary", maxLength: 20 }).filter((s) => !s.includes("#"));

  it("property: reflexive and symmetric", () => {
    fc.assert(
      fc.property(address, address, (a, b) => {
        expect(sameAddress(a, a)).toBe(true);
        expect(sameAddress(a, b)).toBe(sameAddress(b, a));
      }),
    );
  });

  it("property: ignores any query and fragment", () => {
    fc.assert(
      fc.property(address, suffix, suffix, (a, query, fragment) => {
        const base = a.split("#")[0]!.split("?")[0]!;
        expect(sameAddress(base, `${base}?${query}`)).toBe(true);
        expect(sameAddress(base, `${base}?${query}#${fragment}`)).toBe(true);
        expect(sameAddress(base, `${base}#${fragment}${query}`)).toBe(true);
      }),
    );
  });

  it("property: a generated path equals its uppercase and its decoded spelling", () => {
    // Names without the characters that would change the meaning of a decoded path.
    const plainName = nameWithoutControls.filter((name) => name !== "" && !/[/?#%]/u.test(name));
    fc.assert(
      fc.property(plainName, plainName, (lang, page) => {
        const generated = sectionPath(lang, page);
        expect(sameAddress(generated, generated.toUpperCase())).toBe(true);
        expect(sameAddress(generated, `/${lang}/${page}`)).toBe(true);
        expect(sameAddress(`https://example.com${generated}`, `/${lang}/${page}?page=2`)).toBe(true);
      }),
    );
  });

  it("treats a path starting with // as protocol-relative (an origin), as browsers do", () => {
    expect(sameAddress("//example.com/fr", "https://example.org/fr")).toBe(false);
    expect(sameAddress("//example.com/fr", "/fr")).toBe(true);
    expect(sameAddress("//EXAMPLE.com/fr", "https://example.com/fr")).toBe(true);
    expect(sameAddress("https://user@example.com/fr", "https://example.com/fr")).toBe(true);
  });
});
