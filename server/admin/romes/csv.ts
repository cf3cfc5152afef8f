import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";
import { restoreNeutralized } from "./formula.ts";
import { FileRefused, quoteForMessage, truncateChars } from "./refusal.ts";
import type { RawRow, RowCollector } from "./rows.ts";

/** Accepted headers, the official one first. */
const HEADERS = ["code_ogr,code_rome,libelle", "code_rome,libelle", "code,libelle"];
const ROLE_BY_COLUMN = { code_ogr: "ogr", code_rome: "code", code: "code", libelle: "label" } as const;
const MAX_ERROR_DETAIL_CHARS = 200;
/** Characters of one record's fields together (decision 0142): a ROME label is under 200. */
export const MAX_CSV_RECORD_CHARS = 64 * 1024;
type Role = (typeof ROLE_BY_COLUMN)[keyof typeof ROLE_BY_COLUMN];

/** What the header tells us: how many fields each record has, and where each role is. */
interface CsvLayout {
  fieldCount: number;
  indexByRole: Partial<Record<Role, number>>;
}

/** What csv-parse yields with `info: true`. */
interface CsvEntry {
  record: string[];
  info: { lines: number };
}

/**
 * Streams the CSV through csv-parse. The first record is the header; every
 * later record becomes a row and must have the header's field count.
 */
export async function readCsvRows(text: AsyncIterable<string>, collector: RowCollector): Promise<void> {
  // Tracked synchronously in the parser: records still buffered are dropped when it fails.
  let lastRecordLine = 0;
  const parser = parse({
    info: true,
    skip_empty_lines: true,
    // We check the field count ourselves, against the header, to word the message.
    relax_column_count: true,
    max_record_size: MAX_CSV_RECORD_CHARS,
    // Explicit so files with mixed line endings (edited on several systems) still parse.
    record_delimiter: ["\r\n", "\n", "\r"],
    on_record: (entry, context) => {
      lastRecordLine = context.lines;
      return entry;
    },
  });
  const collectEntries = async (entries: AsyncIterable<CsvEntry>) => {
    let layout: CsvLayout | null = null;
    for await (const { record, info } of entries) {
      const line = recordStartLine(info.lines, record);
      if (layout === null) {
        layout = readHeader(record);
      } else if (record.length !== layout.fieldCount) {
        throw new FileRefused(
          `Malformed CSV at line ${line}: expected ${layout.fieldCount} fields, found ${record.length}.`,
        );
      } else {
        collector.add(rawRow(record, layout, line));
      }
    }
  };
  try {
    await pipeline(text, parser, collectEntries);
  } catch (error) {
    if (error instanceof CsvError) throw new FileRefused(malformedCsvMessage(error, lastRecordLine));
    throw error;
  }
}

function readHeader(header: string[]): CsvLayout {
  const names = header.map((name) => name.trim().toLowerCase());
  if (!HEADERS.includes(names.join(","))) {
    const [official, ...others] = HEADERS.map((known) => JSON.stringify(known));
    throw new FileRefused(
      `The CSV header is ${quoteForMessage(header.join(","))}; expected ${official} (or ${others.join(" or ")}).`,
    );
  }
  const indexByRole: CsvLayout["indexByRole"] = {};
  names.forEach((name, index) => {
    indexByRole[ROLE_BY_COLUMN[name as keyof typeof ROLE_BY_COLUMN]] = index;
  });
  return { fieldCount: names.length, indexByRole };
}

function rawRow(record: string[], layout: CsvLayout, line: number): RawRow {
  const field = (role: Role) => {
    const index = layout.indexByRole[role];
    const value = index === undefined ? undefined : record[index];
    return value === undefined ? null : restoreNeutralized(value);
  };
  return { line, code: field("code"), label: field("label"), ogr: field("ogr") };
}

/** csv-parse reports the line a record ends on; quoted fields may span lines. */
function recordStartLine(endLine: number, record: string[]): number {
  const innerLineBreaks = record.join("").match(/\r\n|\r|\n/g)?.length ?? 0;
  return endLine - innerLineBreaks;
}

function malformedCsvMessage(error: CsvError, lastRecordLine: number): string {
  // csv-parse reports an unclosed quote at the end of the file; where it opened is more useful.
  if (error.code === "CSV_QUOTE_NOT_CLOSED") {
    return `Malformed CSV at line ${lastRecordLine + 1}: a quoted field is never closed.`;
  }
  const line = typeof error["lines"] === "number" ? error["lines"] : lastRecordLine + 1;
  if (error.code === "CSV_MAX_RECORD_SIZE")
    return `Malformed CSV at line ${line}: a record is longer than ${MAX_CSV_RECORD_CHARS.toLocaleString("en")} characters.`;
  // csv-parse may quote file content in its message: keep it bounded.
  return `Malformed CSV at line ${line}: ${truncateChars(error.message, MAX_ERROR_DETAIL_CHARS)}`;
}
