import { sql, type Kysely } from "kysely";

/**
 * Search terms are folded with NFKC since issue 44 (core/text.ts foldForSearch: full-width ＲＯＭＥ is ROME), so every
 * entry made before holds terms a query no longer makes. Nothing is indexed here: each entry forgets the body it was
 * made from and every published version awaits the search catch-up (decision 0139), which makes its entry again on
 * its own thread, a few articles at a time, while the old entries keep answering the words they still match.
 */
export const searchTextNfkcMigration = {
  async up(db: Kysely<unknown>) {
    await sql`update search_entries set source_fingerprint = null`.execute(db);
    await sql`update blog_versions set awaiting_index = 1 where status = 'published' and published_at is not null`.execute(
      db,
    );
  },
  // Nothing to undo: older code reads these entries as it read its own, but for compatibility forms, which it folded apart.
  async down() {},
};
