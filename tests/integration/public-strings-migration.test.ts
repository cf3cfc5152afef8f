import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/connect.ts";
import { migrateTo, migrateToLatest } from "#server/db/migrate.ts";
import { publicStringsMigration } from "#server/db/migrations/0016-public-strings.ts";
import { withNamesBefore0036, withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { seedDemoContent } from "#server/seed/index.ts";
import translations from "#server/seed/translations.json" with { type: "json" };
import { createTestDatabase, DATABASE_KINDS, testConfig, type TestDatabase } from "./support.ts";

/** The strings the search, tag, feed and preview work added after 0010 (migration 0016 brings them). */
const LATER_KEYS = Object.keys(translations).filter((key) => /^(SEARCH|TAGS|FEED):/.test(key));

describe.each(DATABASE_KINDS)("migration 0016: public UI strings for existing databases (%s)", (kind) => {
  let database: TestDatabase;
  afterEach(() => database?.drop());

  it("adds every missing string in each language the database has, keeping edited ones", async () => {
    database = await createTestDatabase(kind);
    const handle = openDatabase(testConfig(database.url).database);
    try {
      // A database as the release before 0016 left it, without the later strings: seeded (by
      // today's seed, whose search index has today's shape), then migrated down.
      await migrateToLatest(handle);
      await seedDemoContent(handle.db);
      await migrateTo(handle, "0013-admin-language");
      const { db } = handle;
      const old = withNamesBefore0036(db);
      await old.deleteFrom("translations").where("code_component", "in", LATER_KEYS).execute();
      // An admin had already written one of them, differently from the seed.
      await old
        .insertInto("translations")
        .values({
          code: "fr-FR",
          code_component: "SEARCH:BUTTON",
          label: "Chercher !",
          short_code: "fr",
          search: null,
          link: null,
        })
        .execute();
      await old
        .updateTable("translations")
        .set({ label: "Le site" })
        .where("code", "=", "fr-FR")
        .where("code_component", "=", "SITE:TITLE")
        .execute();

      await migrateToLatest(handle);

      const rows = await db
        .selectFrom("translations")
        .select(["code", "code_component", "label"])
        .where("code_component", "in", Object.keys(translations))
        .execute();
      const label = (code: string, key: string) =>
        rows.find((row) => row.code === code && row.code_component === key)?.label;
      const byKey = translations as Record<string, Record<string, string>>;
      const languages = await db.selectFrom("languages").select("code").execute();
      expect(LATER_KEYS.length).toBeGreaterThan(10);
      for (const { code } of languages) {
        for (const key of Object.keys(byKey)) {
          if (byKey[key]![code] === undefined) continue;
          if (code === "fr-FR" && (key === "SEARCH:BUTTON" || key === "SITE:TITLE")) continue;
          expect(label(code, key), `${code} ${key}`).toBe(byKey[key]![code]);
        }
      }
      expect(label("fr-FR", "SEARCH:BUTTON")).toBe("Chercher !");
      expect(label("fr-FR", "SITE:TITLE")).toBe("Le site");
      expect(label("ar", "SEARCH:BUTTON")).toBe(byKey["SEARCH:BUTTON"]!.ar);
      // One row per (language, key): nothing doubled.
      expect(rows.length).toBe(new Set(rows.map((row) => `${row.code} ${row.code_component}`)).size);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("adds nothing to a freshly seeded database", async () => {
    database = await createTestDatabase(kind);
    const handle = openDatabase(testConfig(database.url).database);
    try {
      await migrateToLatest(handle);
      await seedDemoContent(handle.db);
      const before = await handle.db
        .selectFrom("translations")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      // Run again on purpose (Kysely would refuse to re-run one migration behind a later one).
      await publicStringsMigration.up(withNamesSince0036(handle.db as unknown as Kysely<unknown>));
      const after = await handle.db
        .selectFrom("translations")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(Number(before.count));
    } finally {
      await handle.close();
    }
  });
});
