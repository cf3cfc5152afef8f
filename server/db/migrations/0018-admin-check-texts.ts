import type { Kysely } from "kysely";
import { ADMIN_CHECK_KEY_PREFIX } from "#core/i18n/admin-checks.ts";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/** Admin texts added with the forms' checks that are not checks themselves. */
const ADDED_KEYS: ReadonlySet<string> = new Set(["admin.details.linked_jobs"]);

/**
 * The admin forms' check messages (`admin.check.*`, decision 0120) and the
 * article editor's "Linked job pages:" for databases migrated before they
 * existed, as 0014 did for the admin texts of its time (decision 0102): only
 * these keys, so texts deleted since 0014 stay deleted.
 */
export const adminCheckTextsMigration = {
  async up(db: Kysely<unknown>) {
    await addMissingAdminTexts(db, (key) => key.startsWith(ADMIN_CHECK_KEY_PREFIX) || ADDED_KEYS.has(key));
  },
  // As 0014: added texts cannot be told from texts admins wrote since.
  async down() {},
};
