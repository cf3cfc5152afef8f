/** Row claiming, the one place its SQL differs between the databases. */
import type { SelectQueryBuilder } from "kysely";
import type { DialectName } from "./connect.ts";

/**
 * Rows one instance takes to work on: on PostgreSQL `FOR UPDATE SKIP LOCKED`, so
 * several instances share the work and none takes a row another holds. SQLite
 * has no row locks; its writes are serialised and one process runs the site.
 */
export function claimingRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: DialectName,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === "postgres" ? query.forUpdate().skipLocked() : query;
}

/**
 * A row read to decide a conditional write (If-Match, decision 0151): on PostgreSQL `FOR UPDATE`,
 * so a second writer waits for the first to commit and then reads its result. SQLite runs one
 * write transaction at a time, so the row cannot change between this read and the write.
 */
export function lockedForWrite<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: DialectName,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === "postgres" ? query.forUpdate() : query;
}
