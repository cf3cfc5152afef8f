import type { Kysely } from "kysely";
import { withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/** The admin texts of the webhooks screen (decision 0196), frozen as they were when this migration was written. */
const ADDED_KEYS: ReadonlySet<string> = new Set([
  "admin.audit_action.redeliver",
  "admin.audit_entity.webhook",
  "admin.nav.webhooks",
  "admin.webhooks.add_button",
  "admin.webhooks.add_failed",
  "admin.webhooks.answer",
  "admin.webhooks.attempts",
  "admin.webhooks.caption",
  "admin.webhooks.change_failed",
  "admin.webhooks.close_deliveries",
  "admin.webhooks.created",
  "admin.webhooks.delete_button",
  "admin.webhooks.delete_confirm",
  "admin.webhooks.deliveries_button",
  "admin.webhooks.deliveries_caption",
  "admin.webhooks.description",
  "admin.webhooks.enabled",
  "admin.webhooks.event",
  "admin.webhooks.event.cache_purge",
  "admin.webhooks.event.media_uploaded",
  "admin.webhooks.event.strings_changed",
  "admin.webhooks.event.translation_outdated",
  "admin.webhooks.event.version_published",
  "admin.webhooks.event.version_unpublished",
  "admin.webhooks.event.version_updated",
  "admin.webhooks.events",
  "admin.webhooks.intro",
  "admin.webhooks.new_title",
  "admin.webhooks.no_answer",
  "admin.webhooks.no_deliveries",
  "admin.webhooks.none",
  "admin.webhooks.pause_button",
  "admin.webhooks.paused",
  "admin.webhooks.redeliver_button",
  "admin.webhooks.redelivered",
  "admin.webhooks.resume_button",
  "admin.webhooks.secret_once",
  "admin.webhooks.secret_title",
  "admin.webhooks.state",
  "admin.webhooks.status",
  "admin.webhooks.status.failed",
  "admin.webhooks.status.pending",
  "admin.webhooks.status.succeeded",
  "admin.webhooks.url",
  "admin.webhooks.url_hint",
]);

/** Those texts for databases migrated before they existed, as 0035 (decision 0102): only these keys. */
export const adminTextsWebhooksMigration = {
  async up(db: Kysely<unknown>) {
    // 0014's code names the tables as they were before 0036, which renamed them.
    await addMissingAdminTexts(withNamesSince0036(db), (key) => ADDED_KEYS.has(key));
  },
  // As 0014: added texts cannot be told from texts admins wrote since.
  async down() {},
};
