import { SaxesParser, type XMLDecl } from "saxes";
import { FileRefused, quoteForMessage, truncateChars } from "./refusal.ts";
import type { RawRow, RowCollector } from "./rows.ts";

const DOCTYPE_MESSAGE = "The XML file declares a DOCTYPE; DTDs and entities are not accepted.";
const NOT_ROME_XML_MESSAGE =
  "The XML file is not a ROME code list: expected <ogr><item_referentiel_code_rome>…</item_referentiel_code_rome></ogr>.";

const ROOT = "ogr";
const ITEM = "item_referentiel_code_rome";
/** Item children we read; any other child (statut1, future additions) is ignored. */
const FIELD_BY_ELEMENT = { code_rome: "code", libelle: "label", code_ogr: "ogr" } as const;
type Field = (typeof FIELD_BY_ELEMENT)[keyof typeof FIELD_BY_ELEMENT];
// Element depths: 1 = <ogr>, 2 = an item, 3 = a field of the item.
const ITEM_DEPTH = 2;
const FIELD_DEPTH = 3;
const MAX_ERROR_DETAIL_CHARS = 200;
/**
 * Bounds on the file's shape, checked as it streams (decision 0142). The official file is 3 elements deep,
 * with about 3 000 elements of one attribute-free kind; MAX_IMPORT_ROWS items need 5 each.
 */
export const ROME_XML_LIMITS = { maxDepth: 16, maxElements: 50_000, maxAttributes: 32 } as const;

interface OpenItem {
  line: number;
  values: Record<Field, string | null>;
  repeated: string | null;
}

/**
 * Streams the ROME XML through saxes, handing each item to the collector as
 * soon as it closes. Handlers throw FileRefused, which aborts write() at once.
 */
export async function readXmlRows(text: AsyncIterable<string>, collector: RowCollector): Promise<void> {
  const parser = new SaxesParser({ position: true });
  let depth = 0;
  let item: OpenItem | null = null;
  let field: Field | null = null;
  let elements = 0;
  let attributes = 0;

  parser.on("error", (error) => {
    throw new FileRefused(malformedXmlMessage(parser.line, error.message));
  });
  // saxes never fetches or expands anything, but any DTD is hostile or pointless here.
  parser.on("doctype", () => {
    throw new FileRefused(DOCTYPE_MESSAGE);
  });
  parser.on("xmldecl", checkEncoding);
  parser.on("opentagstart", () => {
    elements += 1;
    attributes = 0;
    if (depth >= ROME_XML_LIMITS.maxDepth)
      throw new FileRefused(
        `The XML file nests elements more than ${ROME_XML_LIMITS.maxDepth} deep (line ${parser.line}); a ROME code list is 3 deep.`,
      );
    if (elements > ROME_XML_LIMITS.maxElements)
      throw new FileRefused(
        `The XML file has more than ${ROME_XML_LIMITS.maxElements.toLocaleString("en")} elements; a ROME code list has about 3 000.`,
      );
  });
  parser.on("attribute", () => {
    attributes += 1;
    if (attributes > ROME_XML_LIMITS.maxAttributes)
      throw new FileRefused(
        `The XML file has an element with more than ${ROME_XML_LIMITS.maxAttributes} attributes (line ${parser.line}).`,
      );
  });
  parser.on("opentag", (tag) => {
    depth += 1;
    if (depth === 1) expectElement(tag.name, ROOT);
    if (depth === ITEM_DEPTH) {
      expectElement(tag.name, ITEM);
      item = { line: parser.line, values: { code: null, label: null, ogr: null }, repeated: null };
    }
    if (depth === FIELD_DEPTH && item !== null) field = openField(item, tag.name);
  });
  const appendText = (chunk: string) => {
    if (item !== null && field !== null) item.values[field] += chunk;
  };
  parser.on("text", appendText);
  parser.on("cdata", appendText);
  parser.on("closetag", () => {
    if (depth === FIELD_DEPTH) field = null;
    if (depth === ITEM_DEPTH && item !== null) {
      collectItem(item, collector);
      item = null;
    }
    depth -= 1;
  });

  for await (const chunk of text) parser.write(chunk);
  parser.close();
  if (collector.total === 0) throw new FileRefused(NOT_ROME_XML_MESSAGE);
}

function expectElement(name: string, expected: string): void {
  if (name !== expected) throw new FileRefused(NOT_ROME_XML_MESSAGE);
}

/** Starts collecting a field's text (its text content, nested markup included); null for ignored children. */
function openField(item: OpenItem, elementName: string): Field | null {
  if (!Object.hasOwn(FIELD_BY_ELEMENT, elementName)) return null;
  const field = FIELD_BY_ELEMENT[elementName as keyof typeof FIELD_BY_ELEMENT];
  if (item.values[field] !== null) item.repeated ??= elementName;
  item.values[field] = "";
  return field;
}

function collectItem(item: OpenItem, collector: RowCollector): void {
  const raw: RawRow = { line: item.line, ...item.values };
  // Two <libelle> (or <code_rome>) in one item: no way to tell which one is meant.
  if (item.repeated !== null) collector.reject(raw.line, raw.code, `repeated <${item.repeated}>`);
  else collector.add(raw);
}

/** The bytes were decoded as UTF-8; a file declaring another encoding would be misread. */
function checkEncoding(decl: XMLDecl): void {
  const encoding = decl.encoding;
  if (encoding !== undefined && !/^(utf-?8|us-ascii)$/i.test(encoding)) {
    throw new FileRefused(`The XML file declares the encoding ${quoteForMessage(encoding)}; only UTF-8 is accepted.`);
  }
}

/**
 * saxes prefixes its messages with "line:column: "; we state the line ourselves, except for text outside the
 * root element: saxes notices it where a write ends, so its line would depend on how the upload was chunked.
 */
function malformedXmlMessage(line: number, saxesMessage: string): string {
  const detail = truncateChars(saxesMessage.replace(/^\d+:\d+: /, ""), MAX_ERROR_DETAIL_CHARS);
  return detail.startsWith("text data outside of root node")
    ? `Malformed XML: ${detail}`
    : `Malformed XML at line ${line}: ${detail}`;
}
