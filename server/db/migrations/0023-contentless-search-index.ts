import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import { withNamesBefore0036, type DatabaseBefore0036 } from "#server/db/names-before-0036.ts";
import { SQLITE_TOKENIZER } from "#server/db/full-text.ts";
import { sqliteTerms } from "#server/search/index-form.ts";
import { refreshPublishedIndex } from "#server/search/published-index.ts";

/** Rows read per batch: articles to index going up, search entries whose terms are made again going down. */
const BACKFILL_BATCH = 500;

/**
 * SQLite: the FTS5 index becomes contentless (`content=''`, `contentless_delete=1`), and
 * search_entries loses the three columns of terms it kept for it (decision 0123). An
 * external-content index reads its content table only to delete a row's terms; storing them for
 * that was 10.5 KB a version, the largest part of the biggest table (a third of a 10 000-article
 * database). A contentless index with delete support removes a row by rowid alone. Every entry is
 * indexed again from the terms stored, then the columns are dropped (which rewrites the table).
 * The articles migration 0009 left unindexed (it indexes on PostgreSQL only) are indexed here.
 * PostgreSQL: nothing (its tsvector is the index).
 */
export function contentlessSearchIndexMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "sqlite") return;
      await sql`drop trigger search_entries_insert`.execute(db);
      await sql`drop trigger search_entries_delete`.execute(db);
      await sql`create virtual table search_fts_contentless using fts5(fts_title, fts_summary, fts_body, content='', contentless_delete=1, tokenize=${sql.raw(SQLITE_TOKENIZER)})`.execute(
        db,
      );
      await sql`insert into search_fts_contentless (rowid, fts_title, fts_summary, fts_body) select id, fts_title, fts_summary, fts_body from search_entries`.execute(
        db,
      );
      await sql`drop table search_fts`.execute(db);
      await sql`alter table search_fts_contentless rename to search_fts`.execute(db);
      for (const column of ["fts_title", "fts_summary", "fts_body"])
        await db.schema.alterTable("search_entries").dropColumn(column).execute();
      await sql`create trigger search_entries_delete after delete on search_entries begin delete from search_fts where rowid = old.id; end`.execute(
        db,
      );
      await indexUnindexedArticles(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "sqlite") return;
      await sql`drop trigger search_entries_delete`.execute(db);
      for (const column of ["fts_title", "fts_summary", "fts_body"]) {
        await db.schema
          .alterTable("search_entries")
          .addColumn(column, "text", (col) => col.notNull().defaultTo(""))
          .execute();
      }
      const typed = db as Kysely<DatabaseBefore0036>;
      for (let after = 0; ;) {
        const entries = await typed
          .selectFrom("search_entries")
          .select(["id", "code", "title", "summary", "body_text"])
          .where("id", ">", after)
          .orderBy("id")
          .limit(BACKFILL_BATCH)
          .execute();
        if (entries.length === 0) break;
        for (const entry of entries) {
          await sql`update search_entries set fts_title = ${sqliteTerms(entry.title, entry.code)}, fts_summary = ${sqliteTerms(entry.summary, entry.code)},
            fts_body = ${sqliteTerms(entry.body_text, entry.code)} where id = ${entry.id}`.execute(db);
        }
        after = entries.at(-1)!.id;
      }
      await sql`drop table search_fts`.execute(db);
      await sql`create virtual table search_fts using fts5(fts_title, fts_summary, fts_body, content='search_entries', content_rowid='id', tokenize=${sql.raw(SQLITE_TOKENIZER)})`.execute(
        db,
      );
      await sql`insert into search_fts (search_fts) values ('rebuild')`.execute(db);
      await sql`create trigger search_entries_insert after insert on search_entries begin
        insert into search_fts (rowid, fts_title, fts_summary, fts_body) values (new.id, new.fts_title, new.fts_summary, new.fts_body); end`.execute(
        db,
      );
      await sql`create trigger search_entries_delete after delete on search_entries begin
        insert into search_fts (search_fts, rowid, fts_title, fts_summary, fts_body) values ('delete', old.id, old.fts_title, old.fts_summary, old.fts_body); end`.execute(
        db,
      );
    },
  };
}

/** What "published" meant (server/content/published.ts) in the names before 0036. */
const isPublishedVersion = sql<boolean>`(blog_versions.status = 'published' and blog_versions.published_at is not null)`;

/** Articles with a published version but no search entry (a database older than 0009 on SQLite), indexed in batches. */
async function indexUnindexedArticles(untyped: Kysely<unknown>) {
  const db = untyped as Kysely<DatabaseBefore0036>;
  for (let after = 0; ;) {
    const ids = (
      await db
        .selectFrom("blogs")
        .select("id")
        .where("id", ">", after)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("blog_versions")
              .select("blog_id")
              .whereRef("blog_versions.blog_id", "=", "blogs.id")
              .where(isPublishedVersion),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom("search_entries").select("blog_id").whereRef("search_entries.blog_id", "=", "blogs.id"),
            ),
          ),
        )
        .orderBy("id")
        .limit(BACKFILL_BATCH)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return;
    await refreshPublishedIndex(withNamesBefore0036(untyped), ids, undefined, { fingerprints: false });
    after = ids.at(-1)!;
  }
}
