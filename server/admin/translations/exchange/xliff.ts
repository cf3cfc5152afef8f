/**
 * XLIFF 2.0 (OASIS, core only) for UI strings and article translations: a
 * <file id="ui-strings"> and/or a <file id="articles"> (decision 0073), a <file id="tags"> of tags' names and a
 * <file id="jobs"> of ROME jobs' labels (decision 0221), one
 * <unit> per key, its id the key as an NMTOKEN (unit-ids.ts, decision 0155), with one <segment> holding
 * <source> and, when translated, <target>; the segment's state says how far along it is. Every unit is
 * xml:space="preserve": its texts are kept to the character, a Markdown body's last line feed too. Valid
 * against the OASIS core schema (tests/fixtures/xliff). Read with saxes, like the ROME XML: a DOCTYPE (so any
 * DTD or entity definition) is refused, nothing is fetched or expanded, only UTF-8 is accepted; texts are read
 * exactly as written, whatever a file's xml:space says.
 */
import { SaxesParser } from "saxes";
import { quoteForMessage, truncateChars } from "#server/admin/romes/refusal.ts";
import {
  EXTRA_PARTS,
  FileRefused,
  UNIT_STATES,
  type ExchangeDocument,
  type ExtraPart,
  type StringUnit,
  type UnitState,
} from "./document.ts";
import { articleKeyOfUnitId, articleUnitId, keyOfNmtoken, nmtokenOf } from "./unit-ids.ts";

export const XLIFF_NAMESPACE = "urn:oasis:names:tc:xliff:document:2.0";
const FILE_ID = "ui-strings";
export const ARTICLES_FILE_ID = "articles";

/** A carriage return is written as a reference: XML parsers turn a literal one into a line feed, and the round trip must not. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}

/** The schema wants a <file> in every file and a unit or group in every <file>: an export with no units at all has this empty group. */
const EMPTY_GROUP = '    <group id="empty"/>\n';

/** The file's start: the UI strings' <file> (left out of a file that has other units), then the articles' <file> opened. */
function xliffStart(document: Omit<ExchangeDocument, "articles">, hasArticles: boolean, hasOthers: boolean): string {
  const units = document.units.length > 0 ? xliffUnits(document.units, nmtokenOf) : EMPTY_GROUP;
  const strings =
    document.units.length > 0 || !(hasArticles || hasOthers) ? `  <file id="${FILE_ID}">\n${units}  </file>\n` : "";
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="${escapeAttribute(document.sourceLanguage)}" trgLang="${escapeAttribute(document.targetLanguage)}">\n` +
    strings +
    (hasArticles ? `  <file id="${ARTICLES_FILE_ID}">\n` : "")
  );
}

function xliffUnits(units: readonly StringUnit[], idOf: (key: string) => string): string {
  let text = "";
  for (const unit of units) {
    text += `    <unit id="${escapeAttribute(idOf(unit.key))}" xml:space="preserve">\n`;
    if (unit.note) text += `      <notes>\n        <note>${escapeText(unit.note)}</note>\n      </notes>\n`;
    text += `      <segment state="${unit.state}">\n        <source>${escapeText(unit.source)}</source>\n`;
    if (unit.target !== null) text += `        <target>${escapeText(unit.target)}</target>\n`;
    text += "      </segment>\n    </unit>\n";
  }
  return text;
}

/** The tags' and jobs' <file>s, each with its units (an empty part is left out). */
function extraFiles(document: Omit<ExchangeDocument, "articles">): string {
  let text = "";
  for (const part of EXTRA_PARTS) {
    const units = document[part];
    if (units && units.length > 0) text += `  <file id="${part}">\n${xliffUnits(units, nmtokenOf)}  </file>\n`;
  }
  return text;
}

/** The XLIFF text in pieces, the articles' units a page at a time: an archive's export is never held whole. */
export async function* streamXliff(
  document: Omit<ExchangeDocument, "articles">,
  articlePages: AsyncIterable<readonly StringUnit[]>,
): AsyncGenerator<string> {
  const pages = articlePages[Symbol.asyncIterator]();
  let page = await pages.next();
  const hasArticles = !page.done;
  const others = extraFiles(document);
  yield xliffStart(document, hasArticles, others !== "");
  for (; !page.done; page = await pages.next()) yield xliffUnits(page.value, articleUnitId);
  yield `${hasArticles ? "  </file>\n" : ""}${others}</xliff>\n`;
}

const MAX_ERROR_DETAIL_CHARS = 200;

/**
 * Bounds on a file's shape, checked as it streams (decision 0142). A file this code writes is 5 elements deep
 * (xliff, file, unit, segment, source); one far deeper is hostile: saxes resolves namespaces up the open elements, so each level costs more.
 */
export const XLIFF_LIMITS = { maxDepth: 32, maxElements: 200_000 } as const;

/** The root element's languages: all a file must show before the importer's permission is checked. */
export interface XliffLanguages {
  sourceLanguage: string;
  targetLanguage: string;
}

/** Thrown to stop reading at the root element when only its languages are wanted. */
class RootRead extends Error {
  readonly languages: XliffLanguages;
  constructor(languages: XliffLanguages) {
    super("root read");
    this.languages = languages;
  }
}

interface OpenUnit {
  key: string;
  line: number;
  source: string | null;
  target: string | null;
  state: UnitState | null;
  segments: number;
}

/** Reads an XLIFF 2.0 file of UI strings and article translations; refuses (FileRefused) anything else, naming the line. */
export function readXliff(text: string): ExchangeDocument {
  return parseXliff(text, false);
}

/** The languages of the root element, read from the file's first `headChars` characters only; refuses a file whose root is not there. */
export function readXliffLanguages(text: string, headChars: number): XliffLanguages {
  try {
    parseXliff(text.slice(0, headChars), true);
  } catch (error) {
    if (error instanceof RootRead) return error.languages;
    throw error;
  }
  throw new FileRefused(
    `The file is not an XLIFF 2.0 document: its <xliff> element must begin within its first ${Math.round(headChars / 1024)} KB.`,
  );
}

function parseXliff(text: string, rootOnly: boolean): ExchangeDocument {
  const parser = new SaxesParser({ position: true, xmlns: true });
  const refuse = (message: string): never => {
    throw new FileRefused(`XLIFF line ${parser.line}: ${message}`);
  };
  const document: ExchangeDocument = { sourceLanguage: "", targetLanguage: "", units: [] };
  const seen = new Set<string>();
  const path: string[] = [];
  let unit: OpenUnit | null = null;
  /** Units of <file id="articles"> are article translations, of "tags" and "jobs" those parts; any other file's are UI strings. */
  let part: "strings" | "articles" | ExtraPart = "strings";
  /** Which text is being collected: inside <source> or <target> of a segment. */
  let collecting: "source" | "target" | null = null;
  let elements = 0;

  parser.on("error", (error) => {
    throw new FileRefused(
      `Malformed XML at line ${parser.line}: ${truncateChars(error.message.replace(/^\d+:\d+: /, ""), MAX_ERROR_DETAIL_CHARS)}`,
    );
  });
  parser.on("doctype", () => refuse("the file declares a DOCTYPE; DTDs and entities are not accepted."));
  parser.on("xmldecl", (decl) => {
    if (decl.encoding !== undefined && !/^utf-?8$/i.test(decl.encoding))
      refuse(`the file declares the encoding ${quoteForMessage(decl.encoding)}; only UTF-8 is accepted.`);
  });
  // Counted before saxes resolves the element's namespaces, so a hostile depth never costs more than the limit's.
  parser.on("opentagstart", () => {
    elements += 1;
    if (path.length >= XLIFF_LIMITS.maxDepth)
      refuse(`elements are nested more than ${XLIFF_LIMITS.maxDepth} deep; this site's XLIFF needs 5.`);
    if (elements > XLIFF_LIMITS.maxElements)
      refuse(`the file has more than ${XLIFF_LIMITS.maxElements.toLocaleString("en")} elements.`);
  });
  parser.on("opentag", (tag) => {
    const { local: name, uri } = tag;
    const attribute = (attributeName: string): string | undefined => tag.attributes[attributeName]?.value;
    const parent = path.at(-1);
    path.push(name);
    if (collecting !== null)
      refuse(`<${name}> inside <${collecting}>: inline markup is not supported; write the text only.`);
    if (uri !== XLIFF_NAMESPACE) {
      if (path.length === 1)
        refuse(`the root element must be <xliff> in the XLIFF 2.0 namespace (${XLIFF_NAMESPACE}).`);
      return; // extensions in other namespaces are allowed by XLIFF and ignored here
    }
    if (path.length === 1) {
      if (name !== "xliff") refuse("the root element must be <xliff>.");
      if (attribute("version") !== "2.0")
        refuse(
          `only XLIFF version 2.0 is read (this file says ${quoteForMessage(attribute("version") ?? "nothing")}).`,
        );
      document.sourceLanguage = attribute("srcLang") ?? "";
      document.targetLanguage =
        attribute("trgLang") ?? refuse("<xliff> has no trgLang: the file must name its target language.");
      if (rootOnly)
        throw new RootRead({ sourceLanguage: document.sourceLanguage, targetLanguage: document.targetLanguage });
      return;
    }
    if (name === "file" && parent === "xliff") {
      const id = attribute("id");
      part =
        id === ARTICLES_FILE_ID
          ? "articles"
          : (EXTRA_PARTS as readonly string[]).includes(id ?? "")
            ? (id as ExtraPart)
            : "strings";
      if (part !== "strings") document[part] ??= [];
      return;
    }
    if (name === "unit" && parent === "file") {
      const id = attribute("id") ?? refuse("a <unit> has no id.");
      const key = part === "articles" ? articleKeyOfUnitId(id) : keyOfNmtoken(id);
      const seenKey = `${part}\u0000${key}`;
      if (seen.has(seenKey)) refuse(`the unit ${quoteForMessage(key)} appears twice.`);
      seen.add(seenKey);
      unit = { key, line: parser.line, source: null, target: null, state: null, segments: 0 };
      return;
    }
    if (name === "segment" && parent === "unit" && unit !== null) {
      unit.segments += 1;
      if (unit.segments > 1)
        refuse(`the unit ${quoteForMessage(unit.key)} has more than one <segment>; a UI string is one segment.`);
      const state = attribute("state") ?? "initial";
      if (!(UNIT_STATES as readonly string[]).includes(state))
        refuse(`the state ${quoteForMessage(state)} is not one of ${UNIT_STATES.join(", ")}.`);
      unit.state = state as UnitState;
      return;
    }
    if ((name === "source" || name === "target") && parent === "segment" && unit !== null) {
      collecting = name;
      unit[name] = "";
    }
  });
  const append = (chunk: string) => {
    if (collecting !== null && unit !== null) unit[collecting] += chunk;
  };
  parser.on("text", append);
  parser.on("cdata", append);
  parser.on("closetag", () => {
    const name = path.pop();
    if (collecting !== null && name === collecting) collecting = null;
    if (name === "unit" && unit !== null) {
      (part === "strings" ? document.units : document[part]!).push(closeUnit(unit, refuse));
      unit = null;
    }
  });

  parser.write(text);
  // The head of a file is cut anywhere: only its root element is wanted, and it was not there.
  if (rootOnly) return document;
  parser.close();
  if (path.length !== 0 || document.targetLanguage === "")
    throw new FileRefused("The file is not an XLIFF 2.0 document.");
  return document;
}

function closeUnit(unit: OpenUnit, refuse: (message: string) => never): StringUnit {
  if (unit.segments === 0 || unit.source === null)
    refuse(`the unit ${quoteForMessage(unit.key)} (line ${unit.line}) has no <segment> with a <source>.`);
  return { key: unit.key, source: unit.source, target: unit.target, state: unit.state ?? "initial" };
}
