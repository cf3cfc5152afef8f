/**
 * Bulk content import and export (`npm run content -- import FILE | export`,
 * README "Content import and export"): newline-delimited JSON, one article a line,
 *   {"key","author","tags":[…],"cover"?,"source"?,"versions":{"en":{"slug","title","summary","body","status","coverAlt"?,"upToDate"?}}}
 * with versions keyed by the language's short code; `source` names the source language and a
 * translation's `upToDate` whether it follows the source (core/translation-status.ts, README). Import validates every line
 * (at most MAX_IMPORT_LINE_BYTES long; every text's characters, core/text-characters.ts; the admin API's own rules,
 * languages, duplicate keys and slugs) before writing any, so a bad file writes nothing; a second reading measures each batch's reading
 * times on worker threads (starting while the check runs) while the previous one is
 * written, and upserts by key in batched transactions through the shared article
 * write path (article-writes.ts), announcing each batch like any other content write.
 * Versions are stored unrendered: the servers' search catch-up renders and indexes
 * them behind the import (server/search/catch-up.ts; docs/decisions/0121-import-checks-then-streams.md,
 * 0133-import-renders-while-it-checks.md, 0139-imports-index-behind.md).
 */
import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { slugify } from "#core/text.ts";
import { unacceptableTextIn } from "#core/text-characters.ts";
import { createArticleInput, versionInput } from "#core/admin/articles/schema.ts";
import { recordAudit } from "#server/admin/audit.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Database } from "#server/db/schema.ts";
import { upsertArticles, type ArticleSource } from "./article-writes.ts";
import { createArticleReader, yieldToEventLoop } from "./articles.ts";
import { createReadingTimePool } from "./reading-time-pool.ts";
import { announceChange } from "./store.ts";
import { DEFAULT_REVISIONS_PER_VERSION } from "#server/config.ts";
import { CLI_ACTOR } from "#server/cli/support.ts";

/** Articles per transaction. */
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
  .refine((article) => article.source === undefined || Object.keys(article.versions).some((code) => code.toLowerCase() === article.source!.toLowerCase()), {
    error: "must be the short code of one of the line's versions",
    path: ["source"],
  });

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
 * The longest line an import reads (README "Content import and export"): one article with all its versions.
 * `export` writes a version of the longest body the editor accepts (200 000 characters) in at most about 600 KB,
 * so this is room for a hundred such versions on one line; a longer line (a file with no newlines, a binary file)
 * is refused as soon as that many bytes of it were read, naming it, and so an import never holds more of a line.
 */
export const MAX_IMPORT_LINE_BYTES = 64 * 1024 * 1024;

const MIB = 1024 * 1024;
const describeBytes = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes.toLocaleString("en-US")} bytes`);

interface Line {
  number: number;
  text: string;
}

/**
 * The lines of a byte stream as UTF-8 text (blank lines skipped); a byte sequence that is not UTF-8, a NUL byte
 * or a line longer than `maxLineBytes` is refused with its line number. Linear in the stream's length: a line's
 * pieces are kept as they came and joined once, at its end.
 */
export async function* readLines(chunks: AsyncIterable<Uint8Array>, maxLineBytes = MAX_IMPORT_LINE_BYTES): AsyncGenerator<Line> {
  /** The current line's bytes from earlier chunks. */
  let pieces: Uint8Array[] = [];
  let piecesBytes = 0;
  let number = 0;
  const tooLong = () => new ImportError(`line ${number + 1}: is longer than ${describeBytes(maxLineBytes)}, the longest line an import reads (one article with all its versions); is this a file without newlines?`, number + 1);
  const decode = (bytes: Buffer): Line | null => {
    number += 1;
    // isUtf8, then toString: a quarter of the time of a fatal TextDecoder, and JSON.parse reads the result faster (bench/README.md).
    if (!isUtf8(bytes)) throw new ImportError(`line ${number}: is not UTF-8 text (is this a binary file?)`, number);
    if (bytes.includes(0)) throw new ImportError(`line ${number}: contains a NUL character (is this a binary file?)`, number);
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

interface Parsed {
  line: number;
  source: ArticleSource;
}

/** Reads the file in batches of parsed, validated articles; throws ImportError naming the first bad line. */
async function* parsedBatches(path: string, db: Kysely<Database>): AsyncGenerator<Parsed[]> {
  const languages = await db.selectFrom("languages").select(["code", "short_code"]).execute();
  const codeOfShort = new Map(languages.map((language) => [language.short_code.toLowerCase(), language.code]));
  const shortOfCode = new Map(languages.map((language) => [language.code, language.short_code]));
  const keyLines = new Map<string, number>();
  const slugLines = new Map<string, { line: number; key: string }>();
  let batch: Parsed[] = [];
  let seenAny = false;

  const checkStoredSlugs = async (parsed: Parsed[]) => {
    const byCode = new Map<string, Parsed[]>();
    for (const entry of parsed) for (const code of entry.source.versions.keys()) byCode.set(code, [...(byCode.get(code) ?? []), entry]);
    for (const [code, entries] of byCode) {
      const taken = await db
        .selectFrom("blog_versions")
        .innerJoin("blogs", "blogs.id", "blog_versions.blog_id")
        .select(["blog_versions.slug", "blogs.key"])
        .where("blog_versions.code", "=", code)
        .where(
          "blog_versions.slug",
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
  };

  for await (const { number, text } of readLines(createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }))) {
    seenAny = true;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ImportError(`line ${number}: is not valid JSON (${error instanceof Error ? error.message : String(error)})`, number);
    }
    // Every text of the line, before its rules: a NUL or a lone surrogate written as a JSON escape ("\u0000") would
    // otherwise be stored by SQLite and refused by PostgreSQL only when its batch is written.
    const unacceptable = unacceptableTextIn(json);
    if (unacceptable !== null) throw new ImportError(`line ${number}: ${unacceptable.path || "(line)"}: ${unacceptable.problem}`, number);
    const result = importedArticle.safeParse(json);
    if (!result.success) throw new ImportError(`line ${number}: ${describeIssues(result.error)}`, number);
    const article = result.data;
    const earlier = keyLines.get(article.key);
    if (earlier !== undefined) throw new ImportError(`line ${number}: key: "${article.key}" is already on line ${earlier}`, number);
    keyLines.set(article.key, number);
    const versions = new Map<string, ArticleSource["versions"] extends Map<string, infer V> ? V : never>();
    for (const [shortCode, version] of Object.entries(article.versions)) {
      const code = codeOfShort.get(shortCode.toLowerCase());
      if (!code) throw new ImportError(`line ${number}: versions.${shortCode}: "${shortCode}" is not a language of this site (known: ${[...codeOfShort.keys()].join(", ")})`, number);
      const slug = version.slug || slugify(version.title);
      const slugKey = `${code}\n${slug}`;
      const clash = slugLines.get(slugKey);
      if (clash && clash.key !== article.key) throw new ImportError(`line ${number}: versions.${shortCode}.slug: "${slug}" is already used in ${code} on line ${clash.line}`, number);
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
    const sourceCode = article.source === undefined ? undefined : codeOfShort.get(article.source.toLowerCase());
    batch.push({
      line: number,
      source: { key: article.key, author: article.author, cover: article.cover ?? null, tags: article.tags, versions, ...(sourceCode !== undefined && { sourceCode }) },
    });
    if (batch.length === IMPORT_BATCH) {
      await checkStoredSlugs(batch);
      yield batch;
      batch = [];
    }
  }
  if (!seenAny) throw new ImportError("the file is empty: expected one JSON article per line", null);
  if (batch.length > 0) {
    await checkStoredSlugs(batch);
    yield batch;
  }
}

export type ImportProgress = (done: { articles: number; total: number; lastLine: number }) => void;

export interface ImportSummary {
  articles: number;
  versions: number;
  lastLine: number;
}

interface Prepared {
  batch: Parsed[];
  readingMinutes: number[];
}

/**
 * Checks the whole file (parse and validate every line) while a second reading of it starts
 * measuring reading times, then writes it batch by batch while the workers measure the next batch:
 * nothing is written before the last line is known good, and at most two batches are in memory.
 * Throws ImportError for a bad file (nothing written); a failure while writing names the lines that landed.
 */
export async function importArticles(
  handle: DatabaseHandle,
  path: string,
  origin: string,
  progress: ImportProgress = () => {},
  revisionsPerVersion = DEFAULT_REVISIONS_PER_VERSION,
): Promise<ImportSummary> {
  const pool = createReadingTimePool();
  // The check. The first batches are measured meanwhile (the workers would otherwise wait for it);
  // the first write waits for its verdict.
  const checked = (async () => {
    let total = 0;
    for await (const batch of parsedBatches(path, handle.db)) total += batch.length;
    return total;
  })();
  checked.catch(() => {});
  let total = 0;
  let landed = 0;
  let lastLanded = 0;
  let versions = 0;
  const landedText = () => (landed === 0 ? "no line landed" : `lines 1–${lastLanded} landed (${landed} articles)`);
  try {
    const measure = async (batch: Parsed[]): Promise<Prepared> => ({
      batch,
      readingMinutes: await pool.readingMinutesOf(batch.flatMap((entry) => [...entry.source.versions.values()].map((version) => version.body))),
    });
    const write = async ({ batch, readingMinutes }: Prepared) => {
      if (landed === 0) total = await checked;
      const now = new Date().toISOString();
      try {
        const changes = await handle.db.transaction().execute(async (trx) => {
          const changed = await upsertArticles(
            trx,
            batch.map((entry) => entry.source),
            readingMinutes,
            now,
            { uid: CLI_ACTOR, keep: revisionsPerVersion },
          );
          await recordAudit(trx, {
            uid: CLI_ACTOR,
            action: "import",
            entity: "article",
            entityId: `lines ${batch[0]!.line}-${batch.at(-1)!.line}`,
            after: { keys: batch.map((entry) => entry.source.key) },
          });
          return changed;
        });
        await announceChange(handle, origin, { kind: "articles", articles: changes });
      } catch (error) {
        throw new Error(
          `writing lines ${batch[0]!.line}–${batch.at(-1)!.line} failed, nothing from line ${batch[0]!.line} on was written; ${landedText()}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      landed += batch.length;
      versions += readingMinutes.length;
      lastLanded = batch.at(-1)!.line;
      progress({ articles: landed, total, lastLine: lastLanded });
      await yieldToEventLoop();
    };
    // The workers measure batch N + 1 while the main thread writes batch N.
    let measuring: Promise<Prepared> | null = null;
    try {
      for await (const batch of parsedBatches(path, handle.db)) {
        const next = measure(batch);
        next.catch(() => {});
        if (measuring) await write(await measuring);
        measuring = next;
      }
      if (measuring) await write(await measuring);
    } catch (error) {
      // A measure still under way when a write failed: its outcome no longer matters.
      measuring?.catch(() => {});
      // A bad line the second reading met first: the check reports it (nothing was written).
      await checked;
      // The file or the stored slugs changed between the check and the writes (another writer, an edited file).
      if (error instanceof ImportError) throw new Error(`${error.message}; the file changed after it was checked: ${landedText()}`, { cause: error });
      throw error;
    }
  } finally {
    await pool.close();
  }
  // Fresh planner statistics after a bulk load, so list and tag queries keep their indexes (same statement on both databases).
  if (landed > 0) for (const table of ["blogs", "blog_versions", "blog_tags"]) await sql.raw(`analyze ${table}`).execute(handle.db);
  return { articles: landed, versions, lastLine: lastLanded };
}

/** Every article, drafts included, in id order, one JSON line each, read in bounded pages. */
export async function* exportArticles(db: Kysely<Database>): AsyncGenerator<string> {
  const languages = await db.selectFrom("languages").select(["code", "short_code"]).execute();
  const shortOf = new Map(languages.map((language) => [language.code, language.short_code]));
  const articles = createArticleReader(db);
  let after = 0;
  for (;;) {
    const page = await articles.sources(after, 200, true);
    if (page.length === 0) return;
    let text = "";
    for (const { blog, versions } of page) {
      const line: Record<string, unknown> = { key: blog.key, author: blog.author, tags: JSON.parse(blog.tags) as string[] };
      if (blog.cover) line.cover = blog.cover;
      if (blog.source_code) line.source = shortOf.get(blog.source_code) ?? blog.source_code;
      line.versions = Object.fromEntries(
        versions.map((version) => [
          shortOf.get(version.code) ?? version.code,
          {
            slug: version.slug,
            title: version.title,
            summary: version.summary,
            body: version.body,
            status: version.status,
            ...(version.cover_alt ? { coverAlt: version.cover_alt } : {}),
            ...(version.code !== blog.source_code && { upToDate: version.outdated === 0 }),
          },
        ]),
      );
      text += `${JSON.stringify(line)}\n`;
    }
    yield text;
    after = page.at(-1)!.blog.id;
  }
}
