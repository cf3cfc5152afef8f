import type { Kysely } from "kysely";

/**
 * Each search entry keeps a fingerprint of the Markdown body it was made from, so a write re-indexes
 * only the versions whose title, summary or body changed (server/search/published-index.ts,
 * decision 0130). An edit of one language's version used to parse and stem all seven of its
 * article's versions in the write's transaction: ≈ 19 ms of a 1 000-word article on SQLite, every
 * request waiting behind it. Entries made before have none: each is made again at its article's
 * next write, as every entry was until now.
 */
export const searchEntryFingerprintsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("search_entries").addColumn("source_fingerprint", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("search_entries").dropColumn("source_fingerprint").execute();
  },
};
