/**
 * Reading an uploaded translation file (decision 0142): its target language first, from the file's head
 * alone, so the importer's permission is checked before the rest is parsed; then the whole file, on a
 * worker thread with a time and a memory limit (server/untrusted/off-thread.ts), so that no file holds
 * the event loop.
 */
import type { ExchangeFormat } from "#core/admin/translations/schema.ts";
import { runOffThreadForRequest } from "#server/untrusted/off-thread.ts";
import { assertWithinSizeLimit, detectFormat, FileRefused, type ExchangeDocument } from "./document.ts";
import { readPo, readPoLanguages } from "./po.ts";
import { readXliff, readXliffLanguages } from "./xliff.ts";

/** How far into a file its target language must be named: the XLIFF root element or the PO header entry. */
export const DECLARATION_HEAD_CHARS = 64 * 1024;

export interface ReadFile {
  format: ExchangeFormat;
  document: ExchangeDocument;
  /** PO keys marked fuzzy: drafts, reported and never applied. */
  fuzzy: string[];
}

/** The file's format and target language, read from its head only. */
export function readDeclaredTarget(text: string): { format: ExchangeFormat; targetLanguage: string } {
  assertWithinSizeLimit(text);
  const format = detectFormat(text);
  const { targetLanguage } = format === "xliff" ? readXliffLanguages(text, DECLARATION_HEAD_CHARS) : readPoLanguages(text, DECLARATION_HEAD_CHARS);
  return { format, targetLanguage };
}

/** The whole file, on this thread: what the worker runs. */
export function readExchangeFile(text: string): ReadFile {
  assertWithinSizeLimit(text);
  const format = detectFormat(text);
  if (format === "xliff") return { format, document: readXliff(text), fuzzy: [] };
  const { fuzzy, ...document } = readPo(text);
  return { format, document, fuzzy };
}

/** The whole file, read on a worker thread; a file refused, too slow or too big to read is a FileRefused. */
export async function readExchangeFileOffThread(text: string): Promise<ReadFile> {
  const read = await runOffThreadForRequest<string, ReadFile>("read the file", "#server/admin/translations/exchange/read.ts", "readExchangeFile", text);
  if (!read.ok) throw new FileRefused(read.message);
  return read.value;
}
