/**
 * Holds the current content snapshot and replaces it when content changes.
 * With PostgreSQL, a change on one instance is announced on a LISTEN/NOTIFY
 * channel so every instance reloads within a second (docs/decisions/0004-content-snapshot-and-page-cache.md).
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Logger } from "#server/log.ts";
import { loadSnapshot, type Snapshot } from "./snapshot.ts";

export const CONTENT_CHANNEL = "polyglot_content_changed";

export interface ContentStore {
  current(): Snapshot;
  /** Reloads here and tells the other instances to reload too. Call after every content write. */
  changed(): Promise<void>;
  onReload(listener: (snapshot: Snapshot) => void): () => void;
  close(): Promise<void>;
}

export async function createContentStore(handle: DatabaseHandle, log: Logger): Promise<ContentStore> {
  let snapshot = await loadSnapshot(handle.db);
  const listeners = new Set<(snapshot: Snapshot) => void>();
  let reloading: Promise<void> | null = null;
  let reloadAgain = false;

  // Coalesces bursts of changes into at most one reload in flight plus one queued.
  async function reload(): Promise<void> {
    if (reloading) {
      reloadAgain = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        reloadAgain = false;
        snapshot = await loadSnapshot(handle.db, snapshot);
        for (const listener of listeners) listener(snapshot);
      } while (reloadAgain);
    })().finally(() => {
      reloading = null;
    });
    return reloading;
  }

  // Our own NOTIFY comes back to us too; the payload names the sender so we skip it.
  const instanceId = randomUUID();
  const reloadLogged = (why: string) => {
    reload().catch((error: unknown) => log.error({ err: error }, `content reload ${why} failed`));
  };
  const changeFeed = handle.pool
    ? await listenForChanges(handle.pool, log, {
        notified: (payload) => {
          if (payload !== instanceId) reloadLogged("after notification");
        },
        // Changes announced while the connection was down were missed: catch up once.
        reconnected: () => reloadLogged("after reconnecting"),
      })
    : null;

  return {
    current: () => snapshot,
    async changed() {
      await reload();
      if (handle.pool) await handle.pool.query("select pg_notify($1, $2)", [CONTENT_CHANNEL, instanceId]);
    },
    onReload(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      changeFeed?.close();
    },
  };
}

/** Waits before each reconnection attempt, the last one repeating: quick for a blip, gentle for an outage. */
const RECONNECT_DELAYS_MS = [50, 200, 500, 1_000, 2_000, 5_000];

interface ChangeHandlers {
  notified(payload: string | undefined): void;
  reconnected(): void;
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
          handlers.reconnected();
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
