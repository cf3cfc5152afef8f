import type { Kysely } from "kysely";

/**
 * Which revisions were saved with machine suggestions in them (issue 45 item 7, decision 0218): the number of the
 * text's segments that were a machine suggestion, as the translator took it and unedited, when the person saved.
 * 0 for every revision before (and for every write but a person's save from the workbench). The same on both
 * databases: an integer column added at the end (after the body on SQLite, as every later column there).
 */
export const machineSegmentsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("article_revisions")
      .addColumn("machine_segments", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("article_revisions").dropColumn("machine_segments").execute();
  },
};
