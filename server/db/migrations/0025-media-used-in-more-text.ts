import type { Kysely } from "kysely";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/**
 * The media library's "and N more articles" (it names at most five of the articles
 * using an image) for databases seeded before it, as 0018 did for its texts: only this key.
 */
export const mediaUsedInMoreTextMigration = {
  async up(db: Kysely<unknown>) {
    await addMissingAdminTexts(db, (key) => key === "admin.media.used_in_more");
  },
  // As 0014: an added text cannot be told from one an admin wrote since.
  async down() {},
};
