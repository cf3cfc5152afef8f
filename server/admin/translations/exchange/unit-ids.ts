/**
 * XLIFF unit ids (decision 0155). XLIFF 2.0 types a unit's id as an NMTOKEN (XML name characters only), so a key
 * is written with every character outside A–Z, a–z, 0–9, ".", "-", ":" and "_" as `_x` + its code point in upper-case
 * hex (4 to 6 digits) + `_`, and an "_" that begins such a spelling in the key itself as `_x005F_`: the mapping is
 * total (any non-empty key) and reversible. Every key the site makes (NAV:HOME, admin.nav.home, an article's
 * lowercase key) is its own id. An article field's unit is `<article key>.<field>` (welcome.title); files exported
 * before decision 0155 named it `<article key>/<field>`, and those ids are still read.
 */
import { ARTICLE_FIELDS } from "./document.ts";

const NOT_PLAIN = /[^A-Za-z0-9.\-:_]|_(?=x[0-9A-F]{4,6}_)/gu;
const ESCAPED = /_x([0-9A-F]{4,6})_/g;
const FIELD_SEPARATOR = ".";
const LEGACY_FIELD_SEPARATOR = "/";

/** `key` as an NMTOKEN. */
export function nmtokenOf(key: string): string {
  return key.replace(
    NOT_PLAIN,
    (character) => `_x${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}_`,
  );
}

/** The key an NMTOKEN written by nmtokenOf spells; any other text is read as it is. */
export function keyOfNmtoken(id: string): string {
  return id.replace(ESCAPED, (spelling, hex: string) => {
    const codePoint = Number.parseInt(hex, 16);
    return codePoint > 0x10ffff ? spelling : String.fromCodePoint(codePoint);
  });
}

/** The id of an article field's unit, from its key in the document ("<article key>/<field>"). */
export function articleUnitId(key: string): string {
  const slash = key.lastIndexOf(LEGACY_FIELD_SEPARATOR);
  return `${nmtokenOf(key.slice(0, slash))}${FIELD_SEPARATOR}${key.slice(slash + 1)}`;
}

/**
 * The document key ("<article key>/<field>") of an article unit's id: `<article key>.<field>`, or the
 * `<article key>/<field>` of a file exported before decision 0155. An id naming no field is returned whole, as unknown.
 */
export function articleKeyOfUnitId(id: string): string {
  if (id.includes(LEGACY_FIELD_SEPARATOR)) return id;
  const dot = id.lastIndexOf(FIELD_SEPARATOR);
  const field = id.slice(dot + 1);
  if (dot <= 0 || !(ARTICLE_FIELDS as readonly string[]).includes(field)) return keyOfNmtoken(id);
  return `${keyOfNmtoken(id.slice(0, dot))}${LEGACY_FIELD_SEPARATOR}${field}`;
}
