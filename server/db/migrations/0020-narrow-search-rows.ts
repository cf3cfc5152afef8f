import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";

/**
 * PostgreSQL's search rows made narrow (decision 0105): a row kept its title, summary and body
 * text inline (the body compressed, about 1.7 KB), so a page of the table held 4 rows and every
 * row a query looked at cost a page. With `toast_tuple_target = 128` a row's texts and vector go
 * to the TOAST table and the row itself is about 120 bytes (70 a page); a query then reads a
 * text only for the page of hits it shows, and a vector only for the rows it matches or ranks.
 * CLUSTER rewrites the rows already written (the setting applies to rows written after it) and
 * rebuilds the indexes. The GIN index stops buffering inserts in a pending list
 * (`fastupdate = off`): every query would scan that list, and writes are one article at a time.
 * SQLite: nothing (FTS5 keeps its own index; the rows' text is read by rowid).
 */
export function narrowSearchRowsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`alter table search_entries set (toast_tuple_target = 128)`.execute(db);
      await sql`alter index search_entries_document_index set (fastupdate = off)`.execute(db);
      await sql`cluster search_entries using search_entries_pkey`.execute(db);
      await sql`analyze search_entries`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`alter index search_entries_document_index reset (fastupdate)`.execute(db);
      await sql`alter table search_entries reset (toast_tuple_target)`.execute(db);
    },
  };
}
