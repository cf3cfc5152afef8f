import type { Kysely } from "kysely";
import { withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/** The admin texts of the glossary screen and the workbench's memory and glossary panels (decisions 0215, 0217), frozen as they were when this migration was written. */
const ADDED_KEYS: ReadonlySet<string> = new Set([
  "admin.audit_entity.glossary_term",
  "admin.glossary.add_button",
  "admin.glossary.add_failed",
  "admin.glossary.added",
  "admin.glossary.approve_button",
  "admin.glossary.caption",
  "admin.glossary.change_failed",
  "admin.glossary.delete_button",
  "admin.glossary.delete_confirm",
  "admin.glossary.dry_run",
  "admin.glossary.exchange_title",
  "admin.glossary.export_link",
  "admin.glossary.forbidden",
  "admin.glossary.forbidden_hint",
  "admin.glossary.from",
  "admin.glossary.import_button",
  "admin.glossary.import_failed",
  "admin.glossary.import_file",
  "admin.glossary.import_hint",
  "admin.glossary.import_report",
  "admin.glossary.intro",
  "admin.glossary.new_title",
  "admin.glossary.none",
  "admin.glossary.note",
  "admin.glossary.pair_title",
  "admin.glossary.propose_button",
  "admin.glossary.show_button",
  "admin.glossary.status",
  "admin.glossary.status.approved",
  "admin.glossary.status.proposed",
  "admin.glossary.term",
  "admin.glossary.to",
  "admin.glossary.translation",
  "admin.glossary_hints.failed",
  "admin.glossary_hints.forbidden",
  "admin.glossary_hints.insert_button",
  "admin.glossary_hints.none",
  "admin.glossary_hints.title",
  "admin.memory.accept_button",
  "admin.memory.differences",
  "admin.memory.failed",
  "admin.memory.loading",
  "admin.memory.none",
  "admin.memory.score",
  "admin.memory.title",
  "admin.memory.uses",
  "admin.nav.glossary",
]);

/** Those texts for databases migrated before they existed, as 0038 (decision 0102): only these keys. */
export const adminTextsGlossaryMigration = {
  async up(db: Kysely<unknown>) {
    // 0014's code names the tables as they were before 0036, which renamed them.
    await addMissingAdminTexts(withNamesSince0036(db), (key) => ADDED_KEYS.has(key));
  },
  // As 0014: added texts cannot be told from texts admins wrote since.
  async down() {},
};
