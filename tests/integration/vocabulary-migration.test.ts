/**
 * Migration 0036 (one vocabulary, docs/decisions/0190-one-vocabulary.md) on both databases, from a database as
 * release 0035 left it, with the demo content: every row kept under the new names, the foreign keys, unique
 * constraints, indexes and (SQLite) the search index's trigger following the renamed tables, no old name left
 * but in SQLite's table-level constraint names, and down and up again.
 * codemod-vocabulary: skip (this test names both vocabularies on purpose)
 */
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/connect.ts";
import { searchEntries } from "#server/search/entries.ts";
import { migrateTo } from "#server/db/migrate.ts";
import { RENAMED_TABLES, TABLES_WITH_ARTICLE_ID, withNamesBefore0036 } from "#server/db/names-before-0036.ts";
import { seedDemoContent } from "#server/seed/index.ts";
import { catchUpBatch, renderBatch } from "#server/content/search-catch-up.ts";
import { createTestDatabase, DATABASE_KINDS, testConfig, type DatabaseKind, type TestDatabase } from "./support.ts";

type Row = Record<string, unknown>;
const OLD_TABLES = Object.keys(RENAMED_TABLES);
const NEW_TABLES = Object.values(RENAMED_TABLES);
/** Tables not renamed whose blog_id column is. */
const OTHER_TABLES_WITH_ID = TABLES_WITH_ARTICLE_ID.filter(
  (table) => !(NEW_TABLES as readonly string[]).includes(table),
);

/** Every row of `table`, in a stable order, with blog_id read as article_id. */
async function rowsOf(db: Kysely<unknown>, table: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(db);
  return rows
    .map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key === "blog_id" ? "article_id" : key, value])),
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The names of the tables, indexes, constraints and sequences the database has. */
async function namesIn(handle: DatabaseHandle, kind: DatabaseKind): Promise<string[]> {
  const query =
    kind === "sqlite"
      ? sql<{ name: string }>`select name from sqlite_schema where name not like 'sqlite%'`
      : sql<{ name: string }>`select relname as name from pg_class where relnamespace = current_schema()::regnamespace
          union select conname from pg_constraint k join pg_class c on c.oid = k.conrelid where c.relnamespace = current_schema()::regnamespace`;
  return (await query.execute(handle.db)).rows.map((row) => row.name).sort();
}

async function columnsOf(handle: DatabaseHandle, kind: DatabaseKind, table: string): Promise<string[]> {
  const query =
    kind === "sqlite"
      ? sql<{ name: string }>`select name from pragma_table_info(${table})`
      : sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`;
  return (await query.execute(handle.db)).rows.map((row) => row.name).sort();
}

describe.each(DATABASE_KINDS)("migration 0036-one-vocabulary on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("renames the tables, the article id columns and the indexes, keeping every row, constraint and the search index", async () => {
    database = await createTestDatabase(kind);
    const handle = openDatabase(testConfig(database.url).database);
    try {
      // A database as release 0035 left it, with the demo content (today's seed, written in the names of then).
      await migrateTo(handle, "0035-admin-texts-since-0025");
      expect(
        await seedDemoContent(withNamesBefore0036(handle.db), { memory: false, tagNames: false, searchText: true }),
      ).toBe(true);
      const untyped = handle.db as unknown as Kysely<unknown>;
      const before = new Map<string, Row[]>();
      for (const table of [...OLD_TABLES, ...OTHER_TABLES_WITH_ID]) before.set(table, await rowsOf(untyped, table));
      expect(before.get("blogs")!.length).toBeGreaterThan(5);
      expect(before.get("blog_versions")!.length).toBeGreaterThan(10);
      expect(before.get("translates")!.length).toBeGreaterThan(100);
      expect(before.get("codes_romes")!.length).toBeGreaterThan(10);
      const oldNames = await namesIn(handle, kind);
      expect(oldNames.filter((name) => /blog/.test(name)).length).toBeGreaterThan(10);

      // 0036 alone: later migrations add tables and texts of their own.
      await migrateTo(handle, "0036-one-vocabulary");

      // Every row kept, under the new table names.
      for (const [from, to] of Object.entries(RENAMED_TABLES))
        expect(await rowsOf(untyped, to), `${from} → ${to}`).toEqual(before.get(from));
      for (const table of OTHER_TABLES_WITH_ID) expect(await rowsOf(untyped, table), table).toEqual(before.get(table));
      for (const table of TABLES_WITH_ARTICLE_ID) {
        const columns = await columnsOf(handle, kind, table);
        expect(columns, table).toContain("article_id");
        expect(columns, table).not.toContain("blog_id");
      }
      // No table, index, constraint or sequence keeps an old word (SQLite's table-level constraint names are in the table's text, not here).
      const names = await namesIn(handle, kind);
      expect(names.filter((name) => /blog|translates|codes_romes/.test(name))).toEqual([]);
      expect(names).toEqual(
        expect.arrayContaining([
          "articles",
          "article_versions",
          "translations",
          "rome_jobs",
          "article_versions_translation_index",
          "articles_updated_index",
        ]),
      );
      expect(names.length).toBe(oldNames.length);

      const { db } = handle;
      // The search index answers as before, and follows a new entry once the catch-up has made it.
      while ((await catchUpBatch(handle, (batch) => renderBatch(batch, kind))).claimed > 0);
      const found = await searchEntries(db, "en-US", "ROME", 10, 0);
      expect(found.total).toBeGreaterThan(0);
      const article = found.hits[0]!.articleId;
      // A unique constraint still refuses a second version of one language; foreign keys still cascade (and SQLite's trigger empties search_fts).
      const version = await db
        .selectFrom("article_versions")
        .selectAll()
        .where("article_id", "=", article)
        .where("code", "=", "en-US")
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = version;
      await expect(db.insertInto("article_versions").values(copy).execute()).rejects.toThrow();
      await expect(
        db
          .insertInto("article_versions")
          .values({ ...copy, article_id: 999_999 })
          .execute(),
      ).rejects.toThrow();
      await db.deleteFrom("articles").where("id", "=", article).execute();
      for (const table of TABLES_WITH_ARTICLE_ID) {
        const { rows } = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where article_id = ${article}`.execute(db);
        expect(Number(rows[0]!.n), table).toBe(0);
      }
      expect((await searchEntries(db, "en-US", "ROME", 10, 0)).hits.map((hit) => hit.articleId)).not.toContain(article);
      if (kind === "sqlite") {
        const { rows } = await sql<{ n: number }>`select count(*) as n from search_fts`.execute(db);
        const entries = await db
          .selectFrom("search_entries")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        expect(Number(rows[0]!.n)).toBe(Number(entries.n));
      }

      // Down to 0035 and up again: the old names come back, then the new ones, every row kept.
      const kept = await rowsOf(untyped, "article_versions");
      await migrateTo(handle, "0035-admin-texts-since-0025");
      expect(await namesIn(handle, kind)).toEqual(oldNames);
      expect(await rowsOf(untyped, "blog_versions")).toEqual(kept);
      await migrateTo(handle, "0036-one-vocabulary");
      expect(await namesIn(handle, kind)).toEqual(names);
      expect(await rowsOf(untyped, "article_versions")).toEqual(kept);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
