/**
 * Issue 44's migrations on an existing database: 0032 brings the public strings it added, 0033 has the search
 * catch-up make every published version's search entry again with NFKC folding (full-width ＲＯＭＥ finds ROME).
 */
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/connect.ts";
import { migrateTo, migrateToLatest } from "#server/db/migrate.ts";
import { searchTextNfkcMigration } from "#server/db/migrations/0033-search-text-nfkc.ts";
import { searchEntries } from "#server/search/entries.ts";
import { withNamesBefore0036, withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { seedDemoContent } from "#server/seed/index.ts";
import translations from "#server/seed/translations.json" with { type: "json" };
import { catchUpBatch, renderBatch } from "#server/content/search-catch-up.ts";
import { createTestDatabase, DATABASE_KINDS, startTestApp, testConfig, type TestDatabase } from "./support.ts";

const ISSUE_44_KEYS = [
  "JOBS:FRENCH_LABELS",
  "NOTFOUND:NOT_TRANSLATED_TITLE",
  "SEARCH:WORDS_APART",
  "SEARCH:WHOLE_FIRST",
];

describe.each(DATABASE_KINDS)("issue 44's migrations (%s)", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  // Up, down to 0031 and up again: through 0036's renames and (on SQLite) its index rebuilds both ways.
  it("0032 adds the new public strings in every language a database has", async () => {
    database = await createTestDatabase(kind);
    const handle = openDatabase(testConfig(database.url).database);
    try {
      await migrateToLatest(handle);
      await seedDemoContent(handle.db);
      await migrateTo(handle, "0031-version-presence");
      await withNamesBefore0036(handle.db)
        .deleteFrom("translations")
        .where("code_component", "in", ISSUE_44_KEYS)
        .execute();
      await migrateToLatest(handle);
      const rows = await handle.db
        .selectFrom("translations")
        .select(["code", "code_component", "label"])
        .where("code_component", "in", ISSUE_44_KEYS)
        .execute();
      const byKey = translations as Record<string, Record<string, string>>;
      const languages = await handle.db.selectFrom("languages").select("code").execute();
      for (const key of ISSUE_44_KEYS) {
        for (const { code } of languages) {
          if (byKey[key]![code] !== undefined)
            expect(rows.find((row) => row.code === code && row.code_component === key)?.label, `${code} ${key}`).toBe(
              byKey[key]![code],
            );
        }
      }
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("0033 has the search catch-up make every published version's entry again", async () => {
    const testApp = await startTestApp(kind);
    try {
      const { db } = testApp.services.database;
      const entries = () =>
        db
          .selectFrom("search_entries")
          .select(["id", "article_id", "code", "source_fingerprint"])
          .orderBy("id")
          .execute();
      const before = await entries();
      expect(before.length).toBeGreaterThan(10);
      await searchTextNfkcMigration.up(withNamesSince0036(db as unknown as Kysely<unknown>));
      const awaiting = await db.selectFrom("article_versions").select("id").where("awaiting_index", "=", 1).execute();
      expect(awaiting.length).toBe(before.length);
      // The old entries answer until theirs are made again.
      expect((await searchEntries(db, "ja-JP", "ROME", 10, 0)).total).toBe(2);
      while ((await catchUpBatch(testApp.services.database, (batch) => renderBatch(batch, kind))).claimed > 0);
      const after = await entries();
      expect(after.length).toBe(before.length);
      const oldIds = new Set(before.map((entry) => entry.id));
      for (const entry of after) {
        expect(oldIds.has(entry.id), `${entry.article_id} ${entry.code}`).toBe(false);
        expect(entry.source_fingerprint).not.toBeNull();
      }
      expect(await db.selectFrom("article_versions").select("id").where("awaiting_index", "=", 1).execute()).toEqual(
        [],
      );
      expect((await searchEntries(db, "ja-JP", "ＲＯＭＥ", 10, 0)).total).toBe(2);
    } finally {
      await testApp.close();
    }
  });
});
