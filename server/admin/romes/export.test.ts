import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./export.ts";
import { parseRomeFile, type ParseResult } from "./parse.ts";
import { officialCsv, utf8 } from "./test-support.ts";

function accepted(result: ParseResult) {
  if (!result.ok) throw new Error(`expected the file to be accepted, got: ${result.message}`);
  return result;
}

describe("csvField", () => {
  it.each([
    ["Sylviculture", "Sylviculture"],
    ["Polyculture, élevage", '"Polyculture, élevage"'],
    ['Dit "le chef"', '"Dit ""le chef"""'],
    ["deux\nlignes", '"deux\nlignes"'],
    ["retour\r", '"retour\r"'],
    ["", ""],
    [" espaces ", " espaces "],
    ["=1+1", "'=1+1"],
    ["@SUM(A1), x", '"\'@SUM(A1), x"'],
    ["\rcmd", '"\'\rcmd"'],
  ])("writes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe("toCsv", () => {
  it("writes the official header and CRLF lines, an empty field for a missing ogr", () => {
    const csv = toCsv([
      { code: "A1101", ogr: 6, label: "Conduite d'engins agricoles et forestiers" },
      { code: "A1416", ogr: null, label: "Polyculture, élevage" },
    ]);
    expect(csv).toBe(
      'code_ogr,code_rome,libelle\r\n6,A1101,Conduite d\'engins agricoles et forestiers\r\n,A1416,"Polyculture, élevage"\r\n',
    );
  });

  it("reproduces the official CSV byte for byte from its parsed rows", async () => {
    const official = officialCsv();
    const parsed = accepted(await parseRomeFile(official));
    const exported = toCsv(parsed.rows);
    expect(exported).toBe(new TextDecoder().decode(official)); // readable diff on failure
    expect(Buffer.from(exported, "utf8").equals(official)).toBe(true); // no BOM, same final CRLF
  });

  it("re-imports to the same rows", async () => {
    const jobs = fc.uniqueArray(
      fc.record({
        code: fc.stringMatching(/^[A-N]\d{4}$/),
        ogr: fc.option(fc.integer({ min: 1, max: 2_147_483_647 }), { nil: null }),
        // Already normalized, as labels stored by an import are.
        label: fc
          .string({
            unit: fc.constantFrom("a", "É", " ", ",", '"', "'", ";", "=", "+", "-", "@"),
            minLength: 1,
            maxLength: 40,
          })
          .map((label) => label.replace(/ +/g, " ").trim())
          .filter((label) => label !== ""),
      }),
      { minLength: 1, maxLength: 30, selector: (job) => job.code },
    );
    await fc.assert(
      fc.asyncProperty(jobs, async (exported) => {
        const reimported = accepted(await parseRomeFile(utf8(toCsv(exported))));
        expect(reimported.rejected).toEqual([]);
        expect(reimported.rows.map(({ code, ogr, label }) => ({ code, ogr, label }))).toEqual(exported);
      }),
    );
  });
});
