/**
 * The search catch-up: renders and indexes the versions marked `awaiting_index` (decision 0139) — by a
 * migration that indexes again, or by an import made before decision 0226 (imports now index as they write) —
 * a few articles at a time. Every server process runs one, woken at start-up, by every article change
 * and every minute (a stopped process's
 * claim expires). Its work runs on a thread of its own with a database connection
 * of its own (catch-up-worker.ts): on SQLite every statement, and the disk writes
 * of its commits, would otherwise hold the server's event loop (blocks of 80–170 ms
 * every few seconds at 10 000 articles). Processes share the work by claims: a claim
 * marks a few articles' awaiting versions with an expiry and a token, and the
 * rendering and the search entries are stored in one transaction only where the claim
 * still stands (any write of a version drops it). Search pages are told at most once a second.
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { mediaImagesIn, type MediaRendition } from "#core/media-rules.ts";
import type { AppServices } from "#server/content/context.ts";
import { renderForIndex, type IndexedRendering } from "#server/content/rendering.ts";
import type { DatabaseHandle, DialectName } from "#server/db/connect.ts";
import type { Database } from "#server/db/schema.ts";
import { loadRenditions } from "#server/media/renditions.ts";
import { countCaughtUpVersions } from "#server/base/metrics.ts";
import { refreshPublishedIndex, type KnownText } from "#server/search/published-index.ts";

/**
 * Articles per claim (seven versions each). On SQLite a batch's transaction holds the database's write lock, which
 * a write of the server's thread (a save, an analytics event) waits for (off its event loop since decision 0146): with two articles
 * such a write waited p99 8.6 ms, at most 18.8 ms, during a 10 000 × 7 catch-up (four: 18.7 and 34 ms; both took
 * 85 s). On PostgreSQL a batch costs its round trips more than its size.
 */
export const CATCH_UP_ARTICLES: Record<DialectName, number> = { sqlite: 2, postgres: 8 };
/** How long a claim stands: far longer than a batch takes; after it, another process takes the versions over. */
export const CLAIM_MS = 5 * 60_000;
/** How often an idle catch-up looks for work nobody announced (claims left by a stopped process). */
export const CATCH_UP_INTERVAL_MS = 60_000;
/** Search pages are invalidated at most this often while a catch-up runs. */
const ANNOUNCE_EVERY_MS = 1_000;

/** Claimed versions with the library images they show, and the claim that must still stand when they are stored. */
export interface ClaimedBatch {
  claim: string;
  versions: { id: number; article_id: number; code: string; title: string; summary: string; body: string }[];
  media: Record<number, MediaRendition>;
}

/** What one batch did: the versions it claimed (0: nothing awaits) and the languages whose search entries it wrote. */
export interface CatchUpBatch {
  claimed: number;
  languages: string[];
}

/**
 * Awaiting versions nobody holds (a claim starts with its expiry: an ISO time compares as text), by article.
 * A literal 1, not a parameter: SQLite uses a partial index only where the query's own text implies its
 * condition (awaiting_index = 1); with a parameter it read every version's row (66 ms a claim at 1 000 articles).
 */
export const awaitingVersion = sql<boolean>`article_versions.awaiting_index = 1`;
const unclaimedAt = (free: string) => (eb: ExpressionBuilder<Database, "article_versions">) =>
  eb.or([eb("index_claim", "is", null), eb("index_claim", "<", free)]);

function unclaimedAwaiting(db: Kysely<Database>, free: string) {
  return db
    .selectFrom("article_versions")
    .select("article_id")
    .where(awaitingVersion)
    .where(unclaimedAt(free))
    .orderBy("article_id");
}

/** Claims the awaiting versions of the next articles nobody holds (CATCH_UP_ARTICLES); null when none is left. */
async function claimBatch(handle: DatabaseHandle, now = Date.now()): Promise<ClaimedBatch | null> {
  const { db } = handle;
  const claim = `${new Date(now + CLAIM_MS).toISOString()} ${randomUUID()}`;
  const free = new Date(now).toISOString();
  const claimNext = () =>
    db
      .updateTable("article_versions")
      .set({ index_claim: claim })
      .where(awaitingVersion)
      .where(unclaimedAt(free))
      .where("article_id", "in", unclaimedAwaiting(db, free).distinct().limit(CATCH_UP_ARTICLES[handle.dialect]))
      .returning(["id", "article_id", "code", "title", "summary", "body"])
      .execute();
  let versions = await claimNext();
  // On PostgreSQL another process may have claimed the same articles first (the rows it waited for are checked
  // again, and now held): nothing claimed ends the catch-up only when nothing is left to claim.
  while (versions.length === 0 && (await anyUnclaimed(handle, now))) versions = await claimNext();
  if (versions.length === 0) return null;
  const media = await loadRenditions(
    db,
    versions.flatMap((version) => mediaImagesIn(version.body).map((image) => image.id)),
  );
  return { claim, versions, media };
}

/** Renders a claimed batch: HTML, search text and index terms from one parse. */
export function renderBatch(batch: ClaimedBatch, dialect: DialectName): IndexedRendering[] {
  return renderForIndex(
    batch.versions.map((version) => ({
      body: version.body,
      language: version.code,
      title: version.title,
      summary: version.summary,
    })),
    batch.media,
    dialect,
  );
}

/** Stores a batch's renderings and search entries in one transaction, where its claim still stands. */
async function storeBatch(
  handle: DatabaseHandle,
  batch: ClaimedBatch,
  rendered: IndexedRendering[],
): Promise<CatchUpBatch> {
  await handle.db.transaction().execute(async (trx) => {
    const known = new Map<string, KnownText>();
    for (const [index, version] of batch.versions.entries()) {
      const rendering = rendered[index]!;
      const stored = await trx
        .updateTable("article_versions")
        .set({ ...rendering.version, awaiting_index: 0, index_claim: null })
        .where("id", "=", version.id)
        .where("index_claim", "=", batch.claim)
        .executeTakeFirst();
      // Written since the claim: that write stored its own rendering, or marked the new text for a later batch.
      if (Number(stored.numUpdatedRows) === 0) continue;
      known.set(`${version.article_id}:${version.code}`, {
        fingerprint: rendering.fingerprint,
        indexed: rendering.indexed,
      });
    }
    await refreshPublishedIndex(trx, [...new Set(batch.versions.map((version) => version.article_id))], known, {
      tags: false,
    });
  });
  return { claimed: batch.versions.length, languages: [...new Set(batch.versions.map((version) => version.code))] };
}

/** One batch, claimed, rendered (`render`: renderBatch unless a test says otherwise) and stored. */
export async function catchUpBatch(
  handle: DatabaseHandle,
  render: (batch: ClaimedBatch) => IndexedRendering[] | Promise<IndexedRendering[]> = (batch) =>
    renderBatch(batch, handle.dialect),
  now = Date.now(),
): Promise<CatchUpBatch> {
  const batch = await claimBatch(handle, now);
  if (!batch) return { claimed: 0, languages: [] };
  return storeBatch(handle, batch, await render(batch));
}

/** Whether any awaiting version is left that nobody holds: one read of the partial index. */
export async function anyUnclaimed(handle: DatabaseHandle, now = Date.now()): Promise<boolean> {
  return (await unclaimedAwaiting(handle.db, new Date(now).toISOString()).limit(1).executeTakeFirst()) !== undefined;
}

export interface SearchCatchUp {
  /** Looks for awaiting versions now (start-up, tests) and resolves when none is left unclaimed. */
  run(): Promise<void>;
  /** No further batches; resolves once the running one is stored (its thread has ended). */
  stop(): Promise<void>;
}

/** What the catch-up's thread tells the server: a batch stored, or why it stopped early. */
export type CatchUpMessage = ({ kind: "batch" } & CatchUpBatch) | { kind: "failed"; message: string; stack?: string };

/** A stopping catch-up's thread finishes its batch; one stuck on an unreachable database is ended after this long. */
const STOP_GRACE_MS = 5_000;

export function startSearchCatchUp({
  config,
  database,
  content,
  log,
}: Pick<AppServices, "config" | "database" | "content" | "log">): SearchCatchUp {
  // Resolved through package.json's imports, as the bundle's own neighbours are not source files; no inherited
  // Node options (the Docker image starts the server with `--input-type=module -e`, which a file refuses).
  const script = new URL(import.meta.resolve("#server/content/search-catch-up-worker.ts"));
  let thread: Worker | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** Runs the thread until nothing is left to claim; the server only counts, announces and logs. */
  async function drain(): Promise<void> {
    // A thread is started only for work: every article change and every minute ask.
    if (!(await anyUnclaimed(database)) || stopped) return;
    const started = performance.now();
    let versions = 0;
    let languages = new Set<string>();
    let announcedAt = started;
    const announce = async () => {
      if (languages.size === 0) return;
      const changed = [...languages];
      languages = new Set();
      announcedAt = performance.now();
      await content
        .changed({ kind: "search", languages: changed })
        .catch((error: unknown) => log.error({ err: error }, "announcing the search catch-up's entries failed"));
    };
    const worker = new Worker(script, { execArgv: [], workerData: { target: config.database } });
    thread = worker;
    worker.on("message", (message: CatchUpMessage) => {
      if (message.kind === "failed") {
        log.error({ err: { message: message.message, stack: message.stack } }, "the search catch-up failed");
        return;
      }
      versions += message.claimed;
      countCaughtUpVersions(message.claimed);
      for (const code of message.languages) languages.add(code);
      if (performance.now() - announcedAt >= ANNOUNCE_EVERY_MS) void announce();
    });
    worker.on("error", (error) => log.error({ err: error }, "the search catch-up failed"));
    await once(worker, "exit");
    thread = null;
    await announce();
    if (versions > 0)
      log.info(
        { versions, seconds: Math.round((performance.now() - started) / 100) / 10 },
        "rendered and indexed versions a bulk import stored",
      );
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    again = false;
    // A change announced after the thread found nothing left gets a run of its own.
    running = drain()
      .catch((error: unknown) => {
        // An outage is logged by the database's availability tracker; the next wake-up tries again.
        if (!database.availability.failed(error)) log.error({ err: error }, "the search catch-up failed");
      })
      .finally(() => {
        running = null;
        if (again) void run();
      });
    return running;
  }

  const unsubscribe = content.onChange((change) => {
    if (change.kind === "articles") void run();
  });
  void run();
  const timer = setInterval(() => void run(), CATCH_UP_INTERVAL_MS);
  timer.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      const stopping = thread;
      if (stopping) {
        stopping.postMessage("stop");
        const ended = setTimeout(() => void stopping.terminate(), STOP_GRACE_MS);
        ended.unref();
      }
      await running;
    },
  };
}
