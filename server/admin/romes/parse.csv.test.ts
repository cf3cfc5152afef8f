import { describe, expect, it } from "vitest";
import { MAX_IMPORT_ROWS, parseRomeFile, type ParseResult } from "./parse.ts";
import { MAX_CSV_RECORD_CHARS } from "./csv.ts";
import { fixture, officialCsv, officialXml, utf8 } from "./test-support.ts";

function accepted(result: ParseResult) {
  if (!result.ok) throw new Error(`expected the file to be accepted, got: ${result.message}`);
  return result;
}

const EXPECTED_HEADER = '"code_ogr,code_rome,libelle" (or "code_rome,libelle" or "code,libelle")';

describe("parseRomeFile with CSV", () => {
  it("reads the 532 codes of the official CSV, the same rows as the official XML", async () => {
    const csv = accepted(await parseRomeFile(officialCsv()));
    const xml = accepted(await parseRomeFile(officialXml()));
    expect(csv.format).toBe("csv");
    expect(csv.rows).toHaveLength(532);
    expect(csv.rejected).toEqual([]);
    const withoutLine = ({ code, label, ogr }: { code: string; label: string; ogr: number | null }) => ({
      code,
      label,
      ogr,
    });
    expect(csv.rows.map(withoutLine)).toEqual(xml.rows.map(withoutLine));
    expect(csv.rows.at(-1)?.line).toBe(533);
  });

  it("validates each record, keeping the good ones and explaining the others", async () => {
    const result = accepted(await parseRomeFile(fixture("rows.csv")));
    expect(result.rows).toEqual([
      { code: "A1101", label: "Conduite d'engins agricoles et forestiers", ogr: 6, line: 2 },
      { code: "A1201", label: "Bûcheronnage et élagage", ogr: null, line: 3 },
      { code: "A1205", label: 'Sylviculture, "forêts" et bois', ogr: 11, line: 8 },
    ]);
    expect(result.rejected).toEqual([
      { line: 5, code: "Z1234", reason: 'invalid code "Z1234"' },
      { line: 6, code: "A1203", reason: "empty label" },
      { line: 7, code: "A1101", reason: "duplicate of line 2" },
      { line: 9, code: "A1301", reason: 'invalid ogr "x"' },
      { line: 10, code: "A123", reason: 'invalid code "A123"' },
      { line: 11, code: null, reason: "missing code" },
    ]);
  });

  it.each([
    ["code_ogr,code_rome,libelle", "6,A1101,Conduite", 6],
    ["code_rome,libelle", "A1101,Conduite", null],
    ["code,libelle", "A1101,Conduite", null],
    ["\uFEFF Code_ROME , Libelle ", "A1101,Conduite", null],
  ])("accepts the header %j", async (header, record, ogr) => {
    const result = accepted(await parseRomeFile(utf8(`${header}\n${record}\n`)));
    expect(result.rows).toEqual([{ code: "A1101", label: "Conduite", ogr, line: 2 }]);
  });

  it("refuses known columns in another order, like any unknown header", async () => {
    const result = await parseRomeFile(utf8("libelle,code_rome\nConduite,A1101\n"));
    expect(result).toEqual({
      ok: false,
      message: `The CSV header is "libelle,code_rome"; expected ${EXPECTED_HEADER}.`,
    });
  });

  it("refuses an unknown header, naming the expected one", async () => {
    expect(await parseRomeFile(fixture("bad-header.csv"))).toEqual({
      ok: false,
      message: `The CSV header is "ogr;rome;label"; expected ${EXPECTED_HEADER}.`,
    });
  });

  it("bounds the header quoted back in the message", async () => {
    const result = await parseRomeFile(utf8(`${"x".repeat(10_000)}\nA1101,Conduite\n`));
    expect(result).toEqual({
      ok: false,
      message: `The CSV header is "${"x".repeat(40)}…"; expected ${EXPECTED_HEADER}.`,
    });
  });

  it("refuses an unclosed quote, at the line where the record starts", async () => {
    expect(await parseRomeFile(fixture("unclosed-quote.csv"))).toEqual({
      ok: false,
      message: "Malformed CSV at line 3: a quoted field is never closed.",
    });
  });

  it("refuses a record with the wrong number of fields", async () => {
    expect(await parseRomeFile(fixture("wrong-field-count.csv"))).toEqual({
      ok: false,
      message: "Malformed CSV at line 3: expected 3 fields, found 4.",
    });
  });

  it("refuses a stray quote inside a field", async () => {
    const result = await parseRomeFile(utf8('code,libelle\nA1101,Conduite\nA1201,Bûcheronnage "et" élagage\n'));
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^Malformed CSV at line 3: /) });
  });

  it("accepts CRLF, LF, CR and blank lines, with the right line numbers", async () => {
    const result = accepted(
      await parseRomeFile(utf8("code,libelle\r\nA1101,Un\nA1201,Deux\rA1202,Trois\r\n\r\n\nA1203,Quatre")),
    );
    expect(result.rows.map((row) => [row.code, row.line])).toEqual([
      ["A1101", 2],
      ["A1201", 3],
      ["A1202", 4],
      ["A1203", 7],
    ]);
  });

  it("refuses content that is not XML in a file named .xml", async () => {
    expect(await parseRomeFile(utf8("code,libelle\nA1101,Conduite\n"), { filename: "ROME.XML" })).toEqual({
      ok: false,
      message: "The file is named .xml but does not contain XML (it must start with <).",
    });
  });

  it.each([
    ["a header and no records", "code_ogr,code_rome,libelle\r\n"],
    ["only blank lines after the header", "code,libelle\n\n\n"],
  ])("refuses a file with %s", async (_, csv) => {
    expect(await parseRomeFile(utf8(csv))).toEqual({ ok: false, message: "The file contains no ROME codes." });
  });

  it("accepts a file whose rows are all rejected, for the caller to report", async () => {
    const result = accepted(await parseRomeFile(utf8("code,libelle\n,\nB,x\n")));
    expect(result.rows).toEqual([]);
    expect(result.rejected).toHaveLength(2);
  });

  it(`accepts ${MAX_IMPORT_ROWS} rows and refuses one more`, async () => {
    const records = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `A${String(i).padStart(4, "0")},Métier ${i}`);
    const atLimit = accepted(await parseRomeFile(utf8(["code,libelle", ...records.slice(0, -1)].join("\n"))));
    expect(atLimit.rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(await parseRomeFile(utf8(["code,libelle", ...records].join("\n")))).toEqual({
      ok: false,
      message: `The file has more than ${MAX_IMPORT_ROWS} rows.`,
    });
  });
});

describe("row validation", () => {
  const parseRecords = async (...records: string[]) =>
    accepted(await parseRomeFile(utf8(["code_ogr,code_rome,libelle", ...records].join("\n"))));
  const reasons = async (...records: string[]) => (await parseRecords(...records)).rejected.map((row) => row.reason);

  it("uppercases and trims codes", async () => {
    const result = await parseRecords("1, a1101 ,Conduite", "2,n9999,Fin");
    expect(result.rows.map((row) => row.code)).toEqual(["A1101", "N9999"]);
  });

  it("rejects codes outside A–N or not one letter and four digits", async () => {
    expect(await reasons("1,Z1234,x", "2,A123,x", "3,A12345,x", "4,O1101,x", "5,A1١01,x", "6,,x")).toEqual([
      'invalid code "Z1234"',
      'invalid code "A123"',
      'invalid code "A12345"',
      'invalid code "O1101"',
      'invalid code "A1١01"',
      "missing code",
    ]);
  });

  it("bounds a long invalid code in the reason and in the rejected row", async () => {
    const result = await parseRecords(`1,${"Q".repeat(100)},x`);
    expect(result.rejected).toEqual([
      { line: 2, code: `${"Q".repeat(20)}…`, reason: `invalid code "${"Q".repeat(40)}…"` },
    ]);
  });

  it("collapses whitespace in labels, NFC-normalizes them and bounds their length", async () => {
    const result = await parseRecords(
      '1,A1101,"  Conduite\t d\'engins \u00a0 agricoles "',
      "2,A1201,Be\u0302cheronnage",
      `3,A1202,${"é".repeat(200)}`,
      `4,A1203,${"é".repeat(201)}`,
      "5,A1204,   ",
      "6,A1205,Bip\u0007",
    );
    expect(result.rows.map((row) => row.label)).toEqual([
      "Conduite d'engins agricoles",
      "Bêcheronnage",
      "é".repeat(200),
    ]);
    expect(result.rejected.map((row) => row.reason)).toEqual([
      "label longer than 200 characters",
      "empty label",
      "label contains control characters",
    ]);
  });

  it("accepts an optional positive ogr and rejects anything else", async () => {
    const result = await parseRecords("007,A1101,x", ",A1201,x", "2147483647,A1202,x");
    expect(result.rows.map((row) => row.ogr)).toEqual([7, null, 2147483647]);
    expect(await reasons("0,A1101,x", "-1,A1201,x", "1.5,A1202,x", "1e3,A1203,x", "2147483648,A1204,x")).toEqual([
      'invalid ogr "0"',
      'invalid ogr "-1"',
      'invalid ogr "1.5"',
      'invalid ogr "1e3"',
      'invalid ogr "2147483648"',
    ]);
  });

  it("rejects later duplicates, after uppercasing, pointing at the first occurrence", async () => {
    const result = await parseRecords("1,A1101,Un", "2,a1101,Deux", "3,A1101,Trois");
    expect(result.rows).toEqual([{ code: "A1101", label: "Un", ogr: 1, line: 2 }]);
    expect(result.rejected).toEqual([
      { line: 3, code: "A1101", reason: "duplicate of line 2" },
      { line: 4, code: "A1101", reason: "duplicate of line 2" },
    ]);
  });

  it("does not count a rejected row as the first occurrence of its code", async () => {
    const result = await parseRecords("1,A1101,", "2,A1101,Conduite");
    expect(result.rows).toEqual([{ code: "A1101", label: "Conduite", ogr: 2, line: 3 }]);
    expect(result.rejected).toEqual([{ line: 2, code: "A1101", reason: "empty label" }]);
  });

  it(`refuses a record of more than ${MAX_CSV_RECORD_CHARS} characters (decision 0142)`, async () => {
    const label = (length: number) => `code,libelle\nA1101,"${"x".repeat(length)}"\n`;
    // Read, then rejected as a row: a label that long is not a ROME label.
    expect(accepted(await parseRomeFile(utf8(label(MAX_CSV_RECORD_CHARS - 5)))).rejected).toHaveLength(1);
    const refused = await parseRomeFile(utf8(label(MAX_CSV_RECORD_CHARS)));
    expect(refused).toEqual({
      ok: false,
      message: `Malformed CSV at line 2: a record is longer than ${MAX_CSV_RECORD_CHARS.toLocaleString("en")} characters.`,
    });
  });
});
