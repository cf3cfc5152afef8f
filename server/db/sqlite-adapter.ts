/**
 * Bridges node:sqlite's DatabaseSync to the better-sqlite3-shaped interface
 * Kysely's SqliteDialect expects: no native addon to build, SQLite ships in Node.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { LRUCache } from "lru-cache";

/** node:sqlite binds no booleans; store them as 0/1 like the schema does. */
function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SQLInputValue;
}

function wrapStatement(statement: StatementSync): SqliteStatement {
  return {
    // A statement returns rows when it has result columns (SELECT, or anything with RETURNING).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...parameters.map(toSqliteValue)),
    run: (parameters) => statement.run(...parameters.map(toSqliteValue)),
    iterate: (parameters) => statement.iterate(...parameters.map(toSqliteValue)),
  };
}

/** The page size of a database created here (SQLite's default is 4 096). */
export const PAGE_SIZE_BYTES = 16_384;

/** Distinct SQL texts kept prepared: Kysely builds the same few hundred, and preparing costs as much as a small query. */
const PREPARED_STATEMENTS = 500;

/** node:sqlite's connection as Kysely's SqliteDialect takes it, with what lock-waits.ts needs. */
export interface SqliteConnectionHandle extends SqliteDatabase {
  exec(sql: string): void;
  /** Whether a transaction is open on the connection. */
  inTransaction(): boolean;
}

/**
 * A bulk writer's page cache (SQLite's default is 2 MB, 125 of these pages): an import's transactions touch a leaf of
 * every tag's and every language's index range, and with the default cache each insert read its pages back
 * (docs/decisions/0235-imports-do-less-per-version.md).
 */
const BULK_CACHE_KIB = 65_536;

/**
 * Opens `path` in WAL mode. Its settings wait up to 5 s for another process (a database being created or
 * recovered); then the connection waits for no lock itself: lock-waits.ts waits off the event loop.
 * `bulkWrites`: the connection of a command that writes much (an import): a larger page cache, and the rollback
 * copies of its multi-row statements kept in memory rather than in temporary files.
 */
export function openSqlite(
  path: string,
  { bulkWrites = false }: { bulkWrites?: boolean } = {},
): SqliteConnectionHandle {
  const database = new DatabaseSync(path, { timeout: 5000 });
  // Only a database with no table yet takes it. A version's rows hold tens of KB (body, HTML, revision, search
  // text): larger pages write them with fewer overflow pages (decision 0133).
  database.exec(`PRAGMA page_size = ${PAGE_SIZE_BYTES};`);
  database.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
  database.exec("PRAGMA busy_timeout = 0;");
  if (bulkWrites) database.exec(`PRAGMA cache_size = -${BULK_CACHE_KIB}; PRAGMA temp_store = MEMORY;`);
  const prepared = new LRUCache<string, SqliteStatement>({ max: PREPARED_STATEMENTS });
  return {
    close: () => database.close(),
    prepare: (sql) => {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = wrapStatement(database.prepare(sql));
        prepared.set(sql, statement);
      }
      return statement;
    },
    exec: (sql) => database.exec(sql),
    inTransaction: () => database.isTransaction,
  };
}
