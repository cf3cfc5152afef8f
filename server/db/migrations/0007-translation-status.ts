import { sql, type Kysely } from "kysely";

/**
 * Translation status (issue 10, docs/decisions/0080-translation-status-from-source-revisions.md):
 * - each article names its source language and counts the revisions of the source's text;
 * - each version records the source revision it was made from (its base) and, for indexed
 *   filters, whether that base is behind (`outdated`, kept by the write path);
 * - the source's text at every revision some version is still based on, for the diff a
 *   translator sees (older ones are pruned).
 * Existing articles: the first version written (lowest id) is the source, at revision 1,
 * and every version counts as made from it.
 */
export const translationStatusMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("blogs").addColumn("source_code", "text").execute();
    await db.schema
      .alterTable("blogs")
      .addColumn("source_revision", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("blogs").addColumn("source_changed_at", "text").execute();
    await db.schema
      .alterTable("blog_versions")
      .addColumn("base_revision", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("blog_versions")
      .addColumn("outdated", "integer", (col) => col.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("blog_source_revisions")
      .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
      .addColumn("revision", "integer", (col) => col.notNull())
      .addColumn("code", "text", (col) => col.notNull())
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("summary", "text", (col) => col.notNull())
      .addColumn("body", "text", (col) => col.notNull())
      .addColumn("cover_alt", "text", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("blog_source_revisions_pk", ["blog_id", "revision"])
      .execute();

    // The admin list's order (most recently changed first, keyset on (updated_at, id)) and its status filters.
    await db.schema.createIndex("blogs_updated_index").on("blogs").columns(["updated_at", "id"]).execute();
    await db.schema
      .createIndex("blog_versions_translation_index")
      .on("blog_versions")
      .columns(["code", "outdated", "status", "blog_id"])
      .execute();

    await sql`update blogs set source_code = (select v.code from blog_versions v where v.blog_id = blogs.id order by v.id limit 1)`.execute(
      db,
    );
    await sql`update blogs set source_revision = 1, source_changed_at = (select v.updated_at from blog_versions v where v.blog_id = blogs.id and v.code = blogs.source_code) where source_code is not null`.execute(
      db,
    );
    await sql`update blog_versions set base_revision = 1`.execute(db);
    await sql`insert into blog_source_revisions (blog_id, revision, code, title, summary, body, cover_alt, created_at)
      select b.id, 1, v.code, v.title, v.summary, v.body, v.cover_alt, v.updated_at from blogs b join blog_versions v on v.blog_id = b.id and v.code = b.source_code`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("blog_versions_translation_index").ifExists().execute();
    await db.schema.dropIndex("blogs_updated_index").ifExists().execute();
    await db.schema.dropTable("blog_source_revisions").ifExists().execute();
    for (const column of ["outdated", "base_revision"])
      await db.schema.alterTable("blog_versions").dropColumn(column).execute();
    for (const column of ["source_changed_at", "source_revision", "source_code"])
      await db.schema.alterTable("blogs").dropColumn(column).execute();
  },
};
