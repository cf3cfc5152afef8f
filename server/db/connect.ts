/** Opens the configured database: SQLite (embedded, default) or PostgreSQL. */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, type DialectAdapter, type Driver, type LogEvent } from "kysely";
import pg from "pg";
import type { DatabaseTarget } from "#server/base/config.ts";
import { observeQuery, watchPool } from "#server/base/metrics.ts";
import { trackAvailability, type DatabaseAvailability, type DatabaseLog } from "./availability.ts";
import type { Database } from "./schema.ts";
import { SAFETY_NET_PAGES, startCheckpointer } from "./checkpoints.ts";
import { SERVER_LOCK_WAITS, SharedConnectionAdapter, waitingTheirTurn, type LockWaits } from "./lock-waits.ts";
import { openSqlite, type SqliteConnectionHandle } from "./sqlite-adapter.ts";
import { takingTurns } from "./statement-turns.ts";

export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL only: a pool other modules may use for LISTEN/NOTIFY. */
  pool: pg.Pool | null;
  /** Whether the database is reachable (always, for SQLite). */
  availability: DatabaseAvailability;
  close(): Promise<void>;
}

/**
 * Kysely's SQLite dialect, its transactions taking turns with other work on the event loop (statement-turns.ts),
 * and other processes' writes waited for off the event loop (lock-waits.ts).
 */
class TurnTakingSqliteDialect extends SqliteDialect {
  readonly #database: SqliteConnectionHandle;
  readonly #waits: LockWaits;
  constructor(database: SqliteConnectionHandle, waits: LockWaits) {
    super({ database });
    this.#database = database;
    this.#waits = waits;
  }
  override createDriver(): Driver {
    return takingTurns(waitingTheirTurn(super.createDriver(), () => this.#database.inTransaction(), this.#waits));
  }
  override createAdapter(): DialectAdapter {
    return new SharedConnectionAdapter();
  }
}

/** Every query's time goes to the metrics (server/base/metrics.ts). */
function timeQueries(dialect: DialectName) {
  return (event: LogEvent) =>
    observeQuery(dialect, event.level === "error" ? "error" : "ok", event.queryDurationMillis / 1000);
}

/**
 * `log` hears about what happens on the way: a folder created for SQLite, a PostgreSQL outage and its end.
 * `backgroundCheckpoints`: a SQLite file's WAL is checkpointed from a thread of its own, not by the
 * commit that fills it (checkpoints.ts): for the server, whose commits run on the event loop, and a bulk import,
 * whose commits would otherwise copy the WAL every other transaction.
 * `bulkWrites`: a SQLite connection sized for a command that writes much (sqlite-adapter.ts).
 * `lockWaits`: how long, and how, a write waits for another process's: on SQLite for the write lock
 * (lock-waits.ts; the server's SERVER_LOCK_WAITS unless given), on PostgreSQL for row locks, given only
 * (a command's): `limitMs` is the sessions' lock_timeout, and `onLongWait` hears of a statement waiting long.
 */
export function openDatabase(
  target: DatabaseTarget,
  log?: DatabaseLog,
  {
    backgroundCheckpoints = false,
    bulkWrites = false,
    lockWaits,
  }: { backgroundCheckpoints?: boolean; bulkWrites?: boolean; lockWaits?: LockWaits } = {},
): DatabaseHandle {
  const availability = trackAvailability(log);
  if (target.kind === "sqlite") {
    const folder = dirname(target.path);
    if (target.path !== ":memory:" && !existsSync(folder)) {
      mkdirSync(folder, { recursive: true });
      // A typo in DATABASE_URL would otherwise quietly start an empty site elsewhere.
      log?.warn({ folder: resolve(folder) }, `created the folder ${resolve(folder)} for the SQLite database`);
    }
    const database = openSqlite(target.path, { bulkWrites });
    const db = new Kysely<Database>({
      dialect: new TurnTakingSqliteDialect(database, lockWaits ?? SERVER_LOCK_WAITS),
      log: timeQueries("sqlite"),
    });
    const checkpointer =
      backgroundCheckpoints && target.path !== ":memory:" ? startCheckpointer(target.path, log) : null;
    if (checkpointer) database.exec(`PRAGMA wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
    return {
      db,
      dialect: "sqlite",
      pool: null,
      availability,
      close: async () => {
        await checkpointer?.stop();
        await db.destroy();
      },
    };
  }
  // A command's sessions are named, so that its waits for row locks can be seen (watchLockWaits).
  const applicationName = `polyglot-press ${process.pid} ${randomUUID().slice(0, 8)}`;
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    ...(lockWaits && { lock_timeout: lockWaits.limitMs, application_name: applicationName }),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => availability.failed(error));
  pool.on("connect", () => availability.connected());
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: timeQueries("postgres") });
  const unwatchPool = watchPool("postgres", pool);
  const unwatchLocks = lockWaits?.onLongWait ? watchLockWaits(pool, applicationName, lockWaits) : () => {};
  return {
    db,
    dialect: "postgres",
    pool,
    availability,
    close: () => {
      unwatchLocks();
      unwatchPool();
      return db.destroy();
    },
  };
}

/**
 * PostgreSQL queues a statement behind the row locks it needs, and says so in pg_stat_activity: every
 * quarter of `noticeAfterMs`, one look for a statement of these sessions waiting for a lock that long,
 * and `onLongWait` once per such wait.
 */
function watchLockWaits(
  pool: pg.Pool,
  applicationName: string,
  { onLongWait, noticeAfterMs = 1_000 }: LockWaits,
): () => void {
  let told = false;
  let looking = false;
  const timer = setInterval(() => {
    if (looking) return;
    looking = true;
    pool
      .query(
        "select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock' and clock_timestamp() - query_start > $2 * interval '1 millisecond' limit 1",
        [applicationName, noticeAfterMs],
      )
      .then(({ rowCount }) => {
        if (rowCount === 0) told = false;
        else if (!told) {
          told = true;
          onLongWait?.();
        }
      })
      // Not knowing is no reason to stop: the statement itself still waits, bounded by lock_timeout.
      .catch(() => {})
      .finally(() => (looking = false));
  }, noticeAfterMs / 4);
  timer.unref();
  return () => clearInterval(timer);
}
