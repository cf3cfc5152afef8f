import type { Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";

/**
 * Upload sessions of the ROME import (/admin/romes): the file arrives in
 * 64 KiB chunks, possibly on different instances, so the chunks wait in the
 * database until the upload is applied or expires.
 */
export function romeImportChunksMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("rome_imports")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("uid", "text", (col) => col.notNull().references("users.uid").onDelete("cascade"))
        .addColumn("filename", "text", (col) => col.notNull())
        .addColumn("size", "integer", (col) => col.notNull())
        .addColumn("received", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_index", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("rome_imports_expires_index").on("rome_imports").column("expires_at").execute();

      await db.schema
        .createTable("rome_import_chunks")
        .addColumn("import_id", "text", (col) => col.notNull().references("rome_imports.id").onDelete("cascade"))
        .addColumn("chunk_index", "integer", (col) => col.notNull())
        // The two databases name their byte-string type differently.
        .addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (col) => col.notNull())
        .addPrimaryKeyConstraint("rome_import_chunks_pk", ["import_id", "chunk_index"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("rome_import_chunks").ifExists().execute();
      await db.schema.dropTable("rome_imports").ifExists().execute();
    },
  };
}
