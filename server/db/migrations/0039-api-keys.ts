import type { Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import { withIdColumn } from "#server/db/id-column.ts";

/**
 * The content delivery API (docs/decisions/0200-content-api-keys.md):
 * - api_keys: the keys admins create, by the SHA-256 of their token (the token itself is shown once and never
 *   stored), each with a name, the languages it may read (empty: all), the origins browsers may call from, its
 *   requests per minute, when it was last used and when it was revoked;
 * - article_versions (code, status, updated_at, article_id): a language's published versions in the order the
 *   API pages them (oldest change first), so every page is one index range whatever the archive's size.
 */
export function apiKeysMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("api_keys"), dialect)
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("token_hash", "text", (col) => col.notNull().unique())
        // The token's first characters, to tell keys apart on the screen.
        .addColumn("prefix", "text", (col) => col.notNull())
        // JSON arrays: language codes (empty: every language), allowed browser origins.
        .addColumn("languages", "text", (col) => col.notNull())
        .addColumn("origins", "text", (col) => col.notNull())
        .addColumn("rate_limit", "integer", (col) => col.notNull())
        .addColumn("created_by", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("last_used_at", "text")
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema
        .createIndex("article_versions_changed_order_index")
        .on("article_versions")
        .columns(["code", "status", "updated_at", "article_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("article_versions_changed_order_index").ifExists().execute();
      await db.schema.dropTable("api_keys").ifExists().execute();
    },
  };
}
