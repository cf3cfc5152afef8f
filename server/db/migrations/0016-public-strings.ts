import { sql, type Kysely } from "kysely";
import translations from "#server/seed/translations.json" with { type: "json" };

/** Rows per insert: within SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_BATCH = 200;

/**
 * Every public UI string of the seed (server/seed/translations.json) for the languages a
 * database already has, where that language lacks it: the search, tag, feed and preview work
 * added strings (SEARCH:*, TAGS:*, FEED:TITLE, …) that databases seeded before it never got,
 * so their pages showed keys. Only missing (language, key) rows are written: a string an
 * admin edited keeps its text (decision 0106).
 */
export const publicStringsMigration = {
  async up(db: Kysely<unknown>) {
    const byKey = translations as Record<string, Record<string, string>>;
    const languages = (
      await sql<{ code: string; short_code: string }>`select code, short_code from languages`.execute(db)
    ).rows;
    const present = await sql<{
      code: string;
      code_component: string;
    }>`select code, code_component from translates`.execute(db);
    const have = new Set(present.rows.map((row) => `${row.code}\u0000${row.code_component}`));
    const missing = languages.flatMap((language) =>
      Object.entries(byKey).flatMap(([key, labels]) => {
        const label = labels[language.code];
        return label === undefined || have.has(`${language.code}\u0000${key}`)
          ? []
          : [{ code: language.code, key, label, shortCode: language.short_code }];
      }),
    );
    for (let start = 0; start < missing.length; start += INSERT_BATCH) {
      const rows = missing
        .slice(start, start + INSERT_BATCH)
        .map((row) => sql`(${row.code}, ${row.key}, ${row.label}, ${row.shortCode})`);
      await sql`insert into translates (code, code_component, label, short_code) values ${sql.join(rows)}`.execute(db);
    }
  },
  // Nothing to undo: the strings are the seed's own, and an admin may have edited them since.
  async down() {},
};
