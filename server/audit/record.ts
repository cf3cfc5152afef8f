/** Every admin change is recorded: who, what, before and after, when (docs/product.md §7). */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** Who the audit log names for changes made from the command line. */
export const CLI_ACTOR = "cli";

export interface AuditEntry {
  /** Null for the site itself (housekeeping), not a person. */
  uid: string | null;
  /** "create", "update", "delete", "import", "grant_admin", "revoke_admin", "make_favorite"… */
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  entry: AuditEntry,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      uid: entry.uid,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now.toISOString(),
    })
    .execute();
}
