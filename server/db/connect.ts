/** Opens the configured database: SQLite (embedded, default) or PostgreSQL. */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, type Driver, type LogEvent } from "kysely";
import pg from "pg";
import type { DatabaseTarget } from "#server/config.ts";
import { observeQuery, watchPool } from "#server/metrics.ts";
import { trackAvailability, type DatabaseAvailability, type DatabaseLog } from "./availability.ts";
import type { Database } from "./schema.ts";
import { SAFETY_NET_PAGES, startCheckpointer } from "./checkpoints.ts";
import { openSqlite } from "./sqlite-adapter.ts";
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

/** Kysely's SQLite dialect, its transactions taking turns with other work on the event loop (statement-turns.ts). */
class TurnTakingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return takingTurns(super.createDriver());
  }
}

/** Every query's time goes to the metrics (server/metrics.ts). */
function timeQueries(dialect: DialectName) {
  return (event: LogEvent) => observeQuery(dialect, event.level === "error" ? "error" : "ok", event.queryDurationMillis / 1000);
}

/**
 * `log` hears about what happens on the way: a folder created for SQLite, a PostgreSQL outage and its end.
 * `backgroundCheckpoints`: a SQLite file's WAL is checkpointed from a thread of its own, not by the
 * commit that fills it (checkpoints.ts): for the server, whose commits run on the event loop.
 */
export function openDatabase(target: DatabaseTarget, log?: DatabaseLog, { backgroundCheckpoints = false } = {}): DatabaseHandle {
  const availability = trackAvailability(log);
  if (target.kind === "sqlite") {
    const folder = dirname(target.path);
    if (target.path !== ":memory:" && !existsSync(folder)) {
      mkdirSync(folder, { recursive: true });
      // A typo in DATABASE_URL would otherwise quietly start an empty site elsewhere.
      log?.warn({ folder: resolve(folder) }, `created the folder ${resolve(folder)} for the SQLite database`);
    }
    const database = openSqlite(target.path);
    const db = new Kysely<Database>({ dialect: new TurnTakingSqliteDialect({ database }), log: timeQueries("sqlite") });
    const checkpointer = backgroundCheckpoints && target.path !== ":memory:" ? startCheckpointer(target.path, log) : null;
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
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => availability.failed(error));
  pool.on("connect", () => availability.connected());
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: timeQueries("postgres") });
  const unwatchPool = watchPool("postgres", pool);
  return {
    db,
    dialect: "postgres",
    pool,
    availability,
    close: () => {
      unwatchPool();
      return db.destroy();
    },
  };
}
