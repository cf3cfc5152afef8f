/**
 * Search over more rows than the recent part of a PostgreSQL search (server/db/full-text.ts,
 * decision 0105): results, ranking, the capped count and pages are the newest COUNT_CAP + 1
 * matches ranked, whichever part of the query found them; and migration 0020 (narrow search
 * rows) keeps an existing database's index searchable.
 */
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/connect.ts";
import { COUNT_CAP } from "#server/db/full-text.ts";
import { searchEntries } from "#server/search/entries.ts";
import { migrateTo, migrateToLatest } from "#server/db/migrate.ts";
import { withNamesBefore0036 } from "#server/db/names-before-0036.ts";
import type { Database } from "#server/db/schema.ts";
import { refreshPublishedIndex } from "#server/search/published-index.ts";
import { createTestDatabase, DATABASE_KINDS, testConfig, type TestDatabase } from "./support.ts";

/** More than the 1 200 newest rows the recent part walks, so a word in every other article needs the older part too. */
const ARTICLES = 2_100;

/** Article n's English version: "harbour" in every one, "lantern" in every other, "bridge" in every 3rd, "zeppelin" in n = 7 only; "lantern" in the title of article 200. */
function version(n: number) {
  const words = ["harbour", "river"];
  if (n % 2 === 0) words.push("lantern");
  if (n % 3 === 0) words.push("bridge");
  if (n === 7) words.push("zeppelin");
  return {
    title: n === 200 ? `The lantern ${n}` : `Article ${n}`,
    summary: `Summary of article ${n}.`,
    body: `${words.join(" ")} and more ${words.join(" ")} text number ${n}.`,
  };
}

/**
 * `index: false` leaves the search index empty (a release whose index had another shape, which migrating fills);
 * `fingerprints: false` indexes as a release before migration 0026 did.
 */
async function fill(db: Kysely<Database>, { index = true, fingerprints = true } = {}) {
  for (let from = 1; from <= ARTICLES; from += 300) {
    const ids: number[] = [];
    await db.transaction().execute(async (trx) => {
      for (let n = from; n < Math.min(from + 300, ARTICLES + 1); n += 1) {
        const at = new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString();
        await trx
          .insertInto("articles")
          .values({
            id: n,
            key: `article-${n}`,
            author: "test",
            tags: "[]",
            created_at: at,
            updated_at: at,
            source_code: "en-US",
            source_changed_at: at,
          })
          .execute();
        await trx
          .insertInto("article_versions")
          .values({
            article_id: n,
            code: "en-US",
            slug: `article-${n}`,
            ...version(n),
            cover_alt: "",
            status: "published",
            published_at: at,
            updated_at: at,
            html: null,
          })
          .execute();
        ids.push(n);
      }
      if (index) await refreshPublishedIndex(trx, ids, undefined, { fingerprints });
    });
  }
}

/** The articles a test picks by construction, newest first. */
const matching = (test: (n: number) => boolean) =>
  Array.from({ length: ARTICLES }, (_, index) => ARTICLES - index).filter(test);

describe.each(DATABASE_KINDS)("bounded search over many rows (%s)", (kind) => {
  let database: TestDatabase;
  afterEach(() => database?.drop());

  it("ranks and counts the newest matches, whether recent or older, and pages through them", async () => {
    database = await createTestDatabase(kind);
    const handle = openDatabase(testConfig(database.url).database);
    try {
      await migrateToLatest(handle);
      const { db } = handle;
      await fill(db);

      // Every article matches: the count says "more than COUNT_CAP".
      expect((await searchEntries(db, "en-US", "harbour", 10, 0)).total).toBe(COUNT_CAP + 1);
      // Every other article: 600 among the newest 1 200 rows, the rest older.
      const lanterns = await searchEntries(db, "en-US", "lantern", 10, 0);
      expect(lanterns.total).toBe(COUNT_CAP + 1);
      const newestLanterns = matching((n) => n % 2 === 0).slice(0, COUNT_CAP + 1);
      // The title weighs more: article 200 is among the newest 1 001 matches, found by the older part.
      expect(newestLanterns).toContain(200);
      expect(lanterns.hits[0]!.articleId).toBe(200);
      // The last page holds the oldest of the ranked set; one page further is empty.
      const last = await searchEntries(db, "en-US", "lantern", 10, 1000);
      expect(last.hits.length).toBe(1);
      expect(newestLanterns).toContain(last.hits[0]!.articleId);
      expect((await searchEntries(db, "en-US", "lantern", 10, 1010)).hits).toEqual([]);
      // Two words: every 6th article, 350 of them, all counted.
      expect((await searchEntries(db, "en-US", "lantern bridge", 10, 0)).total).toBe(
        matching((n) => n % 6 === 0).length,
      );
      // A word in one old article only (outside the newest 1 200 rows).
      const rare = await searchEntries(db, "en-US", "zeppelin", 10, 0);
      expect(rare.total).toBe(1);
      expect(rare.hits.map((hit) => hit.articleId)).toEqual([7]);
      expect((await searchEntries(db, "en-US", "zzqxw", 10, 0)).total).toBe(0);
      // No other language matches.
      expect((await searchEntries(db, "fr-FR", "harbour", 10, 0)).total).toBe(0);

      if (kind === "postgres") {
        // Exactly what the single query of decision 0105 gave (every match tested, newest first, ranked).
        for (const query of ["harbour", "lantern", "lantern bridge", "zeppelin", "river"]) {
          for (const offset of [0, 500, 990]) {
            const { rows } = await sql<{
              article_id: number;
            }>`with q as (select plainto_tsquery('english', ${query}) as q),
                newest as (select id, document from search_entries, q where code = 'en-US' and document @@ q.q order by id desc limit ${COUNT_CAP + 1}),
                ranked as (select id, -ts_rank(document, q.q) as score from newest, q)
              select search_entries.article_id from ranked join search_entries using (id) order by score, id desc limit 10 offset ${offset}`.execute(
              db,
            );
            const got = await searchEntries(db, "en-US", query, 10, offset);
            expect(
              got.hits.map((hit) => hit.articleId),
              `${query} at ${offset}`,
            ).toEqual(rows.map((row) => row.article_id));
          }
        }
      }
    } finally {
      await handle.close();
    }
  }, 120_000);

  it("migration 0020 keeps an existing database's index, searchable and following edits", async () => {
    database = await createTestDatabase(kind);
    const handle = openDatabase(testConfig(database.url).database);
    try {
      // A database as the release before 0020 left it, with articles indexed then (on SQLite,
      // whose index 0023 reshaped, left to 0023, which indexes the articles it finds unindexed).
      await migrateTo(handle, "0017-search-and-tag-indexes");
      const { db } = handle;
      await fill(withNamesBefore0036(db), { index: kind === "postgres", fingerprints: false });
      await migrateToLatest(handle);

      expect((await searchEntries(db, "en-US", "lantern", 10, 0)).hits[0]!.articleId).toBe(200);
      expect((await searchEntries(db, "en-US", "zeppelin", 10, 0)).hits.map((hit) => hit.articleId)).toEqual([7]);
      // An edit after the migration is found at once, and its old words no longer.
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("article_versions")
          .set({ body: "a zeppelin over the lighthouse" })
          .where("article_id", "=", 2_000)
          .execute();
        await refreshPublishedIndex(trx, [2_000]);
      });
      // Article 7 names it twice, so it ranks first.
      expect((await searchEntries(db, "en-US", "zeppelin", 10, 0)).hits.map((hit) => hit.articleId)).toEqual([
        7, 2_000,
      ]);
      expect((await searchEntries(db, "en-US", "lighthouse", 10, 0)).hits.map((hit) => hit.articleId)).toEqual([2_000]);
      if (kind === "postgres") {
        const { rows } = await sql<{
          options: string[];
        }>`select reloptions as options from pg_class where relname = 'search_entries'`.execute(db);
        expect(rows[0]!.options).toContain("toast_tuple_target=128");
      }
    } finally {
      await handle.close();
    }
  }, 120_000);
});
