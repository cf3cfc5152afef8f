import type { Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";

/**
 * Indexes for bounded search and the tags index (decisions 0105, 0106):
 * - PostgreSQL, search_entries (code, id) instead of (code): a language's newest matches of a
 *   common word are read by walking it backwards, stopping at the ranked bound, instead of
 *   fetching every match the GIN index finds and sorting them (SQLite's FTS5 walks its own lists
 *   newest first and never filters by code);
 * - published_tags (code, tag_key): a language's tags with their counts are one index range.
 */
export function searchAndTagIndexesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        await db.schema
          .createIndex("search_entries_code_id_index")
          .on("search_entries")
          .columns(["code", "id"])
          .execute();
        await db.schema.dropIndex("search_entries_code_index").execute();
      }
      await db.schema
        .createIndex("published_tags_code_index")
        .on("published_tags")
        .columns(["code", "tag_key"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("published_tags_code_index").execute();
      if (dialect === "postgres") {
        await db.schema.createIndex("search_entries_code_index").on("search_entries").column("code").execute();
        await db.schema.dropIndex("search_entries_code_id_index").execute();
      }
    },
  };
}
