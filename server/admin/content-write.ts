/**
 * How an admin change to public content is applied: one transaction (the
 * change, its derived data and its audit entry), then the public snapshot
 * reloads on every instance (server/content/store.ts).
 */
import type { Transaction } from "kysely";
import type { AppServices } from "#server/context.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { Database } from "#server/db/schema.ts";
import { HttpError } from "#server/http/errors.ts";

/**
 * Runs `work` in a transaction, then reloads the public content. A unique-constraint
 * failure (a concurrent write won the race past the service's own checks) becomes a 409.
 */
export async function writeContent<T>(services: Pick<AppServices, "database" | "content">, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await services.database.db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, "conflict", "Someone else saved a conflicting change at the same time. Reload and try again.");
    throw error;
  }
  await services.content.changed();
  return result;
}
