/** Database errors that mean something to callers, recognised the same way on SQLite and PostgreSQL. */

/** A UNIQUE constraint refused the write (PostgreSQL 23505; SQLite "UNIQUE constraint failed"). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if ("code" in error && error.code === "23505") return true;
  return error instanceof Error && error.message.startsWith("UNIQUE constraint failed");
}

/** PostgreSQL gave up waiting for a lock (55P03: lock_timeout). */
export function isLockTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "55P03";
}
