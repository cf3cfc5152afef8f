import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";

/** The long texts every article write stores: a version's body and HTML, its revisions' and source revisions' bodies, its search text and vector. */
export const LONG_TEXT_COLUMNS = [
  ["blog_versions", "body"],
  ["blog_versions", "html"],
  ["blog_revisions", "body"],
  ["blog_source_revisions", "body"],
  ["search_entries", "body_text"],
  ["search_entries", "document"],
] as const;

/**
 * PostgreSQL: long texts compressed with LZ4 instead of pglz (decision 0122). A version is
 * written as about 30 KB of text in four tables; pglz compressing it was about 30 % of the
 * server's CPU in a bulk import, and LZ4 also decompresses several times faster on every read.
 * Values already stored keep pglz (PostgreSQL reads both); new values use LZ4. A server built
 * without LZ4 (it lists no `lz4` for `default_toast_compression`) keeps pglz.
 * SQLite: nothing (it does not compress).
 */
export function lz4TextCompressionMigration(dialect: DialectName) {
  async function setCompression(db: Kysely<unknown>, method: "lz4" | "default") {
    for (const [table, column] of LONG_TEXT_COLUMNS) {
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set compression ${sql.raw(method)}`.execute(
        db,
      );
    }
  }
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres" || !(await supportsLz4(db))) return;
      await setCompression(db, "lz4");
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres" || !(await supportsLz4(db))) return;
      await setCompression(db, "default");
    },
  };
}

export async function supportsLz4(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{
    methods: string[];
  }>`select enumvals as methods from pg_settings where name = 'default_toast_compression'`.execute(db);
  return rows[0]?.methods.includes("lz4") ?? false;
}
