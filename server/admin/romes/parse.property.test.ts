import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCsv } from "./export.ts";
import { parseRomeFile, type ParseResult } from "./parse.ts";
import { inChunks, utf8 } from "./test-support.ts";

/** Fragments that steer random input into the XML and CSV code paths, not just the UTF-8 check. */
const FRAGMENTS = [
  "<ogr>",
  "</ogr>",
  "<item_referentiel_code_rome>",
  "</item_referentiel_code_rome>",
  "<code_rome>",
  "</code_rome>",
  "<libelle>",
  "</libelle>",
  "<code_ogr>",
  "</code_ogr>",
  "<statut1>1</statut1>",
  "<x/>",
  "<![CDATA[",
  "]]>",
  '<!DOCTYPE ogr [<!ENTITY e "x">]>',
  '<?xml version="1.0"?>',
  "&amp;",
  "&e;",
  "<!--",
  "-->",
  "code_ogr,code_rome,libelle\n",
  "code,libelle\r\n",
  "A1101",
  "a1201",
  "Z9999",
  "42",
  ",",
  '"',
  '""',
  "\n",
  "\r",
  " ",
  "é",
  "\u00a0",
  "\t",
  "\uFEFF",
];

const textLike = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }).map((parts) => utf8(parts.join("")));
const anyBytes = fc.uint8Array({ maxLength: 2000 });

/** Rows as a file could hold them: mostly valid codes, labels with characters that need quoting or escaping. */
const fileRows = fc.array(
  fc.record({
    code: fc.oneof(fc.stringMatching(/^[A-Na-n]\d{4}$/), fc.constantFrom("", " A1101 ", "Z1234", "A123")),
    label: fc.string({
      unit: fc.constantFrom("a", "é", " ", ",", '"', "\n", "\t", "<", ">", "&", "'", "\u00a0"),
      maxLength: 30,
    }),
    ogr: fc.option(fc.integer({ min: -1, max: 3_000_000_000 }), { nil: null }),
  }),
  { minLength: 1, maxLength: 20 },
);
type FileRow = { code: string; label: string; ogr: number | null };

const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const asXml = (rows: FileRow[]) =>
  utf8(
    `<ogr>\n${rows
      .map(
        (row) =>
          `<item_referentiel_code_rome>\n<code_ogr>${row.ogr ?? ""}</code_ogr>\n<code_rome>${escapeXml(row.code)}</code_rome>\n` +
          `<libelle>${escapeXml(row.label)}</libelle>\n</item_referentiel_code_rome>\n`,
      )
      .join("")}</ogr>\n`,
  );
const asCsv = (rows: FileRow[]) => utf8(toCsv(rows));
const withoutLines = (result: ParseResult) =>
  result.ok
    ? {
        rows: result.rows.map(({ code, label, ogr }) => ({ code, label, ogr })),
        rejected: result.rejected.map(({ code, reason }) => ({ code, reason: reason.replace(/line \d+/, "line N") })),
      }
    : result;
const chunkSizes = fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 5 });

function checkShape(result: ParseResult): void {
  if (!result.ok) {
    expect(result.message).toMatch(/^\S.{0,400}$/s);
    return;
  }
  expect(result.rows.length + result.rejected.length).toBeGreaterThan(0);
  for (const row of result.rows) {
    expect(row.code).toMatch(/^[A-N]\d{4}$/);
    expect(row.label).toMatch(/^\S(.{0,198}\S)?$/u);
  }
}

describe("parseRomeFile on arbitrary input", () => {
  it("never throws on random bytes, whatever the chunking", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyBytes, textLike, fileRows.map(asXml), fileRows.map(asCsv)),
        chunkSizes,
        fc.integer({ min: 1, max: 3000 }),
        async (bytes, sizes, maxBytes) => {
          checkShape(await parseRomeFile(bytes, { maxBytes }));
          checkShape(await parseRomeFile(inChunks(bytes, sizes), { maxBytes }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the same result however the input is chunked", async () => {
    // Found by this property: text after the XML declaration and a CRLF, one byte at a time.
    const textOutsideRoot = new TextEncoder().encode('<?xml version="1.0"?>code,libelle\r\n');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(textLike, fileRows.map(asXml), fileRows.map(asCsv)),
        chunkSizes,
        async (bytes, sizes) => {
          expect(await parseRomeFile(inChunks(bytes, sizes))).toEqual(await parseRomeFile(bytes));
        },
      ),
      { numRuns: 300, examples: [[textOutsideRoot, [1]]] },
    );
  });

  it("reads the same rows from the XML and the CSV form of a file", async () => {
    await fc.assert(
      fc.asyncProperty(fileRows, async (rows) => {
        const fromXml = await parseRomeFile(asXml(rows));
        const fromCsv = await parseRomeFile(asCsv(rows));
        expect(fromXml.ok && fromXml.rows.length + fromXml.rejected.length).toBe(rows.length);
        expect(withoutLines(fromCsv)).toEqual(withoutLines(fromXml));
      }),
      { numRuns: 300 },
    );
  });
});
