import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";

/** The version's live text columns that a revision may leave to it. */
const SHARED = ["title", "summary", "body", "cover_alt"] as const;

/** Whether an update changes the text (a second import of the same text leaves History's copies shared). */
const textChanges = (distinct: string) =>
  SHARED.map((column) => `old.${column} ${distinct} new.${column}`).join(" or ");

/** The statement that gives the revisions of the version `old` names their text back, from `old`'s columns. */
const keepText = `update article_revisions set ${SHARED.map((column) => `${column} = old.${column}`).join(", ")}, text_in_version = 0
  where article_id = old.article_id and code = old.code and text_in_version = 1`;

/**
 * A revision may leave its text to its version (docs/decisions/0239-revisions-share-the-live-text.md): a bulk import
 * wrote each version's text twice, once live and once in its History revision, half of what it stored. Such a
 * revision (text_in_version = 1) stores its title, summary, body and cover description as empty texts and reads them
 * from its version's row; before a write changes those columns of the version, or deletes it, a trigger gives them
 * back to the revision, in the same statement, so no write path can lose them (a write of the same text leaves them
 * shared: both revisions hold the live text). Adding a column with a default
 * rewrites no row on either database.
 */
export function revisionsShareTheLiveTextMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("article_revisions")
        .addColumn("text_in_version", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      if (dialect === "sqlite") {
        await sql
          .raw(
            `create trigger article_versions_keep_revision_text before update of ${SHARED.join(", ")} on article_versions
            when ${textChanges("is not")} begin ${keepText}; end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger article_versions_keep_revision_text_on_delete before delete on article_versions begin ${keepText}; end`,
          )
          .execute(db);
        return;
      }
      await sql
        .raw(
          `create function article_versions_keep_revision_text() returns trigger language plpgsql as $$
          begin
            ${keepText};
            return case when tg_op = 'DELETE' then old else new end;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger article_versions_keep_revision_text before update of ${SHARED.join(", ")} on article_versions
          for each row when (${textChanges("is distinct from")}) execute function article_versions_keep_revision_text()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger article_versions_keep_revision_text_on_delete before delete on article_versions
          for each row execute function article_versions_keep_revision_text()`,
        )
        .execute(db);
    },
    /** Every revision holds its text again. */
    async down(db: Kysely<unknown>) {
      await sql
        .raw(
          `update article_revisions set ${SHARED.map(
            (column) =>
              `${column} = (select v.${column} from article_versions v where v.article_id = article_revisions.article_id and v.code = article_revisions.code)`,
          ).join(", ")}, text_in_version = 0 where text_in_version = 1`,
        )
        .execute(db);
      if (dialect === "sqlite") {
        await sql`drop trigger article_versions_keep_revision_text`.execute(db);
        await sql`drop trigger article_versions_keep_revision_text_on_delete`.execute(db);
      } else {
        await sql`drop trigger article_versions_keep_revision_text on article_versions`.execute(db);
        await sql`drop trigger article_versions_keep_revision_text_on_delete on article_versions`.execute(db);
        await sql`drop function article_versions_keep_revision_text()`.execute(db);
      }
      await db.schema.alterTable("article_revisions").dropColumn("text_in_version").execute();
    },
  };
}
