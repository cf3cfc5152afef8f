import { sql, type Kysely } from "kysely";

/** A History revision holds the text of `text` (an alias of a row with title, summary, cover_alt, body). */
const sameText = (text: string) =>
  sql.raw(
    `r.title = ${text}.title and r.summary = ${text}.summary and r.cover_alt = ${text}.cover_alt and r.body = ${text}.body`,
  );

/**
 * One revision numbering (docs/decisions/0168-one-revision-numbering.md): an article's source revision,
 * every version's base and every pending change's source revision become History numbers of the source
 * version, instead of a counter of the source's text changes. Per article, the source revision becomes the
 * newest History revision holding the source's current text; each older kept source snapshot becomes the
 * newest earlier History revision holding its text (the bases on it follow); a base with neither — its text
 * is no longer in History, or was a former source language's — is put just behind the source revision (at
 * most where it was). Every status stays as it was: up to date stays equal to the source revision, outdated
 * stays below it; blog_versions keeps every text and date (only base_revision is written).
 * Set-based statements only, through a mapping table dropped at the end.
 */
export const sourceRevisionsFromHistoryMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("revision_renumbering")
      .addColumn("blog_id", "integer", (col) => col.notNull())
      .addColumn("old_revision", "integer", (col) => col.notNull())
      .addColumn("new_revision", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("revision_renumbering_pk", ["blog_id", "old_revision"])
      .execute();
    await sql`
      insert into revision_renumbering (blog_id, old_revision, new_revision)
      select id, source_revision, number from (
        select b.id, b.source_revision,
          (select coalesce(max(case when ${sameText("v")} then r.number end), max(r.number))
           from blog_revisions r join blog_versions v on v.blog_id = r.blog_id and v.code = r.code
           where r.blog_id = b.id and r.code = b.source_code) as number
        from blogs b where b.source_code is not null
      ) as current_source where number is not null`.execute(db);
    await sql`
      insert into revision_renumbering (blog_id, old_revision, new_revision)
      select blog_id, revision, number from (
        select s.blog_id, s.revision,
          (select max(r.number) from blog_revisions r
           where r.blog_id = s.blog_id and r.code = s.code and ${sameText("s")} and r.number < m.new_revision) as number
        from blog_source_revisions s
        join blogs b on b.id = s.blog_id
        join revision_renumbering m on m.blog_id = b.id and m.old_revision = b.source_revision
        where s.revision < b.source_revision and s.code = b.source_code
      ) as snapshots where number is not null`.execute(db);

    // The revision a text reflects, in History numbers: the source revision for an up-to-date one, else its snapshot's, else just behind.
    const restated = (table: "blog_versions" | "blog_drafts", column: "base_revision" | "source_revision") => sql`
      update ${sql.table(table)} set ${sql.ref(column)} = case
        when ${sql.ref(`${table}.${column}`)} >= b.source_revision then m.new_revision
        else coalesce(
          (select s.new_revision from revision_renumbering s where s.blog_id = b.id and s.old_revision = ${sql.ref(`${table}.${column}`)}),
          case when ${sql.ref(`${table}.${column}`)} < m.new_revision - 1 then ${sql.ref(`${table}.${column}`)} else m.new_revision - 1 end)
        end
      from blogs b join revision_renumbering m on m.blog_id = b.id and m.old_revision = b.source_revision
      where b.id = ${sql.ref(`${table}.blog_id`)}`;
    await restated("blog_versions", "base_revision").execute(db);
    await restated("blog_drafts", "source_revision").execute(db);

    // Snapshots: those renumbered are kept (one per new number: the same text), the others were of no base.
    await sql`
      delete from blog_source_revisions where not exists (
        select 1 from revision_renumbering m where m.blog_id = blog_source_revisions.blog_id and m.old_revision = blog_source_revisions.revision)`.execute(
      db,
    );
    await sql`
      delete from blog_source_revisions where exists (
        select 1 from revision_renumbering m join revision_renumbering o on o.blog_id = m.blog_id and o.new_revision = m.new_revision and o.old_revision > m.old_revision
        where m.blog_id = blog_source_revisions.blog_id and m.old_revision = blog_source_revisions.revision)`.execute(
      db,
    );
    // Through negative numbers: a new number may be another snapshot's old one, and the primary key is checked row by row.
    await sql`update blog_source_revisions set revision = -1 - revision`.execute(db);
    await sql`
      update blog_source_revisions set revision = m.new_revision
      from revision_renumbering m where m.blog_id = blog_source_revisions.blog_id and m.old_revision = -1 - blog_source_revisions.revision`.execute(
      db,
    );
    await sql`
      update blogs set source_revision = m.new_revision
      from revision_renumbering m where m.blog_id = blogs.id and m.old_revision = blogs.source_revision`.execute(db);
    await db.schema.dropTable("revision_renumbering").execute();
  },
  // Nothing to undo: History numbers compare as the counter did (a text change still moves the revision above every base).
  async down() {},
};
