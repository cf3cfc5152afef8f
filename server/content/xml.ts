/** Text and attribute values in the XML this site writes (sitemaps, feeds): one escaping function. */

/** Characters XML 1.0 does not allow at all (C0 controls but tab and line ends, lone surrogates, U+FFFE/U+FFFF): dropped. */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
