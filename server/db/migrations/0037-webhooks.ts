import type { Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import { withIdColumn } from "#server/db/id-column.ts";

/**
 * Webhooks (docs/decisions/0196-webhooks-from-the-write-transaction.md):
 * - webhooks: the endpoints admins register, the events each takes, its signing secret;
 * - webhook_deliveries: one row per event and endpoint, written in the transaction of the change it
 *   tells (so exactly once, whichever instance made it), then sent and retried by any instance that
 *   claims it (FOR UPDATE SKIP LOCKED on PostgreSQL) until it succeeds or 24 hours have passed.
 */
export function webhooksMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("webhooks"), dialect)
        .addColumn("url", "text", (col) => col.notNull())
        .addColumn("description", "text", (col) => col.notNull())
        // A JSON array of event names (core/admin/webhooks/schema.ts).
        .addColumn("events", "text", (col) => col.notNull())
        .addColumn("secret", "text", (col) => col.notNull())
        .addColumn("enabled", "integer", (col) => col.notNull())
        .addColumn("created_by", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
      await withIdColumn(db.schema.createTable("webhook_deliveries"), dialect)
        .addColumn("webhook_id", "integer", (col) => col.notNull().references("webhooks.id").onDelete("cascade"))
        .addColumn("event_id", "text", (col) => col.notNull())
        .addColumn("event", "text", (col) => col.notNull())
        .addColumn("payload", "text", (col) => col.notNull())
        // "pending" (to send, now or at next_attempt_at), "succeeded", "failed" (given up).
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull())
        .addColumn("next_attempt_at", "text")
        .addColumn("last_attempt_at", "text")
        .addColumn("response_status", "integer")
        .addColumn("duration_ms", "integer")
        .addColumn("response_excerpt", "text")
        .addColumn("error", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_due_index")
        .on("webhook_deliveries")
        .columns(["status", "next_attempt_at"])
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_webhook_index")
        .on("webhook_deliveries")
        .columns(["webhook_id", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("webhook_deliveries").ifExists().execute();
      await db.schema.dropTable("webhooks").ifExists().execute();
    },
  };
}
