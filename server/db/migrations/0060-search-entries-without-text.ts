import { sql, type Kysely } from "kysely";
import { markdownText } from "#core/markdown.ts";
import type { DialectName } from "#server/db/connect.ts";
import { isPublishedVersion } from "#server/db/published.ts";
import { supportsLz4 } from "./0022-lz4-text-compression.ts";

/** Entries given their text again per round when going down. */
const CHUNK = 500;

/**
 * Search entries keep no copy of the body's text (docs/decisions/0230-search-entries-without-text.md): a result's
 * snippet is made from the version's body, read for the shown results only. The index (FTS5's terms, PostgreSQL's
 * document) is unchanged. SQLite rewrites the table once; PostgreSQL only marks the column dropped (its space is
 * reused as rows are written again, or at once by `VACUUM FULL search_entries`).
 */
export function searchEntriesWithoutTextMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("search_entries").dropColumn("body_text").execute();
    },
    /** The column again, each entry's text read from its published version as that release made it. */
    async down(db: Kysely<unknown>) {
      await db.schema
        .alterTable("search_entries")
        .addColumn("body_text", "text", (col) => col.notNull().defaultTo(""))
        .execute();
      if (dialect === "postgres" && (await supportsLz4(db)))
        await sql`alter table search_entries alter column body_text set compression lz4`.execute(db);
      for (let after = 0; ;) {
        const { rows } = await sql<{
          id: number;
          body: string;
        }>`select search_entries.id as id, article_versions.body as body
          from search_entries join article_versions on article_versions.article_id = search_entries.article_id
            and article_versions.code = search_entries.code and ${isPublishedVersion}
          where search_entries.id > ${after} order by search_entries.id limit ${CHUNK}`.execute(db);
        if (rows.length === 0) break;
        for (const row of rows)
          await sql`update search_entries set body_text = ${markdownText(row.body)} where id = ${row.id}`.execute(db);
        after = rows.at(-1)!.id;
      }
    },
  };
}
