import type { Kysely } from "kysely";

/**
 * Fallback chains (decision 0085): each language's ordered list of languages to
 * borrow missing UI strings and job labels from (a JSON array of language ids,
 * empty by default), and whether its article lists include articles that exist
 * only in one of those languages. No new index: those lists seek on the
 * published-order index of 0004 and probe the (blog_id, code) unique index.
 */
export const fallbackChainsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("languages")
      .addColumn("fallbacks", "text", (col) => col.notNull().defaultTo("[]"))
      .execute();
    await db.schema
      .alterTable("languages")
      .addColumn("list_fallback_articles", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("languages").dropColumn("list_fallback_articles").execute();
    await db.schema.alterTable("languages").dropColumn("fallbacks").execute();
  },
};
