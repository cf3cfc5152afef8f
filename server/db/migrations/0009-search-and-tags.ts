import { sql, type Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";
import { withNamesBefore0036, type DatabaseBefore0036 } from "#server/db/names-before-0036.ts";
import { refreshPublishedIndex } from "#server/search/published-index.ts";

/** Articles indexed per batch while filling the index of an existing database. */
const BACKFILL_BATCH = 500;

/**
 * Search and tag pages (docs/decisions/0090-search-feeds-and-tags.md):
 * - search_entries: one row per published version, with the dialect's full-text
 *   index (SQLite: an external-content FTS5 table kept in step by triggers, so a
 *   cascade delete of an article leaves nothing behind; PostgreSQL: a GIN-indexed tsvector);
 * - published_tags: (tag, language, publication date, article), in the order a tag
 *   page lists them, so every page of a tag is one index range;
 * - the SEARCH and TAGS page names for the demo languages that lack them;
 * - both indexes filled from the articles already published (on SQLite by migration 0023).
 */
export function searchAndTagsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      let table = db.schema
        .createTable("search_entries")
        .addColumn("id", dialect === "postgres" ? "serial" : "integer", (col) =>
          dialect === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement(),
        )
        .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
        .addColumn("code", "text", (col) => col.notNull())
        .addColumn("title", "text", (col) => col.notNull())
        .addColumn("summary", "text", (col) => col.notNull())
        .addColumn("body_text", "text", (col) => col.notNull())
        .addUniqueConstraint("search_entries_version_unique", ["blog_id", "code"]);
      table =
        dialect === "postgres"
          ? table.addColumn("document", sql`tsvector`, (col) => col.notNull())
          : table
              .addColumn("fts_title", "text", (col) => col.notNull())
              .addColumn("fts_summary", "text", (col) => col.notNull())
              .addColumn("fts_body", "text", (col) => col.notNull());
      await table.execute();
      if (dialect === "postgres") {
        await sql`create index search_entries_document_index on search_entries using gin (document)`.execute(db);
        await db.schema.createIndex("search_entries_code_index").on("search_entries").column("code").execute();
      } else {
        // Terms are made in JavaScript already folded and stemmed; "_" joins a term to its language prefix.
        await sql`create virtual table search_fts using fts5(fts_title, fts_summary, fts_body, content='search_entries', content_rowid='id', tokenize="unicode61 remove_diacritics 0 tokenchars '_'")`.execute(
          db,
        );
        await sql`create trigger search_entries_insert after insert on search_entries begin
          insert into search_fts (rowid, fts_title, fts_summary, fts_body) values (new.id, new.fts_title, new.fts_summary, new.fts_body); end`.execute(
          db,
        );
        await sql`create trigger search_entries_delete after delete on search_entries begin
          insert into search_fts (search_fts, rowid, fts_title, fts_summary, fts_body) values ('delete', old.id, old.fts_title, old.fts_summary, old.fts_body); end`.execute(
          db,
        );
      }

      await db.schema
        .createTable("published_tags")
        .addColumn("tag_key", "text", (col) => col.notNull())
        .addColumn("code", "text", (col) => col.notNull())
        .addColumn("published_at", "text", (col) => col.notNull())
        .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
        .addColumn("tag", "text", (col) => col.notNull())
        .addPrimaryKeyConstraint("published_tags_pk", ["tag_key", "code", "published_at", "blog_id"])
        .execute();
      await db.schema.createIndex("published_tags_blog_index").on("published_tags").column("blog_id").execute();

      const typed = db as Kysely<DatabaseBefore0036>;
      for (const language of await typed.selectFrom("languages").select(["code", "short_code"]).execute()) {
        const names = SEED_NAMES[language.code];
        if (!names) continue;
        for (const [section, [label, search]] of Object.entries(names)) {
          const taken = await typed
            .selectFrom("translates")
            .select("id")
            .where("code", "=", language.code)
            .where("code_component", "=", section)
            .executeTakeFirst();
          if (taken) continue;
          await typed
            .insertInto("translates")
            .values({
              code: language.code,
              code_component: section,
              label,
              search,
              short_code: language.short_code,
              link: `/${language.short_code}/${encodeURIComponent(label)}`,
            })
            .execute();
        }
      }

      // SQLite's index changed shape in 0023, which indexes what this left unindexed there.
      if (dialect === "sqlite") return;
      let after = 0;
      for (;;) {
        const ids = (
          await typed
            .selectFrom("blogs")
            .select("id")
            .where("id", ">", after)
            .orderBy("id")
            .limit(BACKFILL_BATCH)
            .execute()
        ).map((row) => row.id);
        if (ids.length === 0) break;
        await refreshPublishedIndex(withNamesBefore0036(db), ids, undefined, { fingerprints: false });
        after = ids.at(-1)!;
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("published_tags").ifExists().execute();
      if (dialect === "sqlite") await sql`drop table if exists search_fts`.execute(db);
      await db.schema.dropTable("search_entries").ifExists().execute();
      await sql`delete from translates where code_component in ('SEARCH', 'TAGS')`.execute(db);
    },
  };
}

/** The seed's SEARCH and TAGS names (server/seed/languages.ts), as they were when this migration was written. */
const SEED_NAMES: Record<string, Record<"SEARCH" | "TAGS", [string, string]>> = {
  "en-US": { SEARCH: ["search", "find"], TAGS: ["tags", "topics"] },
  "fr-FR": { SEARCH: ["recherche", "search"], TAGS: ["étiquettes", "tags"] },
  "es-ES": { SEARCH: ["buscar", "search"], TAGS: ["etiquetas", "tags"] },
  "de-DE": { SEARCH: ["suche", "search"], TAGS: ["schlagwörter", "tags"] },
  "pt-BR": { SEARCH: ["busca", "search"], TAGS: ["etiquetas", "tags"] },
  ar: { SEARCH: ["بحث", "search"], TAGS: ["وسوم", "tags"] },
  "ja-JP": { SEARCH: ["検索", "search"], TAGS: ["タグ", "tags"] },
};
