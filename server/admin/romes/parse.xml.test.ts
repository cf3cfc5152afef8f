import { describe, expect, it } from "vitest";
import { parseRomeFile, type ParseResult } from "./parse.ts";
import { fixture, officialXml, utf8 } from "./test-support.ts";
import { ROME_XML_LIMITS } from "./xml.ts";

const DOCTYPE_MESSAGE = "The XML file declares a DOCTYPE; DTDs and entities are not accepted.";
const NOT_ROME_MESSAGE =
  "The XML file is not a ROME code list: expected <ogr><item_referentiel_code_rome>…</item_referentiel_code_rome></ogr>.";

function accepted(result: ParseResult) {
  if (!result.ok) throw new Error(`expected the file to be accepted, got: ${result.message}`);
  return result;
}

const item = (code: string, label: string) =>
  `<item_referentiel_code_rome><code_rome>${code}</code_rome><libelle>${label}</libelle></item_referentiel_code_rome>`;

describe("parseRomeFile with XML", () => {
  it("reads the 532 codes of the official file, none rejected", async () => {
    const result = accepted(await parseRomeFile(officialXml()));
    expect(result.format).toBe("xml");
    expect(result.rows).toHaveLength(532);
    expect(result.rejected).toEqual([]);
    expect(result.rows[0]).toEqual({
      code: "A1101",
      label: "Conduite d'engins agricoles et forestiers",
      ogr: 6,
      line: 2,
    });
    expect(result.rows.at(-1)).toEqual({
      code: "L1510",
      label: "Films d'animation et effets spéciaux",
      ogr: 39022,
      line: 3188,
    });
  });

  it("validates each item, keeping the good ones and explaining the others", async () => {
    const result = accepted(await parseRomeFile(fixture("rows.xml")));
    expect(result.rows).toEqual([
      { code: "A1101", label: "Conduite d'engins agricoles et forestiers", ogr: 6, line: 3 },
      { code: "A1201", label: "Bûcheronnage et élagage", ogr: null, line: 10 },
      { code: "A1205", label: "Sylviculture & <forêts> & bois", ogr: 11, line: 30 },
    ]);
    expect(result.rejected).toEqual([
      { line: 15, code: "Z1234", reason: 'invalid code "Z1234"' },
      { line: 20, code: "A1203", reason: "empty label" },
      { line: 25, code: "A1101", reason: "duplicate of line 3" },
      { line: 35, code: "A1301", reason: 'invalid ogr "-3"' },
      { line: 40, code: "A1302", reason: "repeated <libelle>" },
      { line: 45, code: null, reason: "missing code" },
    ]);
  });

  it("accepts a file whose items are all rejected, for the caller to report", async () => {
    const result = accepted(await parseRomeFile(utf8(`<ogr>${item("Z9999", "x")}${item("A1101", "")}</ogr>`)));
    expect(result.rows).toEqual([]);
    expect(result.rejected.map((row) => row.reason)).toEqual(['invalid code "Z9999"', "empty label"]);
  });

  it.each(["xxe.xml", "billion-laughs.xml", "external-dtd.xml"])("refuses any DOCTYPE (%s)", async (name) => {
    expect(await parseRomeFile(fixture(name))).toEqual({ ok: false, message: DOCTYPE_MESSAGE });
  });

  it("refuses a bare DOCTYPE too", async () => {
    const result = await parseRomeFile(utf8(`<!DOCTYPE ogr><ogr>${item("A1101", "x")}</ogr>`));
    expect(result).toEqual({ ok: false, message: DOCTYPE_MESSAGE });
  });

  it("never resolves entities other than the five predefined ones", async () => {
    const result = await parseRomeFile(utf8(`<ogr>${item("A1101", "&nbsp;")}</ogr>`));
    expect(result).toEqual({ ok: false, message: "Malformed XML at line 1: undefined entity." });
  });

  it("reports malformed XML with the line where the parser stopped", async () => {
    expect(await parseRomeFile(fixture("malformed.xml"))).toEqual({
      ok: false,
      message: expect.stringMatching(/^Malformed XML at line 10: /),
    });
  });

  it.each([
    ["an unclosed root", `<ogr>${item("A1101", "x")}`],
    ["text after the root", `<ogr>${item("A1101", "x")}</ogr>garbage`],
    ["two roots", `<ogr>${item("A1101", "x")}</ogr><ogr/>`],
    ["an unquoted attribute", `<ogr a=1>${item("A1101", "x")}</ogr>`],
    ["whitespace before the XML declaration", `\n<?xml version="1.0"?><ogr>${item("A1101", "x")}</ogr>`],
  ])("refuses malformed XML: %s", async (_, xml) => {
    const result = await parseRomeFile(utf8(xml));
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^Malformed XML(?: at line \d+)?: ./) });
  });

  it.each([
    ["a root other than <ogr>", fixture("wrong-root.xml")],
    ["items other than <item_referentiel_code_rome>", fixture("wrong-item.xml")],
    ["no items", utf8("<ogr>\n</ogr>")],
    ["an empty root", utf8("<ogr/>")],
    ["an HTML page", utf8("<html><body><p>A1101</p></body></html>")],
  ])("refuses XML that is not a ROME list: %s", async (_, bytes) => {
    expect(await parseRomeFile(bytes)).toEqual({ ok: false, message: NOT_ROME_MESSAGE });
  });

  it("ignores unknown children, attributes, comments and processing instructions", async () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?><?xml-stylesheet href="x.xsl"?><!-- v3.46 --><ogr version="346">
<item_referentiel_code_rome id="1"><extra><code_rome>B0000</code_rome></extra><code_rome>A1101</code_rome><libelle>Conduite</libelle></item_referentiel_code_rome></ogr>`;
    const result = accepted(await parseRomeFile(utf8(xml)));
    expect(result.rows).toEqual([{ code: "A1101", label: "Conduite", ogr: null, line: 2 }]);
  });

  it("refuses an XML declaration of another encoding, as the bytes are read as UTF-8", async () => {
    const result = await parseRomeFile(
      utf8(`<?xml version="1.0" encoding="ISO-8859-1"?><ogr>${item("A1101", "x")}</ogr>`),
    );
    expect(result).toEqual({
      ok: false,
      message: 'The XML file declares the encoding "ISO-8859-1"; only UTF-8 is accepted.',
    });
  });

  it(`refuses elements nested more than ${ROME_XML_LIMITS.maxDepth} deep, more than ${ROME_XML_LIMITS.maxElements} elements, and more than ${ROME_XML_LIMITS.maxAttributes} attributes on one (decision 0142)`, async () => {
    const nested = (depth: number) =>
      `<ogr>${item("A1101", `${"<b>".repeat(depth - 3)}x${"</b>".repeat(depth - 3)}`)}</ogr>`;
    accepted(await parseRomeFile(utf8(nested(ROME_XML_LIMITS.maxDepth))));
    expect(await parseRomeFile(utf8(nested(ROME_XML_LIMITS.maxDepth + 1)))).toEqual({
      ok: false,
      message: `The XML file nests elements more than ${ROME_XML_LIMITS.maxDepth} deep (line 1); a ROME code list is 3 deep.`,
    });
    const crowded = (count: number) => `<ogr>${item("A1101", "<b/>".repeat(count - 4))}</ogr>`;
    accepted(await parseRomeFile(utf8(crowded(ROME_XML_LIMITS.maxElements))));
    expect(await parseRomeFile(utf8(crowded(ROME_XML_LIMITS.maxElements + 1)))).toEqual({
      ok: false,
      message: `The XML file has more than ${ROME_XML_LIMITS.maxElements.toLocaleString("en")} elements; a ROME code list has about 3 000.`,
    });
    const attributes = (count: number) =>
      `<ogr ${Array.from({ length: count }, (_, index) => `a${index}="1"`).join(" ")}>${item("A1101", "x")}</ogr>`;
    accepted(await parseRomeFile(utf8(attributes(ROME_XML_LIMITS.maxAttributes))));
    expect(await parseRomeFile(utf8(attributes(ROME_XML_LIMITS.maxAttributes + 1)))).toEqual({
      ok: false,
      message: `The XML file has an element with more than ${ROME_XML_LIMITS.maxAttributes} attributes (line 1).`,
    });
  });

  it("detects XML from the content whatever the file name says", async () => {
    const result = accepted(await parseRomeFile(utf8(`<ogr>${item("A1101", "x")}</ogr>`), { filename: "rome.csv" }));
    expect(result.format).toBe("xml");
  });
});
