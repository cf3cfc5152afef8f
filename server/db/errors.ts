/** Database errors that mean something to callers, recognised the same way on SQLite and PostgreSQL. */

/** A UNIQUE constraint refused the write (PostgreSQL 23505; SQLite "UNIQUE constraint failed"). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if ("code" in error && error.code === "23505") return true;
  return error instanceof Error && error.message.startsWith("UNIQUE constraint failed");
}

/** A PostgreSQL error's SQLSTATE, if it is one. */
const sqlStateOf = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error ? error.code : undefined;

/** PostgreSQL gave up waiting for a lock (55P03: lock_timeout). */
export const isLockTimeout = (error: unknown) => sqlStateOf(error) === "55P03";

/** PostgreSQL refused for want of a privilege, such as owning what is altered (42501). */
export const isInsufficientPrivilege = (error: unknown) => sqlStateOf(error) === "42501";
