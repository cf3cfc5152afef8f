/**
 * Bulk content import and export (`npm run content -- import FILE | export`,
 * docs/content-and-languages.md "Content import and export"): newline-delimited JSON, one article a line,
 *   {"key","author","tags":[…],"cover"?,"source"?,"versions":{"en":{"slug","title","summary","body","status","coverAlt"?,"upToDate"?}}}
 * with versions keyed by the language's short code; `source` names the source language and a
 * translation's `upToDate` whether it follows the source (core/translation-status.ts, docs/content-and-languages.md). Import validates every line
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
import { setTimeout as sleep } from "node:timers/promises";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { slugify } from "#core/text.ts";
import { unacceptableTextIn } from "#core/text-characters.ts";
import { createArticleInput, versionInput } from "#core/admin/articles/schema.ts";
import { recordAudit } from "#server/admin/audit.ts";
import type { DatabaseHandle, DialectName } from "#server/db/connect.ts";
import type { Database } from "#server/db/schema.ts";
import { upsertArticles, type ArticleSource } from "./article-writes.ts";
import type { ArticleChange } from "./changes.ts";
import { createArticleReader, yieldToEventLoop } from "./articles.ts";
import { createReadingTimePool } from "./reading-time-pool.ts";
import { announceChange } from "./store.ts";
import { DEFAULT_REVISIONS_PER_VERSION } from "#server/config.ts";
import { CLI_ACTOR } from "#server/cli/support.ts";

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
 * The longest line an import reads (docs/content-and-languages.md "Content import and export"): one article with all its versions.
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
 * How long one of the import's transactions should take: what a write of another process waits for it at most
 * (docs/decisions/0146-writers-wait-their-turn-off-the-event-loop.md). On SQLite every write of every process waits
 * for the one write lock; on PostgreSQL only a write to the rows the import writes (an admin's save of an imported
 * article, a page storing the rendering of a version the import rewrites), and each transaction costs its round
 * trips: 50 ms there made a 1 000-article import 36 % longer.
 */
export const TRANSACTION_MS: Record<DialectName, number> = { sqlite: 50, postgres: 200 };
/** Articles in the import's first transaction; the next ones are sized from the time per article so far. */
const FIRST_TRANSACTION_ARTICLES = 8;
/**
 * On SQLite, the pause after each transaction: a writer of another process (a server's, trying every 2 ms;
 * the search catch-up's) takes the write lock in it, where otherwise the next transaction would take it again.
 */
export const PAUSE_MS = 5;

/** Transaction sizes that take about `targetMs`: the time per article, smoothed, decides the next size. */
export function transactionSizes(targetMs: number, largest = IMPORT_BATCH) {
  let perArticleMs = 0;
  return {
    next: () => (perArticleMs === 0 ? Math.min(FIRST_TRANSACTION_ARTICLES, largest) : Math.max(1, Math.min(largest, Math.floor(targetMs / perArticleMs)))),
    took(articles: number, ms: number) {
      const sample = ms / articles;
      perArticleMs = perArticleMs === 0 ? sample : (perArticleMs + sample) / 2;
    },
  };
}

/**
 * Checks the whole file (parse and validate every line) while a second reading of it starts
 * measuring reading times, then writes it batch by batch while the workers measure the next batch:
 * nothing is written before the last line is known good, and at most two batches are in memory.
 * A batch is written in short transactions (TRANSACTION_MS), so that other processes' writes wait
 * little for the import's, and announced once its last one has landed.
 * Throws ImportError for a bad file (nothing written); a failure while writing names the lines that landed.
 */
export async function importArticles(
  handle: DatabaseHandle,
  path: string,
  origin: string,
  progress: ImportProgress = () => {},
  revisionsPerVersion = DEFAULT_REVISIONS_PER_VERSION,
): Promise<ImportSummary> {
  const articlesBefore = Number((await handle.db.selectFrom("blogs").select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow()).count);
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
  const sizes = transactionSizes(TRANSACTION_MS[handle.dialect]);
  const landedText = () => (landed === 0 ? "no line landed" : `lines 1–${lastLanded} landed (${landed} articles)`);
  // Lets other processes' writers in between two transactions (SQLite has one write lock, handed to no queue).
  const pause = () => (handle.dialect === "sqlite" ? sleep(PAUSE_MS) : yieldToEventLoop());
  try {
    const measure = async (batch: Parsed[]): Promise<Prepared> => ({
      batch,
      readingMinutes: await pool.readingMinutesOf(batch.flatMap((entry) => [...entry.source.versions.values()].map((version) => version.body))),
    });
    /** One transaction: these articles, with an audit entry naming their lines. */
    const writeTransaction = async (part: Parsed[], readingMinutes: number[]): Promise<ArticleChange[]> => {
      const now = new Date().toISOString();
      let began = 0;
      try {
        const changed = await handle.db.transaction().execute(async (trx) => {
          // From the moment the lock is ours: a wait for another process's is not the import's own time.
          began = performance.now();
          const changed = await upsertArticles(
            trx,
            part.map((entry) => entry.source),
            readingMinutes,
            now,
            { uid: CLI_ACTOR, keep: revisionsPerVersion },
          );
          await recordAudit(trx, {
            uid: CLI_ACTOR,
            action: "import",
            entity: "article",
            entityId: `lines ${part[0]!.line}-${part.at(-1)!.line}`,
            after: { keys: part.map((entry) => entry.source.key) },
          });
          return changed;
        });
        sizes.took(part.length, performance.now() - began);
        return changed;
      } catch (error) {
        throw new Error(
          `writing lines ${part[0]!.line}–${part.at(-1)!.line} failed, nothing from line ${part[0]!.line} on was written; ${landedText()}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    };
    const write = async ({ batch, readingMinutes }: Prepared) => {
      if (landed === 0) total = await checked;
      const changes: ArticleChange[] = [];
      // Announced once, for the whole batch (servers drop cached pages and lists per announcement); when a
      // transaction fails, what landed before it is announced all the same.
      const announce = () => (changes.length === 0 ? Promise.resolve() : announceChange(handle, origin, { kind: "articles", articles: changes }).then(() => {}));
      try {
        for (let start = 0, minute = 0; start < batch.length; ) {
          const part = batch.slice(start, start + sizes.next());
          const partVersions = part.reduce((sum, entry) => sum + entry.source.versions.size, 0);
          changes.push(...(await writeTransaction(part, readingMinutes.slice(minute, minute + partVersions))));
          start += part.length;
          minute += partVersions;
          landed += part.length;
          versions += partVersions;
          lastLanded = part.at(-1)!.line;
          await pause();
        }
      } catch (error) {
        await announce().catch(() => {});
        throw error;
      }
      await announce();
      progress({ articles: landed, total, lastLine: lastLanded });
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
  if (landed > 0 && landed * STATISTICS_SHARE >= articlesBefore) await refreshStatistics(handle);
  return { articles: landed, versions, lastLine: lastLanded };
}

/**
 * Planner statistics are refreshed after an import that brought or rewrote a tenth of the site's articles or more
 * (a bulk load, so list and tag queries keep their indexes); an import of a few articles into a large site leaves
 * them as they are: on SQLite ANALYZE reads every index of the tables while it holds the write lock.
 */
const STATISTICS_SHARE = 10;
const STATISTICS_TABLES = ["blogs", "blog_versions", "blog_tags"];

/**
 * ANALYZE of the article tables. On SQLite one index at a time, each its own statement with a pause after it, so that
 * other processes' writes wait for one index's reading (blog_versions' largest: about 15 ms per 1 000 articles × 7),
 * not all of them (its table: 0.7 s at 10 000 articles).
 */
async function refreshStatistics(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect === "postgres") {
    for (const table of STATISTICS_TABLES) await sql.raw(`analyze ${table}`).execute(handle.db);
    return;
  }
  const indexes = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in (${sql.join(STATISTICS_TABLES)}) order by tbl_name, name`.execute(handle.db);
  for (const { name } of indexes.rows) {
    await sql`analyze ${sql.id(name)}`.execute(handle.db);
    await sleep(PAUSE_MS);
  }
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
