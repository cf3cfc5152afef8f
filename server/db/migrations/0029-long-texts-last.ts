import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";

/** blog_versions' columns in the order SQLite stores them from this migration on: the long texts last. */
export const BLOG_VERSION_COLUMNS_IN_ORDER = [
  "id",
  "blog_id",
  "code",
  "slug",
  "title",
  "summary",
  "cover_alt",
  "status",
  "published_at",
  "updated_at",
  "renderer_version",
  "reading_minutes",
  "base_revision",
  "outdated",
  "awaiting_index",
  "index_claim",
  "body",
  "html",
] as const;

/**
 * SQLite: blog_versions is rebuilt with its body and HTML as the row's last columns (decision 0140).
 * SQLite stores a row's columns in order, the part past the first few KB in a chain of overflow
 * pages, and reaches a column only by reading every page before it. Columns added after the body
 * (status, dates, the renderer's version, reading time…) made every query that reads them walk each
 * row's 20 KB of text: an article page read all seven versions' text to show one. With the texts
 * last, a query that does not ask for them reads only each row's first page. Same columns,
 * constraints, indexes (made again from the definitions SQLite kept), ids and AUTOINCREMENT
 * counter; one transaction, so a crash leaves the old table. It copies the table once (9.5 s for
 * 10 000 articles × 7 here) and leaves its old pages free for reuse.
 * PostgreSQL: nothing (it keeps long values out of line, in TOAST, whatever the column order).
 * Going down changes nothing: the columns are the same, only their order on disk differs.
 */
export function longTextsLastMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "sqlite") return;
      const columns = sql.join(BLOG_VERSION_COLUMNS_IN_ORDER.map((column) => sql.ref(column)));
      await db.transaction().execute(async (trx) => {
        // Its unique constraints' indexes come with the new table; the others are dropped with the old one.
        const { rows: indexes } = await sql<{
          sql: string;
        }>`select sql from sqlite_master where type = 'index' and tbl_name = 'blog_versions' and sql is not null`.execute(
          trx,
        );
        await trx.schema
          .createTable("blog_versions_rebuilt")
          .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
          .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
          .addColumn("code", "text", (col) => col.notNull())
          .addColumn("slug", "text", (col) => col.notNull())
          .addColumn("title", "text", (col) => col.notNull())
          .addColumn("summary", "text", (col) => col.notNull())
          .addColumn("cover_alt", "text", (col) => col.notNull().defaultTo(""))
          .addColumn("status", "text", (col) => col.notNull().defaultTo("draft"))
          .addColumn("published_at", "text")
          .addColumn("updated_at", "text", (col) => col.notNull())
          .addColumn("renderer_version", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("reading_minutes", "integer", (col) => col.notNull().defaultTo(1))
          .addColumn("base_revision", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("outdated", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("awaiting_index", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("index_claim", "text")
          .addColumn("body", "text", (col) => col.notNull())
          .addColumn("html", "text")
          .addUniqueConstraint("blog_versions_blog_language_unique", ["blog_id", "code"])
          .addUniqueConstraint("blog_versions_language_slug_unique", ["code", "slug"])
          .execute();
        await sql`insert into blog_versions_rebuilt (${columns}) select ${columns} from blog_versions order by id`.execute(
          trx,
        );
        // The old counter, never below the copied ids: ids of deleted versions stay unused, as AUTOINCREMENT promised.
        await sql`delete from sqlite_sequence where name = 'blog_versions_rebuilt'`.execute(trx);
        await sql`insert into sqlite_sequence (name, seq) select 'blog_versions_rebuilt', seq from sqlite_sequence where name = 'blog_versions'`.execute(
          trx,
        );
        await sql`drop table blog_versions`.execute(trx);
        await sql`alter table blog_versions_rebuilt rename to blog_versions`.execute(trx);
        for (const index of indexes) await sql.raw(index.sql).execute(trx);
      });
    },
    // Kysely forgets a migration going down only when it has a `down`.
    async down() {},
  };
}
