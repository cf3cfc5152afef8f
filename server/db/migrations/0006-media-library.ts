import type { Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";

/**
 * The media library (/admin/media): one row per uploaded image, its encoded
 * variants with their bytes (so every instance can serve them, see
 * docs/decisions/0060-media-blobs-in-the-database.md), alt text per language
 * and which articles use it.
 */
export function mediaLibraryMigration(dialect: DialectName) {
  const bytesType = dialect === "postgres" ? "bytea" : "blob";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("media")
        .addColumn("id", dialect === "postgres" ? "serial" : "integer", (col) =>
          dialect === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement(),
        )
        .addColumn("file_name", "text", (col) => col.notNull())
        .addColumn("source_sha256", "text", (col) => col.notNull().unique())
        .addColumn("format", "text", (col) => col.notNull())
        .addColumn("width", "integer", (col) => col.notNull())
        .addColumn("height", "integer", (col) => col.notNull())
        .addColumn("source_bytes", "integer", (col) => col.notNull())
        // File name and every alt text, folded for accent- and case-insensitive search.
        .addColumn("search_text", "text", (col) => col.notNull())
        .addColumn("uploaded_by", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();

      await db.schema
        .createTable("media_variants")
        .addColumn("file", "text", (col) => col.primaryKey())
        .addColumn("media_id", "integer", (col) => col.notNull().references("media.id").onDelete("cascade"))
        .addColumn("format", "text", (col) => col.notNull())
        .addColumn("width", "integer", (col) => col.notNull())
        .addColumn("height", "integer", (col) => col.notNull())
        .addColumn("size", "integer", (col) => col.notNull())
        .addColumn("bytes", bytesType, (col) => col.notNull())
        .execute();
      await db.schema.createIndex("media_variants_media_index").on("media_variants").column("media_id").execute();

      await db.schema
        .createTable("media_alt")
        .addColumn("media_id", "integer", (col) => col.notNull().references("media.id").onDelete("cascade"))
        .addColumn("code", "text", (col) => col.notNull())
        .addColumn("alt", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .addPrimaryKeyConstraint("media_alt_pk", ["media_id", "code"])
        .execute();

      await db.schema
        .createTable("media_usage")
        .addColumn("media_id", "integer", (col) => col.notNull().references("media.id"))
        .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("media_usage_pk", ["media_id", "blog_id"])
        .execute();
      await db.schema.createIndex("media_usage_blog_index").on("media_usage").column("blog_id").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["media_usage", "media_alt", "media_variants", "media"])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
