import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";

/**
 * Content read on demand (docs/decisions/0030-content-on-demand.md):
 * - each version keeps its rendered HTML, the renderer version that made it and
 *   its reading time, so pages never render Markdown (empty until first read or save:
 *   the migration renders nothing, rows are rendered lazily);
 * - the indexes the public queries seek on: a language's published list in
 *   publication order, an article's tags (job pages' related articles);
 * - a change log every instance (and the content CLI) appends to, so other
 *   processes invalidate exactly what changed and catch up after a lost connection.
 */
export function contentOnDemandMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("blog_versions").addColumn("html", "text").execute();
      await db.schema
        .alterTable("blog_versions")
        .addColumn("renderer_version", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("blog_versions")
        .addColumn("reading_minutes", "integer", (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex("blog_versions_published_order_index")
        .on("blog_versions")
        .columns(["code", "status", "published_at", "blog_id"])
        .execute();
      await db.schema
        .createIndex("blog_versions_status_blog_index")
        .on("blog_versions")
        .columns(["status", "blog_id"])
        .execute();

      await db.schema
        .createTable("blog_tags")
        .addColumn("tag", "text", (col) => col.notNull())
        .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("blog_tags_pk", ["tag", "blog_id"])
        .execute();
      await db.schema.createIndex("blog_tags_blog_index").on("blog_tags").column("blog_id").execute();
      // Existing articles' tags, copied from the JSON column (still the source the admin edits).
      const blogs = await sql<{ id: number; tags: string }>`select id, tags from blogs`.execute(db);
      for (const blog of blogs.rows) {
        for (const tag of new Set(JSON.parse(blog.tags) as string[])) {
          await sql`insert into blog_tags (tag, blog_id) values (${tag}, ${blog.id})`.execute(db);
        }
      }

      await db.schema
        .createTable("content_changes")
        .addColumn("id", dialect === "postgres" ? "bigserial" : "integer", (col) =>
          dialect === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement(),
        )
        .addColumn("origin", "text", (col) => col.notNull())
        .addColumn("change", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("content_changes").ifExists().execute();
      await db.schema.dropTable("blog_tags").ifExists().execute();
      await db.schema.dropIndex("blog_versions_status_blog_index").ifExists().execute();
      await db.schema.dropIndex("blog_versions_published_order_index").ifExists().execute();
      for (const column of ["reading_minutes", "renderer_version", "html"]) {
        await db.schema.alterTable("blog_versions").dropColumn(column).execute();
      }
    },
  };
}
