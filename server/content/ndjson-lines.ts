/**
 * How an import reads its NDJSON file (the format: ndjson.ts): the file's lines as UTF-8 text, at most
 * MAX_IMPORT_LINE_BYTES each, then each line parsed and checked (every text's characters,
 * core/text-characters.ts; the admin API's own rules; the site's languages; keys and slugs unique in the file
 * and not taken by another stored article) into batches of articles ready for the shared write path
 * (article-writes.ts). A bad line is an ImportError naming it. Reads only: importArticles (ndjson.ts) reads
 * the file twice through parsedBatches, once to check all of it and once to write it.
 */
import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import type { Kysely } from "kysely";
import { z } from "zod";
import { slugify } from "#core/text.ts";
import { unacceptableTextIn } from "#core/text-characters.ts";
import { createArticleInput, versionInput } from "#core/admin/articles/schema.ts";
import type { Database } from "#server/db/schema.ts";
import type { ArticleSource } from "./imported-articles.ts";

/** Articles per batch: checked, measured and announced together, and kept in memory two at a time. */
export const IMPORT_BATCH = 500;

const importedArticle = z
  .object({
    ...createArticleInput.shape,
    key: createArticleInput.shape.key.unwrap(),
    source: z.string({ error: "must be the short code of one of the article's versions" }).optional(),
    versions: z
      .record(z.string(), versionInput.extend({ upToDate: z.boolean({ error: "must be true or false" }).optional() }), {
        error: "must be an object of versions keyed by language short code",
      })
      .refine((versions) => Object.keys(versions).length > 0, { error: "must have at least one language" }),
  })
  .refine(
    (article) =>
      article.source === undefined ||
      Object.keys(article.versions).some((code) => code.toLowerCase() === article.source!.toLowerCase()),
    {
      error: "must be the short code of one of the line's versions",
      path: ["source"],
    },
  );

export class ImportError extends Error {
  /** The offending line, null for a problem with the whole file. */
  readonly line: number | null;
  constructor(message: string, line: number | null) {
    super(message);
    this.name = "ImportError";
    this.line = line;
  }
}

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

interface Line {
  number: number;
  text: string;
}

/**
 * The lines of a byte stream as UTF-8 text (blank lines skipped); a byte sequence that is not UTF-8, a NUL byte
 * or a line longer than `maxLineBytes` is refused with its line number. Linear in the stream's length: a line's
 * pieces are kept as they came and joined once, at its end.
 */
export async function* readLines(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes = MAX_IMPORT_LINE_BYTES,
): AsyncGenerator<Line> {
  /** The current line's bytes from earlier chunks. */
  let pieces: Uint8Array[] = [];
  let piecesBytes = 0;
  let number = 0;
  const tooLong = () =>
    new ImportError(
      `line ${number + 1}: is longer than ${describeBytes(maxLineBytes)}, the longest line an import reads (one article with all its versions); is this a file without newlines?`,
      number + 1,
    );
  const decode = (bytes: Buffer): Line | null => {
    number += 1;
    // isUtf8, then toString: a quarter of the time of a fatal TextDecoder, and JSON.parse reads the result faster (bench/README.md).
    if (!isUtf8(bytes)) throw new ImportError(`line ${number}: is not UTF-8 text (is this a binary file?)`, number);
    if (bytes.includes(0))
      throw new ImportError(`line ${number}: contains a NUL character (is this a binary file?)`, number);
    const text = bytes.toString("utf8");
    return text.trim() === "" ? null : { number, text };
  };
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    let newline: number;
    while ((newline = bytes.indexOf(10, start)) !== -1) {
      if (piecesBytes + (newline - start) > maxLineBytes) throw tooLong();
      const end = bytes.subarray(start, newline);
      const line = decode(pieces.length === 0 ? end : Buffer.concat([...pieces, end], piecesBytes + end.length));
      pieces = [];
      piecesBytes = 0;
      start = newline + 1;
      if (line) yield line;
    }
    if (start < bytes.length) {
      piecesBytes += bytes.length - start;
      // Refused before the next read: the reader holds at most the limit and one chunk.
      if (piecesBytes > maxLineBytes) throw tooLong();
      pieces.push(bytes.subarray(start));
    }
  }
  if (piecesBytes > 0) {
    const line = decode(Buffer.concat(pieces, piecesBytes));
    if (line) yield line;
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "(line)"}: ${issue.message}`).join("; ");
}

export interface Parsed {
  line: number;
  source: ArticleSource;
}

/** The site's languages as a line names them: its versions' short codes (any case) → codes, and back for messages. */
interface SiteLanguages {
  codeOfShort: Map<string, string>;
  shortOfCode: Map<string, string>;
}

/** The keys and slugs the file's lines so far hold: each must be unique in the file. */
interface SeenInFile {
  keyLines: Map<string, number>;
  slugLines: Map<string, { line: number; key: string }>;
}

type ImportedVersion = ArticleSource["versions"] extends Map<string, infer Version> ? Version : never;

/** A line's JSON, every text of it checked before its rules (core/text-characters.ts). */
function parsedJson({ number, text }: Line): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ImportError(
      `line ${number}: is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      number,
    );
  }
  // A NUL or a lone surrogate written as a JSON escape ("\u0000") would otherwise be stored by SQLite and refused by
  // PostgreSQL only when its batch is written.
  const unacceptable = unacceptableTextIn(json);
  if (unacceptable !== null)
    throw new ImportError(`line ${number}: ${unacceptable.path || "(line)"}: ${unacceptable.problem}`, number);
  return json;
}

/** A line's versions by language code, each slug unique in its language across the file. */
function importedVersions(
  number: number,
  article: z.infer<typeof importedArticle>,
  { codeOfShort }: SiteLanguages,
  { slugLines }: SeenInFile,
): Map<string, ImportedVersion> {
  const versions = new Map<string, ImportedVersion>();
  for (const [shortCode, version] of Object.entries(article.versions)) {
    const code = codeOfShort.get(shortCode.toLowerCase());
    if (!code)
      throw new ImportError(
        `line ${number}: versions.${shortCode}: "${shortCode}" is not a language of this site (known: ${[...codeOfShort.keys()].join(", ")})`,
        number,
      );
    const slug = version.slug || slugify(version.title);
    const slugKey = `${code}\n${slug}`;
    const clash = slugLines.get(slugKey);
    if (clash && clash.key !== article.key)
      throw new ImportError(
        `line ${number}: versions.${shortCode}.slug: "${slug}" is already used in ${code} on line ${clash.line}`,
        number,
      );
    slugLines.set(slugKey, { line: number, key: article.key });
    versions.set(code, {
      slug,
      title: version.title,
      summary: version.summary,
      body: version.body,
      coverAlt: version.coverAlt,
      status: version.status,
      ...(version.upToDate !== undefined && { upToDate: version.upToDate }),
    });
  }
  return versions;
}

/** A line as an article to write: its JSON, its texts' characters, the admin API's rules, its key unique in the file. */
function parsedLine(line: Line, languages: SiteLanguages, seen: SeenInFile): Parsed {
  const { number } = line;
  const result = importedArticle.safeParse(parsedJson(line));
  if (!result.success) throw new ImportError(`line ${number}: ${describeIssues(result.error)}`, number);
  const article = result.data;
  const earlier = seen.keyLines.get(article.key);
  if (earlier !== undefined)
    throw new ImportError(`line ${number}: key: "${article.key}" is already on line ${earlier}`, number);
  seen.keyLines.set(article.key, number);
  const versions = importedVersions(number, article, languages, seen);
  const sourceCode = article.source === undefined ? undefined : languages.codeOfShort.get(article.source.toLowerCase());
  return {
    line: number,
    source: {
      key: article.key,
      author: article.author,
      cover: article.cover ?? null,
      tags: article.tags,
      versions,
      ...(sourceCode !== undefined && { sourceCode }),
    },
  };
}

/** Refuses a batch whose version takes a slug a stored article of another key has in the same language. */
async function checkStoredSlugs(db: Kysely<Database>, batch: Parsed[], { shortOfCode }: SiteLanguages) {
  const byCode = new Map<string, Parsed[]>();
  for (const entry of batch)
    for (const code of entry.source.versions.keys()) byCode.set(code, [...(byCode.get(code) ?? []), entry]);
  for (const [code, entries] of byCode) {
    const taken = await db
      .selectFrom("article_versions")
      .innerJoin("articles", "articles.id", "article_versions.article_id")
      .select(["article_versions.slug", "articles.key"])
      .where("article_versions.code", "=", code)
      .where(
        "article_versions.slug",
        "in",
        entries.map((entry) => entry.source.versions.get(code)!.slug),
      )
      .execute();
    const ownerOfSlug = new Map(taken.map((row) => [row.slug, row.key]));
    for (const entry of entries) {
      const slug = entry.source.versions.get(code)!.slug;
      const owner = ownerOfSlug.get(slug);
      if (owner !== undefined && owner !== entry.source.key) {
        throw new ImportError(
          `line ${entry.line}: versions.${shortOfCode.get(code)}.slug: "${slug}" is already used in ${code} by the stored article "${owner}"`,
          entry.line,
        );
      }
    }
  }
}

/** Reads the file in batches of parsed, validated articles; throws ImportError naming the first bad line. */
export async function* parsedBatches(path: string, db: Kysely<Database>): AsyncGenerator<Parsed[]> {
  const rows = await db.selectFrom("languages").select(["code", "short_code"]).execute();
  const languages: SiteLanguages = {
    codeOfShort: new Map(rows.map((language) => [language.short_code.toLowerCase(), language.code])),
    shortOfCode: new Map(rows.map((language) => [language.code, language.short_code])),
  };
  const seen: SeenInFile = { keyLines: new Map(), slugLines: new Map() };
  let batch: Parsed[] = [];
  let seenAny = false;
  for await (const line of readLines(createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }))) {
    seenAny = true;
    batch.push(parsedLine(line, languages, seen));
    if (batch.length === IMPORT_BATCH) {
      await checkStoredSlugs(db, batch, languages);
      yield batch;
      batch = [];
    }
  }
  if (!seenAny) throw new ImportError("the file is empty: expected one JSON article per line", null);
  if (batch.length > 0) {
    await checkStoredSlugs(db, batch, languages);
    yield batch;
  }
}
