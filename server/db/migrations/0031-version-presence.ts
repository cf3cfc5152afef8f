import type { Kysely } from "kysely";

/**
 * Who has which language version open in the editor (decision 0152, "Ada is editing"): one row
 * per person and version, refreshed by the editor's heartbeat; rows not refreshed within
 * PRESENCE_WINDOW_SECONDS (core/admin/presence.ts) no longer count and are deleted by the next
 * heartbeat of anyone. Kept in the database, not in a process's memory, so every server process
 * (SERVER_PROCESSES, several instances) sees the same people.
 */
export const versionPresenceMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("version_presence")
      .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
      .addColumn("code", "text", (col) => col.notNull())
      .addColumn("uid", "text", (col) => col.notNull().references("users.uid").onDelete("cascade"))
      .addColumn("seen_at", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("version_presence_pk", ["blog_id", "code", "uid"])
      .execute();
    await db.schema.createIndex("version_presence_seen_index").on("version_presence").column("seen_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("version_presence").ifExists().execute();
  },
};
