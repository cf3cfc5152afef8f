/** Opens the configured database: SQLite (embedded, default) or PostgreSQL. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from "kysely";
import pg from "pg";
import type { DatabaseTarget } from "#server/config.ts";
import { observeQuery, watchPool } from "#server/metrics.ts";
import type { Database } from "./schema.ts";
import { openSqlite } from "./sqlite-adapter.ts";

export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL only: a pool other modules may use for LISTEN/NOTIFY. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

/** Every query's time goes to the metrics (server/metrics.ts). */
function timeQueries(dialect: DialectName) {
  return (event: LogEvent) => observeQuery(dialect, event.level === "error" ? "error" : "ok", event.queryDurationMillis / 1000);
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === "sqlite") {
    if (target.path !== ":memory:") mkdirSync(dirname(target.path), { recursive: true });
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(target.path) }), log: timeQueries("sqlite") });
    return { db, dialect: "sqlite", pool: null, close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: timeQueries("postgres") });
  const unwatchPool = watchPool("postgres", pool);
  return {
    db,
    dialect: "postgres",
    pool,
    close: () => {
      unwatchPool();
      return db.destroy();
    },
  };
}
