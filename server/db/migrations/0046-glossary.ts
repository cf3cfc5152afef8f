import type { Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import { withIdColumn } from "#server/db/id-column.ts";

/**
 * The glossary (docs/decisions/0217-a-glossary-per-language-pair.md): per language pair, a term, its approved
 * translation, the translations not to use (a JSON array) and a note; "proposed" by a translator until an editor
 * or an admin approves it. One entry per term and pair.
 */
export function glossaryMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("glossary_terms"), dialect)
        .addColumn("source_code", "text", (col) => col.notNull())
        .addColumn("target_code", "text", (col) => col.notNull())
        .addColumn("term", "text", (col) => col.notNull())
        .addColumn("translation", "text", (col) => col.notNull())
        .addColumn("forbidden", "text", (col) => col.notNull())
        .addColumn("note", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("created_by", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("glossary_terms_pair_index")
        .on("glossary_terms")
        .columns(["source_code", "target_code", "term"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("glossary_terms").ifExists().execute();
    },
  };
}
