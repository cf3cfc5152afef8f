import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import translations from "#server/seed/translations.json" with { type: "json" };

/** UI strings this migration brings to databases seeded before it (a fresh database gets them from the seed). */
const PUBLISHING_STRING_KEYS = ["PREVIEW:BANNER", "PREVIEW:INVALID_TITLE", "PREVIEW:INVALID_TEXT"] as const;

/**
 * Publishing (docs/decisions/0095-revisions-schedules-and-previews.md):
 * - blog_revisions: every saved state of a language version (bounded per version by the server);
 * - blog_schedules: a version's pending publish or unpublish at a UTC time, at most one of each;
 *   the scheduler claims due rows (FOR UPDATE SKIP LOCKED on PostgreSQL) and deletes them as it applies them;
 * - preview_links: signed draft-preview links, so each can be revoked before it expires.
 */
export function publishingMigration(dialect: DialectName) {
  const serial = dialect === "postgres" ? "serial" : "integer";
  const primary = (col: ColumnDefinitionBuilder) =>
    dialect === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("blog_revisions")
        .addColumn("id", serial, primary)
        .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
        .addColumn("code", "text", (col) => col.notNull())
        // "save", "import", "restore", "publish", "unpublish", "scheduled-publish", "scheduled-unpublish".
        .addColumn("action", "text", (col) => col.notNull())
        .addColumn("uid", "text")
        .addColumn("title", "text", (col) => col.notNull())
        .addColumn("summary", "text", (col) => col.notNull())
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("slug", "text", (col) => col.notNull())
        .addColumn("cover_alt", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("restored_from", "integer")
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("blog_revisions_version_index")
        .on("blog_revisions")
        .columns(["blog_id", "code", "id"])
        .execute();

      await db.schema
        .createTable("blog_schedules")
        .addColumn("id", serial, primary)
        .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
        .addColumn("code", "text", (col) => col.notNull())
        .addColumn("action", "text", (col) => col.notNull())
        .addColumn("due_at", "text", (col) => col.notNull())
        .addColumn("created_by", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addUniqueConstraint("blog_schedules_version_action_unique", ["blog_id", "code", "action"])
        .execute();
      await db.schema.createIndex("blog_schedules_due_index").on("blog_schedules").columns(["due_at", "id"]).execute();

      await db.schema
        .createTable("preview_links")
        .addColumn("id", serial, primary)
        .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
        .addColumn("code", "text", (col) => col.notNull())
        .addColumn("created_by", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema
        .createIndex("preview_links_version_index")
        .on("preview_links")
        .columns(["blog_id", "code", "id"])
        .execute();

      // Databases seeded before this migration get its UI strings for the languages they have.
      const languages = await sql<{ code: string; short_code: string }>`select code, short_code from languages`.execute(
        db,
      );
      const byKey = translations as Record<string, Record<string, string>>;
      for (const key of PUBLISHING_STRING_KEYS) {
        for (const language of languages.rows) {
          const label = byKey[key]?.[language.code];
          if (label === undefined) continue;
          const present =
            await sql`select id from translates where code = ${language.code} and code_component = ${key}`.execute(db);
          if (present.rows.length === 0) {
            await sql`insert into translates (code, code_component, label, short_code) values (${language.code}, ${key}, ${label}, ${language.short_code})`.execute(
              db,
            );
          }
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["preview_links", "blog_schedules", "blog_revisions"])
        await db.schema.dropTable(table).ifExists().execute();
      await sql`delete from translates where code_component in (${sql.join([...PUBLISHING_STRING_KEYS])})`.execute(db);
    },
  };
}
