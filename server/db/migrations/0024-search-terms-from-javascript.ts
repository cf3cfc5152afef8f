import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import type { DatabaseBefore0060 } from "#server/db/schema.ts";
import { indexForm } from "#server/search/index-form.ts";
import { foldedWords, stemmingOf } from "#server/search/terms.ts";

/** Search entries whose document is made again per statement. */
const BATCH = 500;

/**
 * PostgreSQL: each search entry's tsvector is made again from the terms SQLite indexes (made in
 * JavaScript: folded, segmented, Snowball-stemmed), which searches now query with, instead of by
 * the language's text search configuration (decision 0124). The text is in the entry itself
 * (title, summary, body_text), so no article is read. Going down makes them as before: the
 * folded words through `to_tsvector` of the language's configuration. SQLite: nothing (its terms
 * always came from JavaScript).
 */
export function searchTermsFromJavascriptMigration(dialect: DialectName) {
  async function remake(
    db: Kysely<unknown>,
    document: (entry: { code: string; title: string; summary: string; body_text: string }) => RawBuilder<unknown>,
  ) {
    const typed = db as Kysely<DatabaseBefore0060>;
    for (let after = 0; ;) {
      const entries = await typed
        .selectFrom("search_entries")
        .select(["id", "code", "title", "summary", "body_text"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(BATCH)
        .execute();
      if (entries.length === 0) return;
      const values = entries.map((entry) => sql`(${entry.id}::integer, ${document(entry)})`);
      await sql`update search_entries set document = remade.document from (values ${sql.join(values)}) as remade (id, document) where search_entries.id = remade.id`.execute(
        db,
      );
      after = entries.at(-1)!.id;
    }
  }
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await remake(db, (entry) => sql`${indexForm("postgres", entry, entry.code)[0]}::tsvector`);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await remake(db, (entry) => {
        const config = stemmingOf(entry.code) ?? "simple";
        const part = (text: string, weight: string) =>
          sql`setweight(to_tsvector(${config}::regconfig, ${foldedWords(text, entry.code)}), ${weight}::"char")`;
        return sql`${part(entry.title, "A")} || ${part(entry.summary, "B")} || ${part(entry.body_text, "C")}`;
      });
    },
  };
}
