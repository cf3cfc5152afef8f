import type { Kysely } from "kysely";
import { withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/** The admin texts of the API keys screen (decision 0200), frozen as they were when this migration was written. */
const ADDED_KEYS: ReadonlySet<string> = new Set([
  "admin.api_keys.active",
  "admin.api_keys.add_button",
  "admin.api_keys.add_failed",
  "admin.api_keys.all_languages",
  "admin.api_keys.caption",
  "admin.api_keys.intro",
  "admin.api_keys.languages",
  "admin.api_keys.languages_hint",
  "admin.api_keys.last_used",
  "admin.api_keys.name",
  "admin.api_keys.never_used",
  "admin.api_keys.new_title",
  "admin.api_keys.no_origins",
  "admin.api_keys.none",
  "admin.api_keys.origins",
  "admin.api_keys.origins_hint",
  "admin.api_keys.prefix",
  "admin.api_keys.rate_limit",
  "admin.api_keys.rate_limit_hint",
  "admin.api_keys.revoke_button",
  "admin.api_keys.revoke_confirm",
  "admin.api_keys.revoke_failed",
  "admin.api_keys.revoked",
  "admin.api_keys.state",
  "admin.api_keys.token_once",
  "admin.api_keys.token_title",
  "admin.audit_entity.api_key",
  "admin.nav.api_keys",
]);

/** Those texts for databases migrated before they existed, as 0035 (decision 0102): only these keys. */
export const adminTextsApiKeysMigration = {
  async up(db: Kysely<unknown>) {
    // 0014's code names the tables as they were before 0036, which renamed them.
    await addMissingAdminTexts(withNamesSince0036(db), (key) => ADDED_KEYS.has(key));
  },
  // As 0014: added texts cannot be told from texts admins wrote since.
  async down() {},
};
