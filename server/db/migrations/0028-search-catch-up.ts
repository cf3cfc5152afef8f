import { sql, type Kysely } from "kysely";

/**
 * A bulk import stores versions without rendering or indexing them; the servers' search
 * catch-up does both behind it (server/content/search-catch-up.ts, decision 0139). `awaiting_index`
 * marks those versions (a partial index finds them with their claims, and is empty once the catch-up is done);
 * `index_claim` is the catch-up's claim on a version ("<expiry ISO time> <token>"), cleared by
 * every write of the version, so a catch-up never stores a rendering of a text replaced meanwhile.
 */
export const searchCatchUpMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("blog_versions")
      .addColumn("awaiting_index", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("blog_versions").addColumn("index_claim", "text").execute();
    await db.schema
      .createIndex("blog_versions_awaiting_index")
      .on("blog_versions")
      .columns(["blog_id", "index_claim"])
      .where(sql.ref("awaiting_index"), "=", 1)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("blog_versions_awaiting_index").execute();
    for (const column of ["index_claim", "awaiting_index"])
      await db.schema.alterTable("blog_versions").dropColumn(column).execute();
  },
};
