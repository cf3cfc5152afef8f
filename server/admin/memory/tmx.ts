/**
 * TMX 1.4b, the translation-memory exchange format (LISA OSCAR; decision 0216): one <tu> per unit, one <tuv> per
 * language with its <seg>. Written valid against the TMX 1.4 DTD (tests/fixtures/tmx-dtd). Read with saxes, as the
 * XLIFF import is (decision 0142), on the worker thread: only UTF-8; a DOCTYPE only as a reference to the DTD (no
 * internal subset, so no entity is ever defined, nothing is fetched or expanded); bounded depth, elements and size.
 * Inline codes in a <seg> (<bpt>, <ept>, <ph>, <it>, <ut>) are the source format's markup, left out; <hi> keeps its
 * text. Any fault refuses the whole file (FileRefused), naming its line, before anything is written.
 */
import { SaxesParser } from "saxes";
import { FileRefused, quoteForMessage, truncateChars } from "#server/admin/romes/refusal.ts";

export const MAX_TMX_FILE_BYTES = 16 * 1024 * 1024;
export const TMX_LIMITS = { maxDepth: 16, maxElements: 1_000_000, maxUnitVariants: 50 } as const;
const INLINE_CODES = new Set(["bpt", "ept", "ph", "it", "ut", "sub"]);
/** Characters XML 1.0 cannot carry: left out of an export. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/gu;

export interface TmxVariant {
  language: string;
  text: string;
}

export interface TmxUnit {
  /** The <tu>'s tuid, if it has one. */
  id: string | null;
  line: number;
  variants: TmxVariant[];
  /** The <tu>'s changedate as an ISO time, if valid. */
  changedAt: string | null;
}

export interface TmxDocument {
  sourceLanguage: string;
  units: TmxUnit[];
}

function escapeText(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r/g, "&#13;");
}

const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/** "2026-01-05T10:20:30.000Z" → "20260105T102030Z" (TMX's date form). */
export const tmxDate = (iso: string) => `${iso.slice(0, 19).replace(/[-:]/g, "")}Z`;

export function tmxStart(sourceLanguage: string, now: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n' +
    '<tmx version="1.4">\n' +
    `  <header creationtool="Polyglot Press" creationtoolversion="1" segtype="block" o-tmf="polyglot-press" adminlang="en" srclang="${escapeAttribute(sourceLanguage)}" datatype="plaintext" creationdate="${tmxDate(now)}"/>\n` +
    "  <body>\n"
  );
}

export function tmxUnit(id: string, changedAt: string, variants: readonly TmxVariant[]): string {
  let text = `    <tu tuid="${escapeAttribute(id)}" changedate="${tmxDate(changedAt)}">\n`;
  for (const variant of variants)
    text += `      <tuv xml:lang="${escapeAttribute(variant.language)}"><seg>${escapeText(variant.text)}</seg></tuv>\n`;
  return `${text}    </tu>\n`;
}

export const TMX_END = "  </body>\n</tmx>\n";

function isoOfTmxDate(value: string | undefined): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? "");
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Reads a TMX file; refuses (FileRefused) anything else, naming the line. */
export function readTmx(text: string): TmxDocument {
  if (Buffer.byteLength(text, "utf8") > MAX_TMX_FILE_BYTES)
    throw new FileRefused(`The file is larger than ${MAX_TMX_FILE_BYTES / (1024 * 1024)} MiB.`);
  const parser = new SaxesParser({ position: true });
  const refuse = (message: string): never => {
    throw new FileRefused(`TMX line ${parser.line}: ${message}`);
  };
  const document: TmxDocument = { sourceLanguage: "", units: [] };
  const path: string[] = [];
  let unit: TmxUnit | null = null;
  let variant: TmxVariant | null = null;
  let inSeg = false;
  let skipped = 0;
  let elements = 0;
  parser.on("error", (error) => {
    throw new FileRefused(
      `Malformed XML at line ${parser.line}: ${truncateChars(error.message.replace(/^\d+:\d+: /, ""), 200)}`,
    );
  });
  parser.on("doctype", (doctype) => {
    if (doctype.includes("[")) refuse("the DOCTYPE has an internal subset; entities and DTDs are not accepted.");
  });
  parser.on("xmldecl", (decl) => {
    if (decl.encoding !== undefined && !/^utf-?8$/i.test(decl.encoding))
      refuse(`the file declares the encoding ${quoteForMessage(decl.encoding)}; only UTF-8 is accepted.`);
  });
  parser.on("opentagstart", () => {
    elements += 1;
    if (path.length >= TMX_LIMITS.maxDepth) refuse(`elements are nested more than ${TMX_LIMITS.maxDepth} deep.`);
    if (elements > TMX_LIMITS.maxElements)
      refuse(`the file has more than ${TMX_LIMITS.maxElements.toLocaleString("en")} elements.`);
  });
  parser.on("opentag", (tag) => {
    const attribute = (name: string) => {
      const value = tag.attributes[name];
      return typeof value === "string" ? value : undefined;
    };
    const parent = path.at(-1);
    path.push(tag.name);
    if (path.length === 1) {
      if (tag.name !== "tmx") refuse("the root element must be <tmx>.");
      if (!/^1\.4/.test(attribute("version") ?? ""))
        refuse(`only TMX 1.4 is read (this file says ${quoteForMessage(attribute("version") ?? "nothing")}).`);
    } else if (tag.name === "header" && parent === "tmx") document.sourceLanguage = attribute("srclang") ?? "";
    else if (tag.name === "tu" && parent === "body") {
      unit = {
        id: attribute("tuid") ?? null,
        line: parser.line,
        variants: [],
        changedAt: isoOfTmxDate(attribute("changedate")),
      };
    } else if (tag.name === "tuv" && parent === "tu" && unit !== null) {
      const language = attribute("xml:lang") ?? attribute("lang") ?? refuse("a <tuv> has no xml:lang.");
      if (unit.variants.length >= TMX_LIMITS.maxUnitVariants)
        refuse(`a <tu> has more than ${TMX_LIMITS.maxUnitVariants} <tuv>.`);
      variant = { language: language.trim(), text: "" };
    } else if (tag.name === "seg" && parent === "tuv" && variant !== null) inSeg = true;
    else if (inSeg && INLINE_CODES.has(tag.name)) skipped += 1;
  });
  const append = (chunk: string) => {
    if (inSeg && skipped === 0 && variant !== null) variant.text += chunk;
  };
  parser.on("text", append);
  parser.on("cdata", append);
  parser.on("closetag", (tag) => {
    path.pop();
    if (inSeg && INLINE_CODES.has(tag.name)) skipped -= 1;
    else if (tag.name === "seg") inSeg = false;
    else if (tag.name === "tuv" && unit !== null && variant !== null) {
      unit.variants.push(variant);
      variant = null;
    } else if (tag.name === "tu" && unit !== null) {
      document.units.push(unit);
      unit = null;
    }
  });
  parser.write(text).close();
  if (path.length !== 0) throw new FileRefused("The file is not a TMX document.");
  return document;
}
