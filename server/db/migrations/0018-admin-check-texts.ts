import type { Kysely } from "kysely";
import { ADMIN_CHECK_KEY_PREFIX } from "#core/i18n/admin-checks.ts";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/**
 * The admin forms' check messages (`admin.check.*`, decision 0120) for databases
 * migrated before they existed, as 0014 did for the admin texts of its time
 * (decision 0102): only these keys, so texts deleted since 0014 stay deleted.
 */
export const adminCheckTextsMigration = {
  async up(db: Kysely<unknown>) {
    await addMissingAdminTexts(db, (key) => key.startsWith(ADMIN_CHECK_KEY_PREFIX));
  },
  // As 0014: added texts cannot be told from texts admins wrote since.
  async down() {},
};
