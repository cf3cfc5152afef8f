import { runOffThreadForRequest } from "#server/untrusted/off-thread.ts";
import { readCsvRows } from "./csv.ts";
import { FileRefused } from "./refusal.ts";
import type { RejectedRow } from "#core/admin/romes/schema.ts";
import { RowCollector, type RomeRow } from "./rows.ts";
import { decodeUtf8Text } from "./text.ts";
import { readXmlRows } from "./xml.ts";

export type { RejectedRow, RomeRow };

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024; // official XML is ~100 KB
export const MAX_IMPORT_ROWS = 5000;

export type ParseResult =
  | { ok: true; format: "xml" | "csv"; rows: RomeRow[]; rejected: RejectedRow[] }
  // The whole file is refused: nothing may be applied.
  | { ok: false; message: string };

export interface ParseOptions {
  /** Only used to word a message when the name promises XML but the content is not. */
  filename?: string;
  maxBytes?: number;
}

type Format = "xml" | "csv";

const NO_CODES_MESSAGE = "The file contains no ROME codes.";

/**
 * Turns an uploaded ROME file (official XML or CSV) into validated rows,
 * streaming it chunk by chunk. Bad rows are listed in `rejected`; a hostile,
 * malformed or oversized file is refused as a whole.
 */
export async function parseRomeFile(
  input: AsyncIterable<Uint8Array> | Uint8Array,
  opts: ParseOptions = {},
): Promise<ParseResult> {
  const text = decodeUtf8Text(input, opts.maxBytes ?? MAX_IMPORT_BYTES);
  try {
    const format = await detectFormat(text);
    if (format === null) return { ok: false, message: NO_CODES_MESSAGE };
    if (format.name === "csv" && /\.xml$/i.test(opts.filename ?? "")) {
      return { ok: false, message: "The file is named .xml but does not contain XML (it must start with <)." };
    }
    const collector = new RowCollector(MAX_IMPORT_ROWS);
    const read = format.name === "xml" ? readXmlRows : readCsvRows;
    await read(format.text, collector);
    if (collector.total === 0) return { ok: false, message: NO_CODES_MESSAGE };
    return { ok: true, format: format.name, rows: collector.rows, rejected: collector.rejected };
  } catch (error) {
    if (error instanceof FileRefused) return { ok: false, message: error.message };
    throw error;
  } finally {
    // Stops the upload iterator if a reader gave up early.
    await text.return(undefined);
  }
}

/**
 * Reads just enough text to see the first non-whitespace character: "<" means
 * XML, anything else CSV. Returns null for an empty or blank file. The text
 * already read is replayed in front of the rest.
 */
async function detectFormat(
  text: AsyncGenerator<string>,
): Promise<{ name: Format; text: AsyncIterable<string> } | null> {
  let head = "";
  for await (const chunk of textUntilBreak(text)) {
    head += chunk;
    const first = head.trimStart()[0];
    if (first !== undefined) return { name: first === "<" ? "xml" : "csv", text: replay(head, text) };
  }
  return null;
}

/** Iterates without closing the generator when the loop breaks, so the rest can still be read. */
async function* textUntilBreak(text: AsyncGenerator<string>): AsyncGenerator<string> {
  for (let next = await text.next(); next.done !== true; next = await text.next()) yield next.value;
}

async function* replay(head: string, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield head;
  yield* textUntilBreak(rest);
}

/** An uploaded file as a whole, parsed on a worker thread (decision 0142): no file holds the event loop. */
export interface RomeUpload {
  bytes: Uint8Array;
  filename?: string;
}

/** What the worker runs. */
export function parseRomeUpload(upload: RomeUpload): Promise<ParseResult> {
  return parseRomeFile(upload.bytes, { filename: upload.filename });
}

/** parseRomeFile on a worker thread, with its time and memory limits: a file over either is refused like any other. */
export async function parseRomeFileOffThread(upload: RomeUpload): Promise<ParseResult> {
  const read = await runOffThreadForRequest<RomeUpload, ParseResult>(
    "read the file",
    "#server/admin/romes/parse.ts",
    "parseRomeUpload",
    upload,
  );
  return read.ok ? read.value : read;
}
