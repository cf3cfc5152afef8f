/**
 * A database a newer release migrated (a PostgreSQL dump restored with pg_restore, or an SQLite
 * file put back by hand) is refused when the site starts, on both databases, naming the migration
 * this release does not know and the remedy, and nothing in it is changed (issue 41 item 7).
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/connect.ts";
import { knownMigrations, migrateToLatest } from "#server/db/migrate.ts";
import { createTestDatabase, DATABASE_KINDS, testConfig, type TestDatabase } from "./support.ts";

describe.each(DATABASE_KINDS)("a database from a newer release on %s", (kind) => {
  let database: TestDatabase | null = null;
  let handle: DatabaseHandle | null = null;
  afterEach(async () => {
    await handle?.close();
    await database?.drop();
    handle = null;
    database = null;
  });

  it("is refused at start, changing nothing", async () => {
    database = await createTestDatabase(kind);
    handle = openDatabase(testConfig(database.url).database);
    await migrateToLatest(handle);
    await sql`insert into kysely_migration (name, timestamp) values ('0999-from-a-newer-release', '2099-01-01T00:00:00.000Z')`.execute(
      handle.db,
    );
    const before = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db))
      .rows;

    await expect(migrateToLatest(handle)).rejects.toThrow(
      "The database was made by a newer Polyglot Press (migration 0999-from-a-newer-release, unknown to this one): upgrade first.",
    );
    expect(
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db)).rows,
    ).toEqual(before);
    expect(before).toHaveLength(knownMigrations().length + 1);
  });
});
