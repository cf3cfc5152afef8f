/** A version's pending publish/unpublish rows, read and kept consistent by every write of the version. */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { ArticleStatus } from "#core/article-rules.ts";
import { NO_SCHEDULES, schedulesVoidedBy, type PendingSchedules } from "#core/publishing.ts";

type Db = Kysely<Database> | Transaction<Database>;

export async function pendingSchedules(db: Db, id: number, code: string): Promise<PendingSchedules> {
  const rows = await db
    .selectFrom("article_schedules")
    .select(["action", "due_at"])
    .where("article_id", "=", id)
    .where("code", "=", code)
    .execute();
  const schedules = { ...NO_SCHEDULES };
  for (const row of rows) {
    if (row.action === "publish") schedules.publishAt = row.due_at;
    else schedules.unpublishAt = row.due_at;
  }
  return schedules;
}

/** Drops the pending changes a version's new status makes pointless (core/publishing.ts). */
export async function voidSchedules(db: Db, id: number, code: string, status: ArticleStatus): Promise<void> {
  const voided = schedulesVoidedBy(status, await pendingSchedules(db, id, code));
  if (voided.length > 0)
    await db
      .deleteFrom("article_schedules")
      .where("article_id", "=", id)
      .where("code", "=", code)
      .where("action", "in", voided)
      .execute();
}

/**
 * Drops a deleted version's (or, without a code, a deleted article's) schedules and preview links.
 * Explicitly rather than through ON DELETE CASCADE, so it does not depend on SQLite's foreign_keys pragma.
 */
export async function forgetVersionPublishing(db: Db, id: number, code?: string): Promise<void> {
  for (const table of ["article_schedules", "preview_links"] as const) {
    await db
      .deleteFrom(table)
      .where("article_id", "=", id)
      .$if(code !== undefined, (query) => query.where("code", "=", code!))
      .execute();
  }
}
