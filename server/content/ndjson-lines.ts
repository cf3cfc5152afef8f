/**
 * How an import reads its NDJSON file (the format: ndjson.ts): the file cut into lines of at most
 * MAX_IMPORT_LINE_BYTES; each line decoded, parsed and checked on its own (ndjson-line.ts: UTF-8 text, JSON, every
 * text's characters, the admin API's own rules); then what needs the whole file or the database: the site's
 * languages, keys and slugs unique in the file and not taken by another stored article. A bad line is an ImportError
 * naming it, the first in the file's order. Reads only: importArticles (ndjson.ts) reads the file twice, once to
 * check all of it (checkFile: its lines parsed by the import pool's workers, in order, decision 0240) and once to
 * write it (parsedBatches, on the writing thread: its articles are what it writes).
 */
import { createReadStream } from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { ArticleSource } from "./article-writes.ts";
import type { CheckedLines, ImportPool } from "./import-pool.ts";
import { decodeLine, ImportError, keysOf, parseArticleLine, type ArticleLine, type LineKeys } from "./ndjson-line.ts";

/** Articles per batch: checked, measured and announced together, and kept in memory two at a time. */
export const IMPORT_BATCH = 500;

/** Bytes read at a time: a line of seven long versions is 60 KB or more. */
const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * The longest line an import reads (docs/content-and-languages.md "Content import and export"): one article with all its versions.
 * `export` writes a version of the longest body the editor accepts (200 000 characters) in at most about 600 KB,
 * so this is room for a hundred such versions on one line; a longer line (a file with no newlines, a binary file)
 * is refused as soon as that many bytes of it were read, naming it, and so an import never holds more of a line.
 */
export const MAX_IMPORT_LINE_BYTES = 64 * 1024 * 1024;

const MIB = 1024 * 1024;
const describeBytes = (bytes: number) =>
  bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes.toLocaleString("en-US")} bytes`;

/** A line's number in the file and its bytes (without the newline). */
export interface RawLine {
  number: number;
  bytes: Uint8Array;
}

/**
 * The lines of a byte stream, numbered from 1, as bytes; a line longer than `maxLineBytes` is refused with its
 * number as soon as that much of it was read. Linear in the stream's length: a line's pieces are kept as they came and
 * joined once, at its end. Their text is decodeLine's (ndjson-line.ts), on the workers.
 */
export async function* splitLines(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes = MAX_IMPORT_LINE_BYTES,
): AsyncGenerator<RawLine> {
  /** The current line's bytes from earlier chunks. */
  let pieces: Uint8Array[] = [];
  let piecesBytes = 0;
  let number = 0;
  const tooLong = () =>
    new ImportError(
      `line ${number + 1}: is longer than ${describeBytes(maxLineBytes)}, the longest line an import reads (one article with all its versions); is this a file without newlines?`,
      number + 1,
    );
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    let newline: number;
    while ((newline = bytes.indexOf(10, start)) !== -1) {
      if (piecesBytes + (newline - start) > maxLineBytes) throw tooLong();
      const end = bytes.subarray(start, newline);
      number += 1;
      yield { number, bytes: pieces.length === 0 ? end : Buffer.concat([...pieces, end], piecesBytes + end.length) };
      pieces = [];
      piecesBytes = 0;
      start = newline + 1;
    }
    if (start < bytes.length) {
      piecesBytes += bytes.length - start;
      // Refused before the next read: the reader holds at most the limit and one chunk.
      if (piecesBytes > maxLineBytes) throw tooLong();
      pieces.push(bytes.subarray(start));
    }
  }
  if (piecesBytes > 0) yield { number: number + 1, bytes: Buffer.concat(pieces, piecesBytes) };
}

/**
 * Lines a message to a worker carries at most, and bytes after which it carries no more: about 16 articles of seven
 * versions, enough that the messages' own cost is small, few enough that both workers share the work.
 */
const LINES_PER_MESSAGE = 16;
const BYTES_PER_MESSAGE = 1024 * 1024;
/** Messages in flight while the file is checked: enough to keep every worker busy. */
const CHECK_AHEAD = 8;

/**
 * The file's lines checked on their own by the pool, in the file's order, CHECK_AHEAD messages sent before the first
 * answer is waited for; throws ImportError at the first bad line.
 */
async function* checkedByPool(path: string, pool: ImportPool): AsyncGenerator<LineKeys> {
  const sent: Promise<CheckedLines>[] = [];
  let lines: RawLine[] = [];
  let bytes = 0;
  const send = () => {
    const answer = pool.check(lines);
    // Awaited in order below; one left behind by a bad line before it must not be an unhandled rejection.
    answer.catch(() => {});
    sent.push(answer);
    lines = [];
    bytes = 0;
  };
  const answered = async function* (answer: CheckedLines) {
    yield* answer.lines;
    if (answer.error) throw new ImportError(answer.error.message, answer.error.line);
  };
  for await (const line of splitLines(createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }))) {
    lines.push(line);
    bytes += line.bytes.length;
    if (lines.length === LINES_PER_MESSAGE || bytes >= BYTES_PER_MESSAGE) send();
    while (sent.length > CHECK_AHEAD) yield* answered(await sent.shift()!);
  }
  if (lines.length > 0) send();
  for (let next = sent.shift(); next; next = sent.shift()) yield* answered(await next);
}

/** The file's articles parsed and checked on their own on this thread, in order; throws ImportError at the first bad line. */
async function* parsedHere(path: string): AsyncGenerator<ArticleLine> {
  for await (const { number, bytes } of splitLines(createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }))) {
    const text = decodeLine(number, bytes);
    if (text !== null) yield parseArticleLine(number, text);
  }
}

export interface Parsed {
  line: number;
  source: ArticleSource;
}

/**
 * What needs more than one line: the site's languages, keys and slugs unique in the file, slugs not taken by another
 * stored article (once a batch, `stored`). `checked` gives each line its versions' language codes, in its order.
 */
async function fileChecks(db: Kysely<Database>) {
  const languages = await db.selectFrom("languages").select(["code", "short_code"]).execute();
  const codeOfShort = new Map(languages.map((language) => [language.short_code.toLowerCase(), language.code]));
  const shortOfCode = new Map(languages.map((language) => [language.code, language.short_code]));
  const keyLines = new Map<string, number>();
  const slugLines = new Map<string, { line: number; key: string }>();
  return {
    codeOfShort,
    /** Throws ImportError for the line's first problem; else each version's language code, in the line's order. */
    checked(line: LineKeys): string[] {
      const earlier = keyLines.get(line.key);
      if (earlier !== undefined)
        throw new ImportError(`line ${line.line}: key: "${line.key}" is already on line ${earlier}`, line.line);
      keyLines.set(line.key, line.line);
      return line.slugs.map(([shortCode, slug]) => {
        const code = codeOfShort.get(shortCode.toLowerCase());
        if (!code)
          throw new ImportError(
            `line ${line.line}: versions.${shortCode}: "${shortCode}" is not a language of this site (known: ${[...codeOfShort.keys()].join(", ")})`,
            line.line,
          );
        const slugKey = `${code}\n${slug}`;
        const clash = slugLines.get(slugKey);
        if (clash && clash.key !== line.key)
          throw new ImportError(
            `line ${line.line}: versions.${shortCode}.slug: "${slug}" is already used in ${code} on line ${clash.line}`,
            line.line,
          );
        slugLines.set(slugKey, { line: line.line, key: line.key });
        return code;
      });
    },
    async stored(lines: { line: LineKeys; codes: string[] }[]): Promise<void> {
      const byCode = new Map<string, { line: LineKeys; slug: string }[]>();
      for (const { line, codes } of lines)
        codes.forEach((code, index) =>
          byCode.set(code, [...(byCode.get(code) ?? []), { line, slug: line.slugs[index]![1] }]),
        );
      for (const [code, entries] of byCode) {
        const taken = await db
          .selectFrom("article_versions")
          .innerJoin("articles", "articles.id", "article_versions.article_id")
          .select(["article_versions.slug", "articles.key"])
          .where("article_versions.code", "=", code)
          .where(
            "article_versions.slug",
            "in",
            entries.map((entry) => entry.slug),
          )
          .execute();
        const ownerOfSlug = new Map(taken.map((row) => [row.slug, row.key]));
        for (const { line, slug } of entries) {
          const owner = ownerOfSlug.get(slug);
          if (owner !== undefined && owner !== line.key) {
            throw new ImportError(
              `line ${line.line}: versions.${shortOfCode.get(code)}.slug: "${slug}" is already used in ${code} by the stored article "${owner}"`,
              line.line,
            );
          }
        }
      }
    },
  };
}

/** A line as it passed the checks: what the pool answered for it, and its versions' language codes in its order. */
interface Checked<Item> {
  item: Item;
  codes: string[];
  /** The source language's code, when the line names one. */
  sourceCode?: string;
}

/**
 * The lines' checks in the file's order, IMPORT_BATCH lines at a time: a batch once all of its lines passed.
 * Throws ImportError naming the first bad line; an empty file is one too.
 */
async function* checkedBatches<Item>(
  db: Kysely<Database>,
  items: AsyncIterable<Item>,
  keys: (item: Item) => LineKeys,
): AsyncGenerator<Checked<Item>[]> {
  const checks = await fileChecks(db);
  let batch: (Checked<Item> & { line: LineKeys })[] = [];
  let seenAny = false;
  const full = async () => {
    await checks.stored(batch);
    const done = batch.map(({ line: _line, ...checked }) => checked);
    batch = [];
    return done;
  };
  for await (const item of items) {
    seenAny = true;
    const line = keys(item);
    const codes = checks.checked(line);
    const sourceCode = line.source === undefined ? undefined : checks.codeOfShort.get(line.source.toLowerCase());
    batch.push({ item, line, codes, ...(sourceCode !== undefined && { sourceCode }) });
    if (batch.length === IMPORT_BATCH) yield await full();
  }
  if (!seenAny) throw new ImportError("the file is empty: expected one JSON article per line", null);
  if (batch.length > 0) yield await full();
}

/** Checks the whole file (every line on the pool, then the file's and the database's checks); returns its articles. */
export async function checkFile(path: string, db: Kysely<Database>, pool: ImportPool): Promise<number> {
  let total = 0;
  for await (const batch of checkedBatches(db, checkedByPool(path, pool), (line) => line)) total += batch.length;
  return total;
}

/** A checked line's article as the write path takes it: its versions keyed by language code (a later one of the same language wins). */
function articleSource({ item: article, codes, sourceCode }: Checked<ArticleLine>): ArticleSource {
  return {
    key: article.key,
    author: article.author,
    cover: article.cover,
    tags: article.tags,
    versions: new Map(article.versions.map(([, version], index) => [codes[index]!, version])),
    ...(sourceCode !== undefined && { sourceCode }),
  };
}

/**
 * Reads the file in batches of articles to write, parsed here and checked again as checkFile did (the file or the
 * stored slugs may have changed since); throws ImportError naming the first bad line.
 */
export async function* parsedBatches(path: string, db: Kysely<Database>): AsyncGenerator<Parsed[]> {
  for await (const batch of checkedBatches(db, parsedHere(path), keysOf))
    yield batch.map((checked) => ({ line: checked.item.line, source: articleSource(checked) }));
}
