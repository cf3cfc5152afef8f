/**
 * Reading an uploaded translation file (decision 0142): its target language first, from the file's head
 * alone, so the importer's permission is checked before the rest is parsed; then the whole file, on a
 * worker thread with a time and a memory limit (server/untrusted/off-thread.ts), so that no file holds
 * the event loop.
 */
import type { ExchangeFormat } from "#core/admin/translations/schema.ts";
import { unacceptableCharacter } from "#core/text-characters.ts";
import { truncateChars } from "#server/admin/romes/refusal.ts";
import { runOffThreadForRequest } from "#server/untrusted/off-thread.ts";
import {
  ARTICLE_REPORT_PREFIX,
  assertWithinSizeLimit,
  detectFormat,
  EXTRA_PARTS,
  FileRefused,
  partReportKey,
  type ExchangeDocument,
} from "./document.ts";
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
  const { targetLanguage } =
    format === "xliff"
      ? readXliffLanguages(text, DECLARATION_HEAD_CHARS)
      : readPoLanguages(text, DECLARATION_HEAD_CHARS);
  return { format, targetLanguage };
}

/**
 * The whole file, on this thread: what the worker runs. It must name the target language its head declared, and
 * every text it brings is checked here too, so that the event loop only plans (decision 0154).
 */
export function readExchangeFile({ text, declaredTarget }: { text: string; declaredTarget: string }): ReadFile {
  assertWithinSizeLimit(text);
  const format = detectFormat(text);
  let read: ReadFile;
  if (format === "xliff") read = { format, document: readXliff(text), fuzzy: [] };
  else {
    const { fuzzy, ...document } = readPo(text);
    read = { format, document, fuzzy };
  }
  if (read.document.targetLanguage !== declaredTarget)
    throw new FileRefused(
      `The file names two target languages (${declaredTarget} first, then ${read.document.targetLanguage}).`,
    );
  // Every text the file brings, before anything is planned: the whole file is refused (400), naming the key.
  assertAcceptableTexts(read.document, read.fuzzy);
  return read;
}

/** The whole file, read on a worker thread; a file refused, too slow or too big to read is a FileRefused. */
export async function readExchangeFileOffThread(text: string, declaredTarget: string): Promise<ReadFile> {
  return refusedUnlessRead(
    await runOffThreadForRequest<Parameters<typeof readExchangeFile>[0], ReadFile>(
      "read the file",
      "#server/admin/translations/exchange/read.ts",
      "readExchangeFile",
      {
        text,
        declaredTarget,
      },
    ),
  );
}

export function refusedUnlessRead<T>(read: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!read.ok) throw new FileRefused(read.message);
  return read.value;
}

/**
 * A translation file to import, read in two steps (decision 0142): the target language its head declares, so
 * that the importer's permission is checked first, then the whole of it, on the worker thread. Either step
 * throws a FileRefused naming the problem.
 */
export interface ExchangeFileSource {
  declared(): Promise<{ format: ExchangeFormat; targetLanguage: string }>;
  /** The whole file, which must name `declaredTarget` throughout. */
  read(declaredTarget: string): Promise<ReadFile>;
}

/** A file's text (the command line's): its head is read on this thread. */
export function exchangeFileOfText(text: string): ExchangeFileSource {
  return {
    declared: async () => readDeclaredTarget(text),
    read: (declaredTarget) => readExchangeFileOffThread(text, declaredTarget),
  };
}

/**
 * Refuses (FileRefused) a file with a text no import may hold (core/text-characters.ts), naming the key: the keys
 * and translations of every unit, strings and articles, fuzzy ones included. Source texts are not read back, so
 * they are not checked.
 */
function assertAcceptableTexts(document: ExchangeDocument, fuzzy: readonly string[]): void {
  // Long enough for any article key with its field ("articles/<80 characters>/coverAlt"), bounded for a hostile one.
  const quote = (key: string) => JSON.stringify(truncateChars(key, 100));
  const refuse = (what: string, problem: string): never => {
    throw new FileRefused(`${what} holds ${problem}. Nothing was imported.`);
  };
  for (const key of fuzzy) {
    const problem = unacceptableCharacter(key);
    if (problem !== null) refuse(`The key ${quote(key)}`, problem);
  }
  const units = [
    ...document.units.map((unit) => ({ unit, key: unit.key })),
    ...(document.articles ?? []).map((unit) => ({ unit, key: `${ARTICLE_REPORT_PREFIX}${unit.key}` })),
    ...EXTRA_PARTS.flatMap((part) =>
      (document[part] ?? []).map((unit) => ({ unit, key: partReportKey(part, unit.key) })),
    ),
  ];
  for (const { unit, key } of units) {
    const inKey = unacceptableCharacter(unit.key);
    if (inKey !== null) refuse(`The key ${quote(key)}`, inKey);
    const inTarget = unit.target === null ? null : unacceptableCharacter(unit.target);
    if (inTarget !== null) refuse(`The translation of ${quote(key)}`, inTarget);
  }
}
