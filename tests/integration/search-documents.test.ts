/**
 * PostgreSQL reads a search entry's document in its binary form (server/search/index-form.ts, decision 0238) as the
 * tsvector of the plainest literal of the same terms: each term at its position with its part's weight, repeats and
 * all, which PostgreSQL's literal input merges, sorts, clamps (the last position, 256 positions a lexeme) itself;
 * only lexemes too long for it are left out, as to_tsvector does. For texts in many scripts and the limits' edges.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/connect.ts";
import { MAX_LEXEME_BYTES, quoteLexeme } from "#server/db/full-text-form.ts";
import { postgresDocument } from "#server/search/index-form.ts";
import { termsOf } from "#server/search/terms.ts";
import { createTestDatabase, testConfig, type TestDatabase } from "./support.ts";

const WORDS = [
  "Running",
  "dogs",
  "maisons",
  "ça",
  "Straße",
  "don't",
  "العربية",
  "日本語のテキスト",
  "Ελλάδα",
  "x",
  "42",
  "é".repeat(700),
];
const text = fc.array(fc.constantFrom(...WORDS, " ", ", ", "\n"), { maxLength: 40 }).map((parts) => parts.join(" "));

describe("a search document in tsvector's binary form (PostgreSQL)", () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    handle = openDatabase(testConfig(database.url).database);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  /** PostgreSQL's text of the binary document and of the plainest literal of the same terms. */
  async function read(parts: Parameters<typeof postgresDocument>[0], code: string) {
    let position = 0;
    const literal = parts
      .flatMap(([text, weight]) => termsOf(text, code).map((term) => [term, `${++position}${weight}`] as const))
      .filter(([term]) => Buffer.byteLength(term) <= MAX_LEXEME_BYTES)
      .map(([term, at]) => `${quoteLexeme(term)}:${at}`)
      .join(" ");
    const { rows } = await sql<{ binary: string; literal: string }>`select
      ${postgresDocument(parts, code)}::tsvector::text as binary, ${literal}::tsvector::text as literal`.execute(
      handle.db,
    );
    return rows[0]!;
  }

  it("is read as the tsvector its literal is, for texts of many scripts in three weighted parts", async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        text,
        fc.constantFrom("en-US", "fr-FR", "ar", "ja-JP", "xx"),
        async (title, summary, body, code) => {
          const { binary, literal } = await read(
            [
              [title, "A"],
              [summary, "B"],
              [body, "C"],
            ],
            code,
          );
          expect(binary).toBe(literal);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps the limits as the literal does: 256 positions, the last position, a lexeme's bytes", async () => {
    const limits = [
      "word ".repeat(300),
      `${"filler ".repeat(16_400)}last`,
      `short ${"x".repeat(2_048)} é${"e".repeat(1_023)} ${"ж".repeat(1_024)} ok`,
    ];
    for (const limit of limits) {
      const { binary, literal } = await read(
        [
          ["Title", "A"],
          ["", "B"],
          [limit, "C"],
        ],
        "en-US",
      );
      expect(binary).toBe(literal);
    }
    // Past the last position a term is there once, with the highest of its parts' weights.
    const { binary } = await read(
      [
        [`${"filler ".repeat(16_400)}late`, "A"],
        ["late", "B"],
      ],
      "en-US",
    );
    expect(binary).toMatch(/'late':16383A$/);
  });
});
