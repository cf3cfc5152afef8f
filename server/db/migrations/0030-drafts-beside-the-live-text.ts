import { sql, type Kysely } from "kysely";

/**
 * Drafts beside the live text (docs/decisions/0150-drafts-beside-the-live-text.md):
 * - blog_drafts: the pending changes of a published version, one row at most per (article, language);
 *   a row exists only beside a published version, so public pages, search and feeds (which read
 *   blog_versions only) are unchanged;
 * - blog_revisions.number: one numbering per version (1, 2, …) for History, the editor and the API,
 *   backfilled in id order; a version without any revision (seeded or imported before revisions
 *   were kept) gets its text as revision 1, so its first edit can be undone.
 * Set-based statements only: one pass over each table whatever its size. Every published page stays as it is:
 * blog_versions is not written.
 */
export const draftsBesideTheLiveTextMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("blog_drafts")
      .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
      .addColumn("code", "text", (col) => col.notNull())
      .addColumn("slug", "text", (col) => col.notNull())
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("summary", "text", (col) => col.notNull())
      .addColumn("cover_alt", "text", (col) => col.notNull())
      .addColumn("source_revision", "integer", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .addColumn("updated_by", "text")
      .addColumn("body", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("blog_drafts_pk", ["blog_id", "code"])
      .execute();

    // Revisions of versions deleted before (kept then, unreachable): a version made again starts its numbering at 1.
    await sql`delete from blog_revisions where not exists (select 1 from blog_versions v where v.blog_id = blog_revisions.blog_id and v.code = blog_revisions.code)`.execute(
      db,
    );
    await db.schema
      .alterTable("blog_revisions")
      .addColumn("number", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`
      update blog_revisions set number = numbered.position
      from (select id, row_number() over (partition by blog_id, code order by id) as position from blog_revisions) as numbered
      where blog_revisions.id = numbered.id`.execute(db);
    await sql`
      insert into blog_revisions (blog_id, code, action, uid, title, summary, body, slug, cover_alt, status, restored_from, created_at, number)
      select v.blog_id, v.code, 'initial', null, v.title, v.summary, v.body, v.slug, v.cover_alt, v.status, null, v.updated_at, 1
      from blog_versions v
      where not exists (select 1 from blog_revisions r where r.blog_id = v.blog_id and r.code = v.code)`.execute(db);
    await db.schema
      .createIndex("blog_revisions_version_number_unique")
      .unique()
      .on("blog_revisions")
      .columns(["blog_id", "code", "number"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("blog_revisions_version_number_unique").ifExists().execute();
    await db.schema.alterTable("blog_revisions").dropColumn("number").execute();
    await db.schema.dropTable("blog_drafts").ifExists().execute();
  },
};
