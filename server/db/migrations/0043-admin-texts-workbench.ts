import type { Kysely } from "kysely";
import { withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/** The admin texts of the translator's workbench (decisions 0210–0214), frozen as they were when this migration was written. */
const ADDED_KEYS: ReadonlySet<string> = new Set([
  "admin.workbench.autosave_failed",
  "admin.workbench.autosave_invalid",
  "admin.workbench.autosave_refused",
  "admin.workbench.autosave_saved",
  "admin.workbench.autosave_saving",
  "admin.workbench.autosave_unsaved",
  "admin.workbench.blocking",
  "admin.workbench.check.code_spans",
  "admin.workbench.check.double_spaces",
  "admin.workbench.check.edge_spaces",
  "admin.workbench.check.glossary_forbidden",
  "admin.workbench.check.glossary_missing",
  "admin.workbench.check.headings",
  "admin.workbench.check.identical",
  "admin.workbench.check.images",
  "admin.workbench.check.link_urls",
  "admin.workbench.check.links",
  "admin.workbench.check.media",
  "admin.workbench.check.numbers",
  "admin.workbench.check.unclosed_fence",
  "admin.workbench.confirmed",
  "admin.workbench.counts",
  "admin.workbench.dismiss",
  "admin.workbench.edit_as",
  "admin.workbench.icu.empty_form",
  "admin.workbench.icu.missing_plural_category",
  "admin.workbench.icu.syntax",
  "admin.workbench.icu.unknown_argument",
  "admin.workbench.icu.unknown_plural_category",
  "admin.workbench.keys_hint",
  "admin.workbench.kind.code",
  "admin.workbench.kind.heading",
  "admin.workbench.kind.image",
  "admin.workbench.kind.list_item",
  "admin.workbench.kind.paragraph",
  "admin.workbench.kind.quote",
  "admin.workbench.kind.rule",
  "admin.workbench.kind.table_row",
  "admin.workbench.next_change",
  "admin.workbench.no_next_change",
  "admin.workbench.no_previous_change",
  "admin.workbench.plural_examples",
  "admin.workbench.plural_legend",
  "admin.workbench.previous_change",
  "admin.workbench.segment_number",
  "admin.workbench.source_changes",
  "admin.workbench.status.changed",
  "admin.workbench.status.new",
  "admin.workbench.status.removed",
  "admin.workbench.status.unchanged",
  "admin.workbench.summary_blocking",
  "admin.workbench.summary_count",
  "admin.workbench.summary_none",
  "admin.workbench.summary_title",
  "admin.workbench.translation_of",
  "admin.workbench.view_segments",
  "admin.workbench.view_whole",
]);

/** Those texts for databases migrated before they existed, as 0038 (decision 0102): only these keys. */
export const adminTextsWorkbenchMigration = {
  async up(db: Kysely<unknown>) {
    // 0014's code names the tables as they were before 0036, which renamed them.
    await addMissingAdminTexts(withNamesSince0036(db), (key) => ADDED_KEYS.has(key));
  },
  // As 0014: added texts cannot be told from texts admins wrote since.
  async down() {},
};
