/**
 * Issue 9's later migrations, on both databases, each from a database as the release before it
 * left it, and back down:
 * - 0021 (the sitemap lastmod index): chunks keep their lastmod, and the query reads the index
 *   alone (no table rows, which hold bodies and HTML);
 * - 0022 (LZ4): PostgreSQL compresses new long texts with LZ4 and still reads the pglz ones;
 * - 0023 (contentless search index on SQLite): every article stays found, deletes and edits follow;
 * - 0024 (PostgreSQL's documents from JavaScript's terms): found as on SQLite, and back as before going down;
 * - 0027 (the sitemap slugs index): a child's URLs and its lastmod are read from the index alone;
 * - 0029 (long texts last on SQLite): every row, id, constraint and index kept, the body and HTML stored last, and down and up again.
 */
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createArticleReader } from "#server/content/articles.ts";
import { createLogger } from "#server/base/log.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/connect.ts";
import { markdownText } from "#core/markdown.ts";
import { insertIndexedEntries } from "#server/db/full-text.ts";
import { searchEntries } from "#server/search/entries.ts";
import { indexForm, sqliteTerms } from "#server/search/index-form.ts";
import { LONG_TEXT_COLUMNS } from "#server/db/migrations/0022-lz4-text-compression.ts";
import { BLOG_VERSION_COLUMNS_IN_ORDER } from "#server/db/migrations/0029-long-texts-last.ts";
import { migrateTo as migrateDatabaseTo, migrateToLatest as migrateDatabaseToLatest } from "#server/db/migrate.ts";
import { inWordsBefore0036, renamedIdentifier, withNamesBefore0036 } from "#server/db/names-before-0036.ts";
import type { Database } from "#server/db/schema.ts";
import { refreshPublishedIndex } from "#server/search/published-index.ts";
import { foldedWords } from "#server/search/terms.ts";
import { createTestDatabase, DATABASE_KINDS, testConfig, type DatabaseKind, type TestDatabase } from "./support.ts";

const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();

/** Article n has a published English version changed on day n and, for even n, a French draft changed later (day n + 100). */
async function fill(db: Kysely<Database>, articles: number) {
  for (let n = 1; n <= articles; n += 1) {
    await db
      .insertInto("articles")
      .values({
        id: n,
        key: `article-${n}`,
        author: "test",
        tags: "[]",
        created_at: at(1),
        updated_at: at(n),
        source_code: "en-US",
        source_changed_at: at(n),
      })
      .execute();
    const common = { article_id: n, summary: "", body: "Body.", cover_alt: "", published_at: at(1), html: null };
    await db
      .insertInto("article_versions")
      .values({
        ...common,
        code: "en-US",
        slug: `article-${n}`,
        title: `Article ${n}`,
        status: "published",
        updated_at: at(n),
      })
      .execute();
    if (n % 2 === 0)
      await db
        .insertInto("article_versions")
        .values({
          ...common,
          code: "fr-FR",
          slug: `article-${n}`,
          title: `Article ${n}`,
          status: "draft",
          updated_at: at(n + 100),
        })
        .execute();
  }
}

const LASTMOD_QUERY = sql`select max(updated_at) from article_versions where status = 'published' and article_id >= 1 and article_id < 5`;
/** The sitemap child's query (ArticleReader.publishedSlugs). */
const SLUGS_QUERY = sql`select article_id, code, slug, updated_at from article_versions where status = 'published' and article_id >= 1 and article_id < 5 order by article_id, code`;

/** The plan of a query, as the database would run it on a table big enough to use an index. */
async function queryPlan(db: Kysely<Database>, kind: DatabaseKind, query = LASTMOD_QUERY): Promise<string> {
  if (kind === "sqlite") {
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
    return rows.map((row) => row.detail).join("\n");
  }
  // A few rows make a sequential scan cheapest; forbid it on this connection to see the index plan.
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    await sql`set enable_bitmapscan = off`.execute(connection);
    try {
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(connection);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
      await sql`reset enable_bitmapscan`.execute(connection);
    }
  });
}

/** Whether each handle's database is before migration 0036 (these tests move it up and down across it). */
const before0036 = new WeakMap<DatabaseHandle, boolean>();
async function migrateTo(handle: DatabaseHandle, name: string) {
  await migrateDatabaseTo(handle, name);
  before0036.set(handle, name < "0036");
}
async function migrateToLatest(handle: DatabaseHandle) {
  await migrateDatabaseToLatest(handle);
  before0036.set(handle, false);
}

/** handle.db under the names its database has at each call: today's, or before 0036 those of then (docs/decisions/0190-one-vocabulary.md). */
function namesAsMigrated(handle: DatabaseHandle): Kysely<Database> {
  const old = withNamesBefore0036(handle.db);
  return new Proxy(handle.db, {
    get(today, key) {
      const on = before0036.get(handle) === false ? today : old;
      const value: unknown = Reflect.get(on, key, on);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(on) : value;
    },
  });
}

/** An index's name as a query plan gives it before 0036. */
const indexBefore0036 = (name: string) => inWordsBefore0036(name);

describe.each(DATABASE_KINDS)("issue 9 migrations (%s)", (kind) => {
  let database: TestDatabase;
  afterEach(() => database?.drop());

  /** Runs `test` on a new database migrated only as far as `name`, as an older release left it. */
  async function fromMigration(name: string, test: (handle: DatabaseHandle) => Promise<void>) {
    database = await createTestDatabase(kind);
    const handle = openDatabase(testConfig(database.url).database);
    try {
      await migrateTo(handle, name);
      await test(handle);
    } finally {
      await handle.close();
    }
  }

  it("0021 keeps each chunk's lastmod, reads it from the index alone, and goes down again", async () => {
    await fromMigration("0020-narrow-search-rows", async (handle) => {
      const db = namesAsMigrated(handle);
      await fill(db, 9);
      await migrateTo(handle, "0021-sitemap-lastmod-index");

      const articles = createArticleReader(db, createLogger("silent"));
      // Published versions only: the later French drafts do not count.
      expect(await articles.lastModifiedBetween(0, 5)).toBe(at(4));
      expect(await articles.lastModifiedBetween(5, 10)).toBe(at(9));
      expect(await articles.lastModifiedBetween(10, 15)).toBeNull();
      await db
        .updateTable("article_versions")
        .set({ updated_at: at(50) })
        .where("article_id", "=", 2)
        .where("code", "=", "en-US")
        .execute();
      expect(await articles.lastModifiedBetween(0, 5)).toBe(at(50));
      expect(await articles.highestPublishedId()).toBe(9);

      const plan = await queryPlan(db, kind);
      expect(plan).toMatch(
        new RegExp(
          `${kind === "sqlite" ? "COVERING INDEX" : "Index Only Scan using"} ${indexBefore0036("article_versions_status_article_updated_index")}`,
        ),
      );

      await migrateTo(handle, "0020-narrow-search-rows");
      expect(await queryPlan(db, kind)).toMatch(
        new RegExp(`${indexBefore0036("article_versions_status_article_index")}\\b`),
      );
      expect(await articles.lastModifiedBetween(0, 5)).toBe(at(50));
    });
  }, 60_000);

  it("0027 reads a sitemap child's URLs and its lastmod from the index alone, unchanged, and goes down again", async () => {
    await fromMigration("0026-search-entry-fingerprints", async (handle) => {
      const db = namesAsMigrated(handle);
      await fill(db, 9);
      const articles = createArticleReader(db, createLogger("silent"));
      const before = { slugs: await articles.publishedSlugs(0, 10), lastmod: await articles.lastModifiedBetween(0, 5) };
      expect(before.slugs.map((row) => row.article_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      await migrateTo(handle, "0027-sitemap-slugs-index");

      expect(await articles.publishedSlugs(0, 10)).toEqual(before.slugs);
      expect(await articles.lastModifiedBetween(0, 5)).toBe(before.lastmod);
      const covered = new RegExp(
        `${kind === "sqlite" ? "COVERING INDEX" : "Index Only Scan using"} ${indexBefore0036("article_versions_status_article_slug_index")}`,
      );
      expect(await queryPlan(db, kind, SLUGS_QUERY)).toMatch(covered);
      expect(await queryPlan(db, kind)).toMatch(covered);

      await migrateTo(handle, "0026-search-entry-fingerprints");
      expect(await queryPlan(db, kind)).toMatch(
        new RegExp(`${indexBefore0036("article_versions_status_article_updated_index")}\\b`),
      );
      expect(await articles.publishedSlugs(0, 10)).toEqual(before.slugs);
    });
  }, 60_000);

  it("0022 stores new long texts with LZ4 on PostgreSQL and reads the ones stored before", async () => {
    await fromMigration("0021-sitemap-lastmod-index", async (handle) => {
      const db = namesAsMigrated(handle);
      // Long and repetitive enough to be compressed inline (over the 2 KB TOAST threshold).
      const long = (word: string) => `${word} `.repeat(2_000);
      await fill(db, 1);
      await db
        .updateTable("article_versions")
        .set({ body: long("before") })
        .execute();
      await migrateToLatest(handle);
      await db
        .insertInto("articles")
        .values({
          id: 2,
          key: "article-2",
          author: "test",
          tags: "[]",
          created_at: at(1),
          updated_at: at(2),
          source_code: "en-US",
          source_changed_at: at(2),
        })
        .execute();
      await db
        .insertInto("article_versions")
        .values({
          article_id: 2,
          code: "en-US",
          slug: "article-2",
          title: "Article 2",
          summary: "",
          body: long("after"),
          cover_alt: "",
          status: "published",
          published_at: at(1),
          updated_at: at(2),
          html: long("<p>after</p>"),
        })
        .execute();
      const bodies = await db
        .selectFrom("article_versions")
        .select(["article_id", "body"])
        .orderBy("article_id")
        .execute();
      expect(bodies.map((row) => row.body)).toEqual([long("before"), long("after")]);
      if (kind === "sqlite") return;

      const compression = async () =>
        (
          await sql<{
            article_id: number;
            body: string | null;
            html: string | null;
          }>`select article_id, pg_column_compression(body) as body, pg_column_compression(html) as html from article_versions order by article_id`.execute(
            db,
          )
        ).rows;
      expect(await compression()).toEqual([
        { article_id: 1, body: "pglz", html: null },
        { article_id: 2, body: "lz4", html: "lz4" },
      ]);
      const columns = async () =>
        (
          await sql<{
            name: string;
            method: string;
          }>`select attrelid::regclass::text || '.' || attname as name, attcompression as method from pg_attribute
            where (attrelid::regclass::text, attname) in (${sql.join(LONG_TEXT_COLUMNS.map(([table, column]) => sql`(${before0036.get(handle) === false ? renamedIdentifier(table) : table}, ${column})`))}) order by 1`.execute(
            db,
          )
        ).rows;
      // Every long text column LZ4, but the search entries' text, which 0060 dropped.
      const kept = LONG_TEXT_COLUMNS.filter(([table, column]) => `${table}.${column}` !== "search_entries.body_text");
      expect((await columns()).map((column) => column.method)).toEqual(kept.map(() => "l"));

      await migrateTo(handle, "0021-sitemap-lastmod-index");
      expect((await columns()).map((column) => column.method)).toEqual(LONG_TEXT_COLUMNS.map(() => ""));
      expect(
        (await db.selectFrom("article_versions").select("body").where("article_id", "=", 2).executeTakeFirstOrThrow())
          .body,
      ).toBe(long("after"));
    });
  }, 60_000);

  it("0023 makes SQLite's search index contentless: what was indexed stays found, unindexed articles get indexed, deletes and edits follow, and it goes down again", async () => {
    await fromMigration("0022-lz4-text-compression", async (handle) => {
      const db = namesAsMigrated(handle);
      const body = "A lantern by the harbour.";
      await fill(db, 3);
      await db.updateTable("article_versions").set({ body }).execute();
      // Articles 1 and 2 indexed as that release did (on SQLite, terms kept in search_entries and copied to the index by a trigger); article 3 not indexed.
      for (const id of [1, 2]) {
        if (kind === "postgres") await refreshPublishedIndex(db, [id], undefined, { fingerprints: false });
        else {
          await sql`insert into search_entries (article_id, code, title, summary, body_text, fts_title, fts_summary, fts_body)
            values (${id}, 'en-US', ${`Article ${id}`}, '', ${body}, ${sqliteTerms(`Article ${id}`, "en-US")}, '', ${sqliteTerms(body, "en-US")})`.execute(
            db,
          );
        }
      }
      await migrateToLatest(handle);
      const found = async (query: string) =>
        (await searchEntries(db, "en-US", query, 10, 0)).hits.map((hit) => hit.articleId).sort();
      // PostgreSQL's index was filled by 0009 and kept by every write since: 0023 leaves it as it is.
      expect(await found("harbours")).toEqual(kind === "sqlite" ? [1, 2, 3] : [1, 2]);
      const indexedHarbour = async () =>
        (
          await sql<{
            count: number;
          }>`select count(*) as count from search_fts where search_fts match ${'"enus_harbour"'}`.execute(db)
        ).rows[0]!.count;
      if (kind === "sqlite") {
        const { rows } = await sql<{ name: string }>`select name from pragma_table_info('search_entries')`.execute(db);
        expect(rows.map((row) => row.name)).toEqual([
          "id",
          "article_id",
          "code",
          "title",
          "summary",
          "source_fingerprint",
        ]);
        expect(await indexedHarbour()).toBe(3);
      }

      // A deleted article leaves the index (its entry's rowid); an edited one's old terms go, its new ones come.
      await db.deleteFrom("articles").where("id", "=", 1).execute();
      await db.updateTable("article_versions").set({ body: "A zeppelin." }).where("article_id", "=", 2).execute();
      await refreshPublishedIndex(db, [2]);
      expect(await found("harbour")).toEqual(kind === "sqlite" ? [3] : []);
      expect(await found("zeppelin")).toEqual([2]);
      if (kind === "sqlite") expect(await indexedHarbour()).toBe(1);

      await migrateTo(handle, "0022-lz4-text-compression");
      expect(await found("zeppelin")).toEqual([2]);
      expect(await found("harbour")).toEqual(kind === "sqlite" ? [3] : []);
      if (kind === "sqlite") {
        // The external-content index again, rebuilt from the terms the migration made again.
        const { rows } = await sql<{
          fts_body: string;
        }>`select fts_body from search_entries where article_id = 2`.execute(db);
        expect(rows).toEqual([{ fts_body: sqliteTerms("A zeppelin.", "en-US") }]);
        expect(await indexedHarbour()).toBe(1);
      }
    });
  }, 60_000);

  it("0024 makes PostgreSQL's documents from the terms SQLite indexes, so both find the same versions, and goes down again", async () => {
    await fromMigration("0023-contentless-search-index", async (handle) => {
      const db = namesAsMigrated(handle);
      await fill(db, 2);
      // A word PostgreSQL's English configuration drops ("the") and one its stemmer and JavaScript's agree on ("harbours").
      await db.updateTable("article_versions").set({ body: "The harbours." }).where("article_id", "=", 1).execute();
      if (kind === "sqlite") await refreshPublishedIndex(db, [1, 2], undefined, { fingerprints: false });
      else {
        // Indexed as that release did: the folded words through the language's configuration (which drops "the").
        for (const [id, body] of [
          [1, "The harbours."],
          [2, "Body."],
        ] as const) {
          const part = (text: string, weight: string) =>
            sql`setweight(to_tsvector('english', ${foldedWords(text, "en-US")}), ${weight}::"char")`;
          await sql`insert into search_entries (article_id, code, title, summary, body_text, document)
            values (${id}, 'en-US', ${`Article ${id}`}, '', ${body}, ${part(`Article ${id}`, "A")} || ${part("", "B")} || ${part(body, "C")})`.execute(
            db,
          );
        }
      }
      const documentOfArticle1 = async () =>
        kind === "postgres" &&
        (
          await sql<{
            document: string;
          }>`select document::text as document from search_entries where article_id = 1`.execute(db)
        ).rows;
      const before = await documentOfArticle1();
      await migrateToLatest(handle);
      const found = async (query: string) =>
        (await searchEntries(db, "en-US", query, 10, 0)).hits.map((hit) => hit.articleId).sort();
      expect(await found("harbour")).toEqual([1]);
      expect(await found("the harbours")).toEqual([1]);
      expect(await found("article")).toEqual([1, 2]);
      if (kind === "postgres") {
        const entry = await db
          .selectFrom("search_entries")
          .select(["title", "summary"])
          .where("article_id", "=", 1)
          .executeTakeFirstOrThrow();
        const indexed = indexForm("postgres", { ...entry, body_text: "The harbours." }, "en-US")[0];
        const { rows } = await sql<{
          same: boolean;
        }>`select document = ${indexed}::tsvector as same from search_entries where article_id = 1`.execute(db);
        expect(rows).toEqual([{ same: true }]);
        await migrateTo(handle, "0023-contentless-search-index");
        expect(await documentOfArticle1()).toEqual(before);
      }
    });
  }, 60_000);

  it("0029 stores article_versions' body and HTML last on SQLite, keeping every row, id, constraint, index and the id counter, and goes down again", async () => {
    await fromMigration("0028-search-catch-up", async (handle) => {
      const db = namesAsMigrated(handle);
      await fill(db, 9);
      await db
        .updateTable("article_versions")
        .set({ html: "<p>Body.</p>", renderer_version: 3, reading_minutes: 2 })
        .where("article_id", "=", 2)
        .execute();
      const deleted = await db
        .deleteFrom("article_versions")
        .where("article_id", "=", 9)
        .returning("id")
        .executeTakeFirstOrThrow();
      // Every row as it was, but that 0033 has the search catch-up index published versions again (decision 0165)
      // and 0034 restates the base revision as a History number (decision 0168).
      const rows = async () =>
        (await db.selectFrom("article_versions").selectAll().orderBy("id").execute()).map(
          ({ awaiting_index: _awaiting, base_revision: _base, ...row }) => row,
        );
      const indexes = async () =>
        kind === "sqlite"
          ? (
              await sql<{
                name: string;
                sql: string | null;
              }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'article_versions' order by name`.execute(
                db,
              )
            ).rows
          : (
              await sql<{
                name: string;
                sql: string;
              }>`select indexname as name, indexdef as sql from pg_indexes where tablename = 'article_versions' order by indexname`.execute(
                db,
              )
            ).rows;
      const [rowsBefore, indexesBefore] = [await rows(), await indexes()];
      await migrateToLatest(handle);
      expect(await rows()).toEqual(rowsBefore);
      // The same indexes, named in the words of 0036 (docs/decisions/0190-one-vocabulary.md).
      const inOldWords = (list: { name: string; sql: string | null }[]) =>
        list
          .map(({ name, sql }) => ({
            name: inWordsBefore0036(name),
            sql: sql === null ? null : inWordsBefore0036(sql),
          }))
          .sort((a, b) => a.name.localeCompare(b.name));
      // Later migrations' own indexes aside: 0039's keyset order of the content API (decision 0200).
      const addedSince0029 = new Set(["article_versions_changed_order_index"]);
      const indexesAfter = (await indexes()).filter((index) => !addedSince0029.has(index.name));
      expect(inOldWords(indexesAfter)).toEqual(inOldWords(indexesBefore));
      if (kind === "sqlite") {
        const { rows: columns } = await sql<{
          name: string;
        }>`select name from pragma_table_info('article_versions') order by cid`.execute(db);
        // A column added to article_versions after 0029 lands after the HTML: rebuild the table as 0029 does (decision 0140).
        expect(columns.map((column) => column.name)).toEqual(BLOG_VERSION_COLUMNS_IN_ORDER.map(renamedIdentifier));
      }
      const again = {
        article_id: 9,
        code: "en-US",
        slug: "article-9-again",
        title: "Article 9",
        summary: "",
        body: "Body.",
        cover_alt: "",
        status: "draft" as const,
        updated_at: at(1),
      };
      const { id } = await db.insertInto("article_versions").values(again).returning("id").executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(deleted.id);
      await expect(
        db
          .insertInto("article_versions")
          .values({ ...again, slug: "another" })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto("article_versions")
          .values({ ...again, code: "fr-FR", slug: "article-2" })
          .execute(),
      ).rejects.toThrow();
      await db.deleteFrom("articles").where("id", "=", 9).execute();
      expect(await db.selectFrom("article_versions").select("id").where("article_id", "=", 9).execute()).toEqual([]);
      // Down to 0028 and back: the migration is forgotten and made again, the rows kept.
      const kept = await rows();
      await migrateTo(handle, "0028-search-catch-up");
      const { rows: applied } = await sql<{
        name: string;
      }>`select name from kysely_migration order by name desc limit 1`.execute(db);
      expect(applied).toEqual([{ name: "0028-search-catch-up" }]);
      await migrateToLatest(handle);
      expect(await rows()).toEqual(kept);
    });
  });

  it("0060 drops the search entries' copy of the text: what was found is found, each hit with its body for the snippet, and down again with the text", async () => {
    await fromMigration("0056-admin-texts-pages-and-api", async (handle) => {
      const { db } = handle;
      await fill(db, 2);
      const body = (id: number) => `A **lantern** by harbour ${id}.`;
      for (const id of [1, 2])
        await db
          .updateTable("article_versions")
          .set({ body: body(id) })
          .where("article_id", "=", id)
          .execute();
      // Indexed as that release did: each entry with its text.
      await insertIndexedEntries(
        db,
        [1, 2].map((id) => {
          const entry = {
            article_id: id,
            code: "en-US",
            title: `Article ${id}`,
            summary: "",
            body_text: markdownText(body(id)),
            source_fingerprint: null,
          };
          return { ...entry, indexed: indexForm(kind, entry, "en-US") };
        }),
        { text: true },
      );
      const searchColumns = async () =>
        kind === "sqlite"
          ? (await sql<{ name: string }>`select name from pragma_table_info('search_entries')`.execute(db)).rows.map(
              (row) => row.name,
            )
          : (
              await sql<{
                name: string;
              }>`select column_name as name from information_schema.columns where table_name = 'search_entries' order by ordinal_position`.execute(
                db,
              )
            ).rows.map((row) => row.name);
      expect(await searchColumns()).toContain("body_text");

      await migrateToLatest(handle);
      expect(await searchColumns()).not.toContain("body_text");
      const found = await searchEntries(db, "en-US", "lanterns", 10, 0);
      expect(found.hits.map((hit) => [hit.articleId, hit.body]).sort()).toEqual([
        [1, body(1)],
        [2, body(2)],
      ]);
      // An edit is indexed without a copy of its text.
      await db.updateTable("article_versions").set({ body: "A zeppelin." }).where("article_id", "=", 2).execute();
      await refreshPublishedIndex(db, [2]);
      expect((await searchEntries(db, "en-US", "zeppelin", 10, 0)).hits.map((hit) => hit.articleId)).toEqual([2]);

      await migrateTo(handle, "0056-admin-texts-pages-and-api");
      const texts = await sql<{
        article_id: number;
        body_text: string;
      }>`select article_id, body_text from search_entries order by article_id`.execute(db);
      expect(texts.rows).toEqual([
        { article_id: 1, body_text: markdownText(body(1)) },
        { article_id: 2, body_text: "A zeppelin." },
      ]);
    });
  }, 60_000);
});
