import type { Kysely } from "kysely";

/**
 * The language a signed-in person reads the admin area in (decision 0076):
 * a language code, or null for "the public language I came from".
 * Not a foreign key: deleting a language leaves the choice, which then falls back.
 */
export const adminLanguageMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("users").addColumn("admin_language", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("users").dropColumn("admin_language").execute();
  },
};
