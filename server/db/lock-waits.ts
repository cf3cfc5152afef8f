/**
 * SQLite has one write lock per database file, and node:sqlite waits for it synchronously: with a busy
 * timeout, a server's write made while another process (`npm run content -- import`, the search
 * catch-up's thread) held the lock held the server's event loop until it was free, and every request
 * waited with it (a cached page, 3.8 s during an import). A transaction that began with a read and then
 * wrote got "database is locked" at once, whatever the timeout: SQLite cannot wait for the lock there.
 * Here (docs/decisions/0146-writers-wait-their-turn-off-the-event-loop.md):
 * - every transaction begins IMMEDIATE: it takes the write lock first, where waiting is possible;
 * - the connection has no busy timeout: a statement or a BEGIN that finds another process's lock
 *   fails at once and is tried again after a short sleep, so the event loop stays free meanwhile;
 * - while it sleeps, the connection is free for the process's other statements (reads of other
 *   requests): a waiting writer holds nothing of its own yet. A transaction holds the connection from
 *   its BEGIN to its COMMIT, as Kysely's own single-connection driver does;
 * - the wait is bounded (`LockWaits.limitMs`), and a command may say something once it has waited long.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { CompiledQuery, SqliteAdapter, type DatabaseConnection, type Driver } from "kysely";

/** How a connection waits for another connection's write lock. */
export interface LockWaits {
  /** How long one statement or BEGIN waits for the lock at most; then its "database is locked" error stands. */
  limitMs: number;
  /** The longest sleep between two tries: the shorter, the sooner a freed lock is taken (and the more tries). */
  pollMs: number;
  /** Called once per wait that has lasted `noticeAfterMs` (a command's message on stderr). */
  onLongWait?: () => void;
  noticeAfterMs?: number;
}

/**
 * A server's: tries every 2 ms at most, so that it takes the lock in the pauses a bulk writer leaves
 * between its transactions (ndjson.ts), and gives up after the 5 s its busy timeout used to wait.
 */
export const SERVER_LOCK_WAITS: LockWaits = { limitMs: 5_000, pollMs: 2 };

/** Background work (the search catch-up's thread): no one waits for its answer. */
export const BACKGROUND_LOCK_WAITS: LockWaits = { limitMs: 60_000, pollMs: 10 };

/** SQLITE_BUSY and its extended codes (BUSY_RECOVERY, BUSY_SNAPSHOT, BUSY_TIMEOUT): another connection holds what this one needs. */
export function isBusy(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "errcode" in error &&
    typeof error.errcode === "number" &&
    (error.errcode & 0xff) === 5
  );
}

/** The error after `limitMs` of waiting: says what happened, keeps SQLite's as its cause. */
export class LockWaitError extends Error {
  constructor(waitedMs: number, cause: unknown) {
    super(`database is locked: another process kept writing to it for ${(waitedMs / 1000).toFixed(1)} s`, { cause });
    this.name = "LockWaitError";
  }
}

/** A first-come, first-served lock: one caller holds the connection at a time. */
class Turnstile {
  #held = false;
  #queue: (() => void)[] = [];
  enter(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }
  leave(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Kysely's SQLite adapter, saying the driver hands its connection out itself (waitingTheirTurn), so Kysely adds no mutex of its own. */
export class SharedConnectionAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/**
 * `driver` (Kysely's SQLite driver, one connection) handing its connection to one caller at a time,
 * transactions beginning IMMEDIATE, and statements waiting for other processes' writes as `waits` says.
 * `inTransaction` tells whether the connection has a transaction open (node:sqlite's isTransaction).
 * Use with SharedConnectionAdapter.
 */
export function waitingTheirTurn(driver: Driver, inTransaction: () => boolean, waits: LockWaits): Driver {
  const turnstile = new Turnstile();
  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  /** Runs `attempt` until no other connection's lock stops it, leaving the connection to others while it sleeps. */
  async function untilFree<T>(attempt: () => Promise<T>): Promise<T> {
    let started = 0;
    let told = false;
    for (let sleepMs = 0.5; ; sleepMs = Math.min(sleepMs * 2, waits.pollMs)) {
      try {
        return await attempt();
      } catch (error) {
        // Inside a transaction the lock is already ours (BEGIN IMMEDIATE): a failure there is not a wait.
        if (!isBusy(error) || inTransaction()) throw error;
        const now = performance.now();
        started ||= now;
        if (now - started >= waits.limitMs) throw new LockWaitError(now - started, error);
        if (!told && waits.onLongWait && now - started >= (waits.noticeAfterMs ?? 1_000)) {
          told = true;
          waits.onLongWait();
        }
        turnstile.leave();
        try {
          await sleep(Math.max(1, Math.round(sleepMs)));
        } finally {
          await turnstile.enter();
        }
      }
    }
  }

  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    let waiting = wrapped.get(connection);
    if (!waiting) {
      waiting = {
        executeQuery: (query) => untilFree(() => connection.executeQuery(query)),
        // Streams read (SQLite: selects only); a read in WAL mode waits for no writer.
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
      wrapped.set(connection, waiting);
    }
    return waiting;
  };

  return {
    init: (options) => driver.init(options),
    acquireConnection: async (options) => {
      await turnstile.enter();
      try {
        return wrap(await driver.acquireConnection(options));
      } catch (error) {
        turnstile.leave();
        throw error;
      }
    },
    releaseConnection: async (connection, options) => {
      try {
        await driver.releaseConnection(connection, options);
      } finally {
        turnstile.leave();
      }
    },
    // IMMEDIATE: the write lock is taken (or waited for) at the start. A deferred transaction that reads first
    // and writes next cannot wait for it: SQLite answers "database is locked" at once (its snapshot may be stale).
    beginTransaction: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    },
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    savepoint: (connection, name, compile) => driver.savepoint!(connection, name, compile),
    rollbackToSavepoint: (connection, name, compile) => driver.rollbackToSavepoint!(connection, name, compile),
    releaseSavepoint: (connection, name, compile) => driver.releaseSavepoint!(connection, name, compile),
    destroy: (options) => driver.destroy(options),
  };
}
