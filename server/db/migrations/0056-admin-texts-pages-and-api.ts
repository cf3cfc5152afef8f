import type { Kysely } from "kysely";
import { withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/** The translations grid's pager and the API reference's disclosure (decision 0201), frozen as they were when this migration was written. */
const ADDED_KEYS: ReadonlySet<string> = new Set(["admin.api.details", "admin.translations.pages"]);

/** Those texts for databases migrated before they existed, as 0038 (decision 0102): only these keys. */
export const adminTextsPagesAndApiMigration = {
  async up(db: Kysely<unknown>) {
    // 0014's code names the tables as they were before 0036, which renamed them.
    await addMissingAdminTexts(withNamesSince0036(db), (key) => ADDED_KEYS.has(key));
  },
  // As 0014: added texts cannot be told from texts admins wrote since.
  async down() {},
};
