/**
 * Holds the current content snapshot and replaces it when content changes.
 * With PostgreSQL, a change on one instance is announced on a LISTEN/NOTIFY
 * channel so every instance reloads within a second (docs/decisions/0004-content-snapshot.md).
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Logger } from "../log.ts";
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
  let snapshot = await loadSnapshot(handle.db, 1);
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
        snapshot = await loadSnapshot(handle.db, snapshot.version + 1);
        for (const listener of listeners) listener(snapshot);
      } while (reloadAgain);
    })().finally(() => {
      reloading = null;
    });
    return reloading;
  }

  // Our own NOTIFY comes back to us too; the payload names the sender so we skip it.
  const instanceId = randomUUID();
  let listenClient: pg.PoolClient | null = null;
  if (handle.pool) {
    listenClient = await handle.pool.connect();
    listenClient.on("notification", (message) => {
      if (message.payload === instanceId) return;
      reload().catch((error: unknown) => log.error({ err: error }, "content reload after notification failed"));
    });
    await listenClient.query(`LISTEN ${CONTENT_CHANNEL}`);
  }

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
      listenClient?.release();
    },
  };
}
