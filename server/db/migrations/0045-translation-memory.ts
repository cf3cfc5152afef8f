import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import { withIdColumn } from "#server/db/id-column.ts";

/**
 * The translation memory (docs/decisions/0215-translation-memory-by-unit-and-sketch-keys.md):
 * - memory_units: one row per segment of a published text in a language; a unit's translation is the unit of the
 *   same unit_key in the other language;
 * - memory_keys: the fuzzy-match index, each unit under its sketch keys (core/memory/similarity.ts), by primary key
 *   (WITHOUT ROWID on SQLite: the index is the table).
 * Filled from what is published (server/memory/rebuild.ts) by migration 0054, which gave memory_keys its present shape
 * (this one filled it until then), then at each publish (server/content/versions.ts) and string save.
 */
export function translationMemoryMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("memory_units"), dialect)
        .addColumn("unit_key", "text", (col) => col.notNull())
        .addColumn("article_id", "integer")
        .addColumn("code", "text", (col) => col.notNull())
        .addColumn("exact_key", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        // Last, so reading the other columns skips a long text's overflow pages on SQLite (decision 0140).
        .addColumn("text", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("memory_units_key_index")
        .on("memory_units")
        .columns(["unit_key", "code"])
        .unique()
        .execute();
      await db.schema
        .createIndex("memory_units_exact_index")
        .on("memory_units")
        .columns(["code", "exact_key"])
        .execute();
      await db.schema
        .createIndex("memory_units_article_index")
        .on("memory_units")
        .columns(["article_id", "code"])
        .execute();
      await db.schema
        .createTable("memory_keys")
        .addColumn("key", "integer", (col) => col.notNull())
        .addColumn("unit_id", "integer", (col) => col.notNull())
        .addPrimaryKeyConstraint("memory_keys_pk", ["key", "unit_id"])
        .$call((table) => (dialect === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("memory_keys").ifExists().execute();
      await db.schema.dropTable("memory_units").ifExists().execute();
    },
  };
}
