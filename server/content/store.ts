/**
 * Holds the resident content (resident.ts) and spreads content changes: a
 * change is applied here at once (resident data reloaded when it changed,
 * listeners told exactly what changed), appended to the change log, and
 * announced — with PostgreSQL by NOTIFY carrying the change, so every instance
 * invalidates the same set within a second; with SQLite other processes on the
 * same file (a second server, the content CLI) read the log every quarter
 * second. After a lost LISTEN connection an instance refreshes everything once
 * (docs/decisions/0030-content-on-demand.md).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type pg from "pg";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { countContentChange } from "#server/base/metrics.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/base/log.ts";
import { createArticleReader, type ArticleReader } from "./articles.ts";
import { enqueueWebhookEvent } from "#server/webhooks/outbox.ts";
import { EVERYTHING, parseContentChange, staleCacheKeys, type ContentChange } from "./changes.ts";
import { loadResident, type Resident } from "./resident.ts";

export const CONTENT_CHANNEL = "polyglot_content_changed";
/** How often a SQLite instance reads the change log for other processes' writes. */
export const CHANGE_POLL_MS = 250;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger changes travel by their log id only. */
const MAX_NOTIFY_PAYLOAD = 7_500;
/** Beyond this many missed changes, invalidating everything is cheaper than replaying them. */
const MAX_REPLAYED_CHANGES = 500;
const CHANGE_LOG_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface ContentStore {
  /** The resident content: languages, UI strings, section names, ROME reference. */
  current(): Resident;
  /** Articles, read on demand. */
  articles: ArticleReader;
  /**
   * Call after every content write. Without an argument the resident data changed
   * (everything is invalidated); article writes pass the articles they touched.
   */
  changed(change?: ContentChange): Promise<void>;
  /** Runs for every change, made here or elsewhere, after the resident data is up to date. */
  onChange(listener: (change: ContentChange) => void): () => void;
  close(): Promise<void>;
}

interface Notice {
  origin: string;
  id: number;
  change?: ContentChange;
}

/**
 * Appends a change to the log and, with PostgreSQL, announces it; returns its log id. Shared with the content CLI.
 * The instance (or command) that made the change also tells webhooks which cached pages it made stale (`cache.purge`).
 */
export async function announceChange(handle: DatabaseHandle, origin: string, change: ContentChange): Promise<number> {
  const json = JSON.stringify(change);
  await enqueueWebhookEvent(handle.db, "cache.purge", { keys: staleCacheKeys(change) });
  const row = await handle.db
    .insertInto("content_changes")
    .values({ origin, change: json, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (handle.pool) {
    const full = JSON.stringify({ origin, id, change } satisfies Notice);
    const payload =
      Buffer.byteLength(full) < MAX_NOTIFY_PAYLOAD ? full : JSON.stringify({ origin, id } satisfies Notice);
    await handle.pool.query("select pg_notify($1, $2)", [CONTENT_CHANNEL, payload]);
  }
  countContentChange("sent");
  return id;
}

async function latestChangeId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("content_changes")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function createContentStore(handle: DatabaseHandle, log: Logger): Promise<ContentStore> {
  let resident = await loadResident(handle.db);
  const listeners = new Set<(change: ContentChange) => void>();
  let reloading: Promise<void> | null = null;
  let reloadAgain = false;
  const instanceId = randomUUID();
  let lastSeenId = await latestChangeId(handle.db);
  await handle.db
    .deleteFrom("content_changes")
    .where("created_at", "<", new Date(Date.now() - CHANGE_LOG_RETENTION_MS).toISOString())
    .execute();

  // Coalesces bursts of resident changes into at most one reload in flight plus one queued.
  async function reload(): Promise<void> {
    if (reloading) {
      reloadAgain = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        reloadAgain = false;
        resident = await loadResident(handle.db, resident);
      } while (reloadAgain);
    })().finally(() => {
      reloading = null;
    });
    return reloading;
  }

  const articles = createArticleReader(handle.db, log);

  async function apply(change: ContentChange): Promise<void> {
    // Job labels are part of the resident reference (decision 0222).
    if (change.kind === "everything" || change.kind === "jobs") await reload();
    if (change.kind === "everything" || change.kind === "articles")
      articles.forgetLists(
        change.kind === "everything" ? undefined : change.articles.flatMap((article) => article.reordered),
      );
    for (const listener of listeners) listener(change);
  }

  /** Applies the log's entries after `lastSeenId` made by other processes. */
  async function catchUp(): Promise<void> {
    const rows = await handle.db
      .selectFrom("content_changes")
      .select(["id", "origin", "change"])
      .where("id", ">", lastSeenId)
      .orderBy("id")
      .limit(MAX_REPLAYED_CHANGES + 1)
      .execute();
    if (rows.length === 0) return;
    if (rows.length > MAX_REPLAYED_CHANGES) {
      lastSeenId = await latestChangeId(handle.db);
      await apply(EVERYTHING);
      return;
    }
    for (const row of rows) {
      lastSeenId = Math.max(lastSeenId, Number(row.id));
      if (row.origin !== instanceId) await apply(parseContentChange(row.change));
    }
  }

  async function noticed(payload: string | undefined): Promise<void> {
    let notice: Notice;
    try {
      notice = JSON.parse(payload ?? "") as Notice;
    } catch {
      return apply(EVERYTHING);
    }
    if (notice.origin === instanceId) return;
    countContentChange("received");
    // A change too large for the payload is read from the log.
    if (!notice.change) return catchUp();
    lastSeenId = Math.max(lastSeenId, Number(notice.id) || 0);
    return apply(parseContentChange(JSON.stringify(notice.change)));
  }

  const changeFeed = handle.pool
    ? await listenForChanges(handle.pool, log, {
        notified: (payload) => {
          noticed(payload).catch((error: unknown) =>
            log.error({ err: error }, "applying a notified content change failed"),
          );
        },
        // Changes announced while the connection was down were missed, and not every writer need have
        // logged them (a manual SQL fix, an older instance): a reconnection is rare, so refresh everything once.
        reconnected: async () => {
          lastSeenId = await latestChangeId(handle.db);
          await apply(EVERYTHING);
        },
      })
    : null;

  // SQLite has no NOTIFY: read the log for other processes' changes.
  let polling = false;
  const poller = handle.pool
    ? null
    : setInterval(() => {
        if (polling) return;
        polling = true;
        catchUp()
          .catch((error: unknown) => log.error({ err: error }, "reading the content change log failed"))
          .finally(() => {
            polling = false;
          });
      }, CHANGE_POLL_MS);
  poller?.unref();

  return {
    current: () => resident,
    articles,
    async changed(change = EVERYTHING) {
      await apply(change);
      await announceChange(handle, instanceId, change);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (poller) clearInterval(poller);
      changeFeed?.close();
      await articles.rendersStored();
    },
  };
}

/** Waits before each reconnection attempt, the last one repeating: quick for a blip, gentle for an outage. */
const RECONNECT_DELAYS_MS = [50, 200, 500, 1_000, 2_000, 5_000];

interface ChangeHandlers {
  notified(payload: string | undefined): void;
  reconnected(): Promise<void>;
}

/**
 * Holds one pooled connection LISTENing on the content channel. When it is lost
 * (server restart, failover, pg_terminate_backend) it is discarded and a new one
 * LISTENs again, with backoff, until it succeeds or the store is closed.
 */
async function listenForChanges(pool: pg.Pool, log: Logger, handlers: ChangeHandlers): Promise<{ close(): void }> {
  let client: pg.PoolClient | null = null;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = await pool.connect();
    next.on("notification", (message) => handlers.notified(message.payload));
    // A checked-out client has no error listener of the pool's: without ours, a lost connection would crash the process.
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("the LISTEN connection ended")));
    try {
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (error) {
      next.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    if (closed) next.release();
    else client = next;
  }

  function lost(lostClient: pg.PoolClient, error: unknown) {
    if (client !== lostClient) return;
    client = null;
    // Passing the error makes the pool destroy the connection instead of reusing it.
    lostClient.release(error instanceof Error ? error : new Error(String(error)));
    if (closed) return;
    log.warn({ err: error }, "lost the content-change LISTEN connection; reconnecting");
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          failures = 0;
          if (closed) return;
          log.info("listening for content changes again");
          handlers
            .reconnected()
            .catch((error: unknown) => log.error({ err: error }, "refreshing content after reconnecting failed"));
        },
        (error: unknown) => {
          failures += 1;
          log.warn({ err: error }, "could not LISTEN for content changes; retrying");
          scheduleReconnect();
        },
      );
    }, delay);
  }

  // At start-up a failure is fatal: an instance that cannot hear changes must not serve stale content silently.
  await connect();
  return {
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      current?.release();
    },
  };
}
