import type { Kysely } from "kysely";
import { withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/** The admin texts of the workbench's machine suggestions and their refusals (decision 0218), frozen as they were when this migration was written. */
const ADDED_KEYS: ReadonlySet<string> = new Set([
  "admin.history.machine",
  "admin.machine.checks",
  "admin.machine.failed",
  "admin.machine.loading",
  "admin.machine.mark",
  "admin.machine.note",
  "admin.machine.suggest_button",
  "admin.machine.title",
  "admin.machine.use_button",
  "admin.refusal.machine_translation_failed",
  "admin.refusal.machine_translation_off",
  "admin.refusal.machine_translation_unavailable",
]);

/** Those texts for databases migrated before they existed, as 0047 (decision 0102): only these keys. */
export const adminTextsMachineTranslationMigration = {
  async up(db: Kysely<unknown>) {
    // 0014's code names the tables as they were before 0036, which renamed them.
    await addMissingAdminTexts(withNamesSince0036(db), (key) => ADDED_KEYS.has(key));
  },
  // As 0014: added texts cannot be told from texts admins wrote since.
  async down() {},
};
