import type { Kysely } from "kysely";
import { adminSeedEntries } from "#server/admin/i18n/source.ts";
import type { DatabaseBefore0036 } from "#server/db/names-before-0036.ts";

/** Rows per insert: within SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH = 500;

/**
 * Each catalog text whose key `wanted` accepts, whose language the site has and
 * whose cell is empty (decision 0102). Cells that exist, edited or not, are
 * left alone, and so are languages the site does not have. A fresh database has
 * no languages yet when migrations run; its seed writes the texts.
 */
export async function addMissingAdminTexts(
  db: Kysely<unknown>,
  wanted: (key: string) => boolean = () => true,
): Promise<void> {
  const typed = db as Kysely<DatabaseBefore0036>;
  const languages = new Map(
    (await typed.selectFrom("languages").select(["code", "short_code"]).execute()).map((language) => [
      language.code,
      language.short_code,
    ]),
  );
  if (languages.size === 0) return;
  const stored = new Set(
    (
      await typed
        .selectFrom("translates")
        .select(["code", "code_component"])
        .where("code_component", "like", "admin.%")
        .execute()
    ).map((row) => `${row.code}\n${row.code_component}`),
  );
  const missing = adminSeedEntries()
    .filter(({ key, code }) => wanted(key) && languages.has(code) && !stored.has(`${code}\n${key}`))
    .map(({ key, code, label }) => ({
      code,
      code_component: key,
      label,
      search: null,
      link: null,
      short_code: languages.get(code)!,
    }));
  for (let start = 0; start < missing.length; start += BATCH) {
    await typed
      .insertInto("translates")
      .values(missing.slice(start, start + BATCH))
      .execute();
  }
}

/** The admin area's texts (decisions 0076, 0102) for databases seeded before they existed or before every screen was translated. */
export const adminTextsMigration = {
  async up(db: Kysely<unknown>) {
    await addMissingAdminTexts(db);
  },
  // Added texts cannot be told from texts admins wrote since: going down leaves them, as harmless rows.
  async down() {},
};
