import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import { supportsLz4 } from "./0022-lz4-text-compression.ts";

/**
 * PostgreSQL: the working drafts' bodies (migration 0030) compressed with LZ4, as every other long text is since
 * migration 0022 (decision 0122): a translator's autosave of a long body (up to 200 000 characters, every few seconds,
 * decision 0214) was compressed with pglz, several times slower to write and to read. Stored drafts keep pglz until
 * saved again (PostgreSQL reads both). SQLite: nothing (it does not compress).
 */
export function draftBodiesLz4Migration(dialect: DialectName) {
  const setCompression = async (db: Kysely<unknown>, method: "lz4" | "default") => {
    if (dialect !== "postgres" || !(await supportsLz4(db))) return;
    await sql`alter table article_drafts alter column body set compression ${sql.raw(method)}`.execute(db);
  };
  return {
    up: (db: Kysely<unknown>) => setCompression(db, "lz4"),
    down: (db: Kysely<unknown>) => setCompression(db, "default"),
  };
}
