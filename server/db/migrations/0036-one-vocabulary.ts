/**
 * One vocabulary (docs/decisions/0190-one-vocabulary.md): the tables, the article id columns and the named indexes
 * say what the code calls them — blogs → articles, blog_versions → article_versions (and the other blog_* tables),
 * blog_id → article_id, translates → translations, codes_romes → rome_jobs. Renames only: no row is read or written.
 * SQLite rewrites the foreign keys, indexes and triggers that name a renamed table or column (ALTER TABLE … RENAME,
 * not in legacy mode); the search index (the contentless FTS5 table search_fts and its trigger on search_entries)
 * names none. An index keeps its name on a rename, so the named ones are made again under the new name (SQLite has
 * no ALTER INDEX … RENAME); PostgreSQL renames its constraints, indexes and id sequences in place.
 * codemod-vocabulary: skip (this migration names both vocabularies on purpose)
 */
import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import {
  inWordsBefore0036,
  RENAMED_COLUMNS,
  RENAMED_TABLES,
  renamedIdentifier,
  TABLES_WITH_ARTICLE_ID,
} from "#server/db/names-before-0036.ts";

type Direction = "up" | "down";

const pairs = (renames: Record<string, string>, direction: Direction): [string, string][] =>
  Object.entries(renames).map(([from, to]) => (direction === "up" ? [from, to] : [to, from]));
/** The tables with an article id column, by the name they have at that point (after the tables' renames). */
const tablesWithArticleId = (direction: Direction) =>
  TABLES_WITH_ARTICLE_ID.map((table) =>
    direction === "up" ? table : (Object.entries(RENAMED_TABLES).find(([, to]) => to === table)?.[0] ?? table),
  );
const identifierIn = (direction: Direction) => (direction === "up" ? renamedIdentifier : inWordsBefore0036);
const OLD_WORDS = /blog|translates|codes_romes/;
const NEW_WORDS = /article|translations|rome_jobs/;

async function renameTablesAndColumns(db: Kysely<unknown>, direction: Direction) {
  for (const [from, to] of pairs(RENAMED_TABLES, direction)) await db.schema.alterTable(from).renameTo(to).execute();
  for (const table of tablesWithArticleId(direction)) {
    for (const [from, to] of pairs(RENAMED_COLUMNS, direction))
      await db.schema.alterTable(table).renameColumn(from, to).execute();
  }
}

/** SQLite: each named index whose name has the words being replaced, made again under its new name (its definition already names the renamed table and columns). */
async function renameSqliteIndexes(db: Kysely<unknown>, direction: Direction) {
  const words = direction === "up" ? OLD_WORDS : NEW_WORDS;
  const { rows } = await sql<{
    name: string;
    sql: string;
  }>`select name, sql from sqlite_schema where type = 'index' and sql is not null order by name`.execute(db);
  for (const index of rows.filter((row) => words.test(row.name))) {
    const renamed = identifierIn(direction)(index.name);
    const definition = index.sql.replace(`"${index.name}"`, `"${renamed}"`);
    if (definition === index.sql)
      throw new Error(
        `Migration 0036: cannot rename index ${index.name} (its definition does not quote its name): ${index.sql}`,
      );
    await sql`drop index ${sql.id(index.name)}`.execute(db);
    await sql.raw(definition).execute(db);
  }
}

/** PostgreSQL: constraints (with the indexes behind them), the other indexes, then the id sequences, renamed in place. */
async function renamePostgresNames(db: Kysely<unknown>, direction: Direction) {
  const words = direction === "up" ? OLD_WORDS.source : NEW_WORDS.source;
  const rename = identifierIn(direction);
  const constraints = await sql<{ tbl: string; name: string }>`
    select c.relname as tbl, k.conname as name from pg_constraint k join pg_class c on c.oid = k.conrelid
    where c.relnamespace = current_schema()::regnamespace and k.conname ~ ${words} order by k.conname`.execute(db);
  for (const { tbl, name } of constraints.rows)
    await sql`alter table ${sql.id(tbl)} rename constraint ${sql.id(name)} to ${sql.id(rename(name))}`.execute(db);
  const others = await sql<{ name: string; kind: string }>`
    select relname as name, relkind as kind from pg_class
    where relnamespace = current_schema()::regnamespace and relkind in ('i', 'S') and relname ~ ${words} order by relname`.execute(
    db,
  );
  for (const { name, kind } of others.rows) {
    await sql`alter ${sql.raw(kind === "S" ? "sequence" : "index")} ${sql.id(name)} rename to ${sql.id(rename(name))}`.execute(
      db,
    );
  }
}

export function oneVocabularyMigration(dialect: DialectName) {
  const run = (direction: Direction) => async (db: Kysely<unknown>) => {
    await renameTablesAndColumns(db, direction);
    if (dialect === "sqlite") await renameSqliteIndexes(db, direction);
    else await renamePostgresNames(db, direction);
  };
  return { up: run("up"), down: run("down") };
}
