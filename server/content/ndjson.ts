/**
 * Bulk content import and export (`npm run content -- import FILE | export`,
 * docs/content-and-languages.md "Content import and export"): newline-delimited JSON, one article a line,
 *   {"key","author","tags":[…],"cover"?,"source"?,"versions":{"en":{"slug","title","summary","body","status","coverAlt"?,"upToDate"?}}}
 * with versions keyed by the language's short code; `source` names the source language and a
 * translation's `upToDate` whether it follows the source (core/translation-status.ts, docs/content-and-languages.md).
 * This module is the import: it has every line validated (ndjson-lines.ts: at most MAX_IMPORT_LINE_BYTES long;
 * every text's characters, core/text-characters.ts; the admin API's own rules, languages, duplicate keys and slugs)
 * before writing any, so a bad file writes nothing; a second reading prepares each batch on worker
 * threads (import-pool.ts, starting while the check runs: reading times, search words and index forms)
 * while the previous one is written, and upserts by key in batched transactions through the shared
 * article write path (article-writes.ts), search entries included; each batch's tag pages' rows follow in one
 * transaction, then the batch is announced like any other content write. Versions are stored unrendered: the
 * first page that shows one renders it (docs/decisions/0121-import-checks-then-streams.md, 0139-imports-index-behind.md,
 * 0226-imports-index-as-they-write.md, 0235-imports-do-less-per-version.md). The export is ndjson-export.ts.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { CLI_ACTOR, recordAudit } from "#server/audit/record.ts";
import type { DatabaseHandle, DialectName } from "#server/db/connect.ts";
import { upsertArticles } from "./imported-articles.ts";
import type { ArticleChange } from "./changes.ts";
import { yieldToEventLoop } from "./event-loop-turns.ts";
import { IMPORT_BATCH, ImportError, parsedBatches, type Parsed } from "./ndjson-lines.ts";
import { createImportPool } from "./import-pool.ts";
import type { ImportJob, PreparedVersion } from "./imported-versions.ts";
import { announceChange } from "./store.ts";
import { bufferSearchInserts } from "#server/db/full-text.ts";
import { refreshPublishedTags } from "#server/search/published-index.ts";
import { DEFAULT_REVISIONS_PER_VERSION } from "#server/base/config.ts";

export type ImportProgress = (done: { articles: number; total: number; lastLine: number }) => void;

export interface ImportSummary {
  articles: number;
  versions: number;
  lastLine: number;
}

interface Prepared {
  batch: Parsed[];
  versions: PreparedVersion[];
}

/**
 * How long one of the import's transactions should take: what a write of another process waits for it at most
 * (docs/decisions/0146-writers-wait-their-turn-off-the-event-loop.md). On SQLite every write of every process waits
 * for the one write lock; on PostgreSQL only a write to the rows the import writes (an admin's save of an imported
 * article, a page storing the rendering of a version the import rewrites), and each transaction costs its round
 * trips: 50 ms there made a 1 000-article import 36 % longer.
 */
export const TRANSACTION_MS: Record<DialectName, number> = { sqlite: 50, postgres: 200 };
/**
 * Articles whose tag pages' rows one transaction makes after their batch landed (decision 0235): about 30 ms on
 * SQLite (the median, at 10 000 articles × 7 with two tags each), so another process's writer waits as little as
 * for the articles' own transactions.
 */
const TAG_TRANSACTION_ARTICLES = 100;
/**
 * Batches the workers measure ahead of the one being written. With one, the workers waited for the writing thread
 * whenever they finished first, and a core stood idle; two keep them busy, for one more batch in memory
 * (decision 0236).
 */
const MEASURED_AHEAD = 2;
/** Articles in the import's first transaction; the next ones are sized from the time per article so far. */
const FIRST_TRANSACTION_ARTICLES = 8;
/**
 * Articles from which an import has PostgreSQL's search index buffer its inserts while it writes (bufferSearchInserts,
 * decision 0238): a file of a few batches or more; a smaller one would not fill the pending list once.
 */
export const BUFFERED_IMPORT_ARTICLES = IMPORT_BATCH;
/**
 * On SQLite, the pause after each transaction: a writer of another process (a server's, trying every 2 ms;
 * the search catch-up's) takes the write lock in it, where otherwise the next transaction would take it again.
 */
export const PAUSE_MS = 5;

/** Transaction sizes that take about `targetMs`: the time per article, smoothed, decides the next size. */
export function transactionSizes(targetMs: number, largest = IMPORT_BATCH) {
  let perArticleMs = 0;
  return {
    next: () =>
      perArticleMs === 0
        ? Math.min(FIRST_TRANSACTION_ARTICLES, largest)
        : Math.max(1, Math.min(largest, Math.floor(targetMs / perArticleMs))),
    took(articles: number, ms: number) {
      const sample = ms / articles;
      perArticleMs = perArticleMs === 0 ? sample : (perArticleMs + sample) / 2;
    },
  };
}

/** What an import's writes share: the database, the transactions' sizes, and what has landed so far. */
interface Writes {
  handle: DatabaseHandle;
  origin: string;
  revisionsPerVersion: number;
  sizes: ReturnType<typeof transactionSizes>;
  /** The articles and versions of the lines that landed, the last of those lines (0: none). */
  landed: ImportSummary;
}

const landedText = ({ landed }: Writes) =>
  landed.articles === 0 ? "no line landed" : `lines 1–${landed.lastLine} landed (${landed.articles} articles)`;

/** Lets other processes' writers in between two transactions (SQLite has one write lock, handed to no queue). */
const pause = ({ handle }: Writes) => (handle.dialect === "sqlite" ? sleep(PAUSE_MS) : yieldToEventLoop());

/** The versions of a batch as the import pool's workers take them, in the batch's order. */
const jobsOf = (batch: Parsed[]): ImportJob[] =>
  batch.flatMap((entry) =>
    [...entry.source.versions].map(([language, version]) => ({
      body: version.body,
      language,
      title: version.title,
      summary: version.summary,
    })),
  );

/** One transaction: these articles, searchable as it lands, with an audit entry naming their lines. */
async function writeTransaction(writes: Writes, part: Parsed[], prepared: PreparedVersion[]): Promise<ArticleChange[]> {
  const now = new Date().toISOString();
  let began = 0;
  try {
    const changed = await writes.handle.db.transaction().execute(async (trx) => {
      // From the moment the lock is ours: a wait for another process's is not the import's own time.
      began = performance.now();
      const changed = await upsertArticles(
        trx,
        part.map((entry) => entry.source),
        prepared,
        now,
        { uid: CLI_ACTOR, keep: writes.revisionsPerVersion },
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
    writes.sizes.took(part.length, performance.now() - began);
    return changed;
  } catch (error) {
    throw new Error(
      `writing lines ${part[0]!.line}–${part.at(-1)!.line} failed, nothing from line ${part[0]!.line} on was written; ${landedText(writes)}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * The tag pages' rows of a batch's articles, made once for the whole batch in short transactions, then the batch
 * announced once (servers drop cached pages and lists per announcement).
 */
async function announceBatch(writes: Writes, changes: ArticleChange[]): Promise<void> {
  if (changes.length === 0) return;
  for (let start = 0; start < changes.length; start += TAG_TRANSACTION_ARTICLES) {
    const part = changes.slice(start, start + TAG_TRANSACTION_ARTICLES);
    await writes.handle.db.transaction().execute((trx) =>
      refreshPublishedTags(
        trx,
        part.map((change) => change.id),
      ),
    );
    await pause(writes);
  }
  await announceChange(writes.handle, writes.origin, { kind: "articles", articles: changes });
}

/** A batch in transactions of about TRANSACTION_MS, then announced; when one fails, what landed before it is announced all the same. */
async function writeBatch(writes: Writes, { batch, versions: prepared }: Prepared): Promise<void> {
  const changes: ArticleChange[] = [];
  try {
    for (let start = 0, at = 0; start < batch.length;) {
      const part = batch.slice(start, start + writes.sizes.next());
      const partVersions = part.reduce((sum, entry) => sum + entry.source.versions.size, 0);
      changes.push(...(await writeTransaction(writes, part, prepared.slice(at, at + partVersions))));
      start += part.length;
      at += partVersions;
      writes.landed.articles += part.length;
      writes.landed.versions += partVersions;
      writes.landed.lastLine = part.at(-1)!.line;
      await pause(writes);
    }
  } catch (error) {
    await announceBatch(writes, changes).catch(() => {});
    throw error;
  }
  await announceBatch(writes, changes);
}

/** The articles stored before the import. */
async function articleCount(handle: DatabaseHandle): Promise<number> {
  const { count } = await handle.db
    .selectFrom("articles")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The check: the whole file read, parsed and validated; its articles' count, or the first bad line's ImportError. */
function checkedArticles(path: string, handle: DatabaseHandle): Promise<number> {
  const checked = (async () => {
    let total = 0;
    for await (const batch of parsedBatches(path, handle.db)) total += batch.length;
    return total;
  })();
  // Awaited by the first write, or after a failure of the second reading.
  checked.catch(() => {});
  return checked;
}

/**
 * Checks the whole file (parse and validate every line) while a second reading of it starts
 * measuring reading times, then writes it batch by batch while the workers measure the next ones:
 * nothing is written before the last line is known good, and at most MEASURED_AHEAD + 1 batches are in memory.
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
  const articlesBefore = await articleCount(handle);
  const pool = createImportPool(handle.dialect);
  // The first batches are measured while the check runs (the workers would otherwise wait for it); the first write
  // waits for its verdict.
  const checked = checkedArticles(path, handle);
  const writes: Writes = {
    handle,
    origin,
    revisionsPerVersion,
    sizes: transactionSizes(TRANSACTION_MS[handle.dialect]),
    landed: { articles: 0, versions: 0, lastLine: 0 },
  };
  let total = 0;
  let buffering = false;
  let finished = false;
  const write = async (prepared: Prepared) => {
    if (writes.landed.articles === 0) {
      total = await checked;
      if (total >= BUFFERED_IMPORT_ARTICLES) buffering = await bufferSearchInserts(handle.db, true);
    }
    await writeBatch(writes, prepared);
    progress({ articles: writes.landed.articles, total, lastLine: writes.landed.lastLine });
  };
  try {
    // The workers measure batches N + 1 to N + MEASURED_AHEAD while the main thread writes batch N.
    const measuring: Promise<Prepared>[] = [];
    try {
      for await (const batch of parsedBatches(path, handle.db)) {
        const next = pool.prepare(jobsOf(batch)).then((versions) => ({ batch, versions }));
        next.catch(() => {});
        measuring.push(next);
        if (measuring.length > MEASURED_AHEAD) await write(await measuring.shift()!);
      }
      for (let next = measuring.shift(); next; next = measuring.shift()) await write(await next);
    } catch (error) {
      // A bad line the second reading met first: the check reports it (nothing was written).
      await checked;
      // The file or the stored slugs changed between the check and the writes (another writer, an edited file).
      if (error instanceof ImportError)
        throw new Error(`${error.message}; the file changed after it was checked: ${landedText(writes)}`, {
          cause: error,
        });
      throw error;
    }
    finished = true;
  } finally {
    await pool.close();
    // After a failure too; then the failure is what the caller hears of, not this.
    if (buffering)
      await bufferSearchInserts(handle.db, false).catch((error: unknown) => {
        if (finished) throw error;
      });
  }
  if (writes.landed.articles > 0 && writes.landed.articles * STATISTICS_SHARE >= articlesBefore)
    await refreshStatistics(handle);
  return writes.landed;
}

/**
 * Planner statistics are refreshed after an import that brought or rewrote a tenth of the site's articles or more
 * (a bulk load, so list and tag queries keep their indexes); an import of a few articles into a large site leaves
 * them as they are: on SQLite ANALYZE reads every index of the tables while it holds the write lock.
 */
const STATISTICS_SHARE = 10;
const STATISTICS_TABLES = ["articles", "article_versions", "article_tags"];

/**
 * ANALYZE of the article tables. On SQLite one index at a time, each its own statement with a pause after it, so that
 * other processes' writes wait for one index's reading (article_versions' largest: about 15 ms per 1 000 articles × 7),
 * not all of them (its table: 0.7 s at 10 000 articles).
 */
async function refreshStatistics(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect === "postgres") {
    for (const table of STATISTICS_TABLES) await sql.raw(`analyze ${table}`).execute(handle.db);
    return;
  }
  const indexes = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'index' and tbl_name in (${sql.join(STATISTICS_TABLES)}) order by tbl_name, name`.execute(
    handle.db,
  );
  for (const { name } of indexes.rows) {
    await sql`analyze ${sql.id(name)}`.execute(handle.db);
    await sleep(PAUSE_MS);
  }
}
