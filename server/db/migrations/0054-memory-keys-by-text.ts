import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import type { Database } from "#server/db/schema.ts";
import { rebuildMemory } from "#server/memory/rebuild.ts";
import { addUnits } from "#server/memory/units.ts";

/**
 * The translation memory's lookup plan (docs/decisions/0225-translation-memory-lookup-plan.md):
 * - memory_keys lists each distinct text of a language once under its sketch keys, by its exact key (a text held in a
 *   thousand places was a thousand rows of every key it has, and crowded out the other texts of that key);
 * - on PostgreSQL, the exact-key index carries the unit's id, so that one text per exact key and a text's newest places
 *   are read from the index (SQLite's indexes end with the rowid already);
 * - the memory is made again: its body units are now the workbench's segments (core/segments/split.ts), as shown;
 *   the units a TMX file brought (`tmx:` keys) are kept.
 */
export function memoryKeysByTextMigration(dialect: DialectName) {
  async function keysTable(db: Kysely<unknown>, second: "unit_id" | "exact_key") {
    await db.schema.dropTable("memory_keys").ifExists().execute();
    await db.schema
      .createTable("memory_keys")
      .addColumn("key", "integer", (col) => col.notNull())
      .addColumn(second, second === "unit_id" ? "integer" : "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("memory_keys_pk", ["key", second])
      .$call((table) => (dialect === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
      .execute();
  }
  async function exactIndex(db: Kysely<unknown>, columns: string[]) {
    if (dialect !== "postgres") return;
    await db.schema.dropIndex("memory_units_exact_index").ifExists().execute();
    await db.schema.createIndex("memory_units_exact_index").on("memory_units").columns(columns).execute();
  }
  return {
    async up(db: Kysely<unknown>) {
      const memory = db as Kysely<Database>;
      const imported = await memory
        .selectFrom("memory_units")
        .select(["unit_key", "code", "text", "updated_at"])
        .where("unit_key", "like", "tmx:%")
        .orderBy("id")
        .execute();
      await keysTable(db, "exact_key");
      await exactIndex(db, ["code", "exact_key", "id"]);
      await rebuildMemory(memory);
      for (const unit of imported)
        await addUnits(memory, unit.code, null, [{ unitKey: unit.unit_key, text: unit.text }], unit.updated_at);
    },
    /** The former shapes, empty: `npm run translations -- tm rebuild` of that release fills them. */
    async down(db: Kysely<unknown>) {
      await keysTable(db, "unit_id");
      await exactIndex(db, ["code", "exact_key"]);
    },
  };
}
