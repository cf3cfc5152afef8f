/**
 * The one way an admin service writes: one transaction (the change, its derived
 * data and its audit entry), then — when public content changed — the content
 * store reloads here and tells every other instance (server/content/store.ts).
 */
import type { Transaction } from "kysely";
import type { AdminServices } from "#server/context.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { Database } from "#server/db/schema.ts";
import { HttpError } from "#server/http/errors.ts";

export interface WriteOptions<T> {
  /**
   * What a unique-constraint failure (a concurrent write won the race past the
   * service's own checks) is reported as: a 409 naming this field. Without it, a 409 naming none.
   */
  conflict?: { field: string; message: string };
  /** Whether the committed result changed public content; by default every write did. */
  changedContent?: (result: T) => boolean;
}

export async function writeContent<T>(services: AdminServices, work: (trx: Transaction<Database>) => Promise<T>, options: WriteOptions<T> = {}): Promise<T> {
  let result: T;
  try {
    result = await services.database.db.transaction().execute(work);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const { conflict } = options;
    if (conflict) throw new HttpError(409, "conflict", `${conflict.field}: ${conflict.message}`, conflict.field);
    throw new HttpError(409, "conflict", "Someone else saved a conflicting change at the same time. Reload and try again.");
  }
  if (options.changedContent?.(result) ?? true) await services.content.changed();
  return result;
}
