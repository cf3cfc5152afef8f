import { describe, expect, it } from "vitest";
import { quoteLexeme } from "#server/db/full-text-form.ts";
import { indexForm, postgresDocument as binaryDocument, sqliteTerms } from "./index-form.ts";

/** Weights by their two bits in a position of tsvector's binary form. */
const WEIGHTS = ["D", "C", "B", "A"] as const;

/** A tsvector in its binary form written as a literal, its lexemes in the document's order. */
function tsvectorLiteral(document: Uint8Array): string {
  const bytes = Buffer.from(document.buffer, document.byteOffset, document.byteLength);
  const lexemes: string[] = [];
  let at = 4;
  for (let count = bytes.readUInt32BE(0); count > 0; count--) {
    const end = bytes.indexOf(0, at);
    const lexeme = bytes.toString("utf8", at, end);
    at = end + 1;
    const positions: string[] = [];
    for (let left = bytes.readUInt16BE(at), next = at + 2; left > 0; left--, next += 2) {
      const value = bytes.readUInt16BE(next);
      positions.push(`${value & 0x3fff}${WEIGHTS[value >> 14]}`);
    }
    at += 2 + 2 * positions.length;
    lexemes.push(positions.length === 0 ? quoteLexeme(lexeme) : `${quoteLexeme(lexeme)}:${positions.join(",")}`);
  }
  if (at !== bytes.length) throw new Error(`tsvector: ${bytes.length - at} bytes after the last lexeme`);
  return lexemes.join(" ");
}

const postgresDocument = (...args: Parameters<typeof binaryDocument>) => tsvectorLiteral(binaryDocument(...args));

describe("postgresDocument (its binary form, read back as a literal)", () => {
  it("numbers the terms across the parts, each position with its part's weight", () => {
    expect(
      postgresDocument(
        [
          ["Running dogs", "A"],
          ["", "B"],
          ["The dog runs", "C"],
        ],
        "en-US",
      ),
    ).toBe("'run':1A,5C 'dog':2A,4C 'the':3C");
  });

  it("quotes lexemes, doubling quotes and escaping backslashes", () => {
    expect(postgresDocument([["Maisons ça", "A"]], "fr-FR")).toBe("'maison':1A 'ca':2A");
    expect(quoteLexeme("it's")).toBe("'it''s'");
    expect(quoteLexeme("a\\b")).toBe("'a\\\\b'");
  });

  it("keeps a term's first 256 positions, counts positions past 16 383 as 16 383, and leaves out terms longer than a lexeme can be", () => {
    const many = postgresDocument([[Array.from({ length: 300 }, () => "word").join(" "), "C"]], "xx");
    expect(many.split(",")).toHaveLength(256);
    expect(many.endsWith(",256C")).toBe(true);
    const late = postgresDocument([[`${"filler ".repeat(16_400)}last`, "C"]], "xx");
    expect(late).toMatch(/'last':16383C$/);
    expect(late).toMatch(/^'filler':1C,2C,/);
    expect(postgresDocument([[`short ${"x".repeat(2_048)} é${"e".repeat(1_023)}`, "C"]], "xx")).toBe(
      `'short':1C 'e${"e".repeat(1_023)}':3C`,
    );
    // Over the limit in UTF-8 bytes though not in characters.
    expect(postgresDocument([[`${"ж".repeat(1_024)} ok`, "C"]], "xx")).toBe("'ok':2C");
  });
});

describe("indexForm", () => {
  it("gives SQLite's three columns and PostgreSQL's one document, from the same terms", () => {
    const entry = { title: "Running", summary: "Dogs", body_text: "Houses" };
    expect(indexForm("sqlite", entry, "en-US")).toEqual([sqliteTerms("Running", "en-US"), "enus_dog", "enus_hous"]);
    const [document] = indexForm("postgres", entry, "en-US");
    expect(tsvectorLiteral(document as Uint8Array)).toBe("'run':1A 'dog':2B 'hous':3C");
  });
});
