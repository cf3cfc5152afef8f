/**
 * Migration 0030 (decision 0150) on both databases, from a database as the release before it left it:
 * every published page stays as it was (article_versions is not written), no version has pending changes,
 * revisions are numbered per version in their order, a version without any gets its text as revision 1,
 * and revisions of versions deleted before are dropped (a version made again starts at 1).
 */
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/connect.ts";
import { migrateTo, migrateToLatest } from "#server/db/migrate.ts";
import { withNamesBefore0036 } from "#server/db/names-before-0036.ts";
import type { Database } from "#server/db/schema.ts";
import { createTestDatabase, DATABASE_KINDS, testConfig, type DatabaseKind } from "./support.ts";

const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();

/** A fresh database of `kind`, open for `use`, then closed and dropped. */
async function onFreshDatabase(kind: DatabaseKind, use: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const database = await createTestDatabase(kind);
  const handle = openDatabase(testConfig(database.url).database);
  try {
    await use(handle);
  } finally {
    await handle.close();
    await database.drop();
  }
}

/** Two articles: one with revisions kept for its English version (and one left by a deleted German version), one seeded before revisions. */
async function fill(db: Kysely<Database>) {
  for (const id of [1, 2]) {
    await db
      .insertInto("articles")
      .values({
        id,
        key: `article-${id}`,
        author: "test",
        tags: "[]",
        created_at: at(1),
        updated_at: at(2),
        source_code: "en-US",
        source_changed_at: at(2),
      })
      .execute();
    for (const [code, status] of [
      ["en-US", "published"],
      ["fr-FR", "published"],
      ["ja-JP", "draft"],
    ] as const) {
      await db
        .insertInto("article_versions")
        .values({
          article_id: id,
          code,
          slug: `article-${id}-${code.toLowerCase()}`,
          title: `Article ${id} ${code}`,
          summary: "S.",
          body: `Body ${id} ${code}.`,
          cover_alt: "",
          status,
          published_at: status === "published" ? at(1) : null,
          updated_at: at(3),
          html: `<p>Body ${id} ${code}.</p>`,
        })
        .execute();
    }
  }
  const revision = (code: string, title: string, day: number) => ({
    article_id: 1,
    code,
    action: "save",
    uid: null,
    title,
    summary: "S.",
    body: "Old.",
    slug: "old",
    cover_alt: "",
    status: "published" as const,
    restored_from: null,
    created_at: at(day),
  });
  // Inserted as the old release kept them: no number column yet.
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto("article_revisions")
    .values([revision("en-US", "First", 1), revision("de-DE", "Deleted since", 1), revision("en-US", "Second", 2)])
    .execute();
}

describe.each(DATABASE_KINDS)("migration 0030-drafts-beside-the-live-text on %s", (kind) => {
  it("keeps every version as it was, numbers the revisions per version and gives each version a first revision", async () => {
    await onFreshDatabase(kind, async (handle) => {
      await migrateTo(handle, "0029-long-texts-last");
      // This test stays before 0036: today's names, written as the names of then.
      const db = withNamesBefore0036(handle.db);
      await fill(db);
      // As they were, but that 0033 has the search catch-up index published versions again (decision 0165).
      const versions = async () =>
        (await db.selectFrom("article_versions").selectAll().orderBy("id").execute()).map(
          ({ awaiting_index: _awaiting, ...row }) => row,
        );
      const before = await versions();

      // 0034 restates the bases this test leaves at 0 (its own test follows).
      await migrateTo(handle, "0031-version-presence");

      expect(await versions()).toEqual(before);
      expect(await db.selectFrom("article_drafts").selectAll().execute()).toEqual([]);
      const revisions = await db
        .selectFrom("article_revisions")
        .select(["article_id", "code", "number", "action", "title", "body", "status", "created_at"])
        .orderBy("article_id")
        .orderBy("code")
        .orderBy("number")
        .execute();
      expect(revisions).toEqual([
        {
          article_id: 1,
          code: "en-US",
          number: 1,
          action: "save",
          title: "First",
          body: "Old.",
          status: "published",
          created_at: at(1),
        },
        {
          article_id: 1,
          code: "en-US",
          number: 2,
          action: "save",
          title: "Second",
          body: "Old.",
          status: "published",
          created_at: at(2),
        },
        {
          article_id: 1,
          code: "fr-FR",
          number: 1,
          action: "initial",
          title: "Article 1 fr-FR",
          body: "Body 1 fr-FR.",
          status: "published",
          created_at: at(3),
        },
        {
          article_id: 1,
          code: "ja-JP",
          number: 1,
          action: "initial",
          title: "Article 1 ja-JP",
          body: "Body 1 ja-JP.",
          status: "draft",
          created_at: at(3),
        },
        {
          article_id: 2,
          code: "en-US",
          number: 1,
          action: "initial",
          title: "Article 2 en-US",
          body: "Body 2 en-US.",
          status: "published",
          created_at: at(3),
        },
        {
          article_id: 2,
          code: "fr-FR",
          number: 1,
          action: "initial",
          title: "Article 2 fr-FR",
          body: "Body 2 fr-FR.",
          status: "published",
          created_at: at(3),
        },
        {
          article_id: 2,
          code: "ja-JP",
          number: 1,
          action: "initial",
          title: "Article 2 ja-JP",
          body: "Body 2 ja-JP.",
          status: "draft",
          created_at: at(3),
        },
      ]);
      // A version's numbers are unique: a second revision 1 is refused.
      await expect(
        db
          .insertInto("article_revisions")
          .values({
            article_id: 2,
            code: "en-US",
            number: 1,
            action: "save",
            uid: null,
            title: "t",
            summary: "",
            body: "",
            slug: "s",
            cover_alt: "",
            status: "draft",
            restored_from: null,
            created_at: at(4),
          })
          .execute(),
      ).rejects.toThrow();
    });
  });
});

/**
 * Migration 0034 (decision 0168): the source revision, the bases and the pending changes' source revisions
 * become History numbers of the source version, every status and text kept.
 */
describe.each(DATABASE_KINDS)("migration 0034-source-revisions-from-history on %s", (kind) => {
  const texts = { A: "The first text.", B: "The second text.", C: "The third text." } as const;

  /**
   * Article 1: the English source's text changed twice (counter 1 → 3) while its History recorded six
   * revisions (a draft, publications); French is up to date, German behind one change with pending changes
   * made from it, Japanese behind two. Article 2: its source's older text is no longer in History.
   */
  async function fill(db: Kysely<Database>) {
    const version = (id: number, code: string, body: string, base: number, outdated: 0 | 1) => ({
      article_id: id,
      code,
      slug: `a-${id}-${code.toLowerCase()}`,
      title: `Article ${id}`,
      summary: "S.",
      body,
      cover_alt: "",
      status: "published" as const,
      published_at: at(1),
      updated_at: at(3),
      html: `<p>${body}</p>`,
      base_revision: base,
      outdated,
    });
    await db
      .insertInto("articles")
      .values(
        [1, 2].map((id) => ({
          id,
          key: `article-${id}`,
          author: "test",
          tags: "[]",
          created_at: at(1),
          updated_at: at(2),
          source_code: "en-US",
          source_revision: id === 1 ? 3 : 2,
          source_changed_at: at(2),
        })),
      )
      .execute();
    await db
      .insertInto("article_versions")
      .values([
        version(1, "en-US", texts.C, 3, 0),
        version(1, "fr-FR", "Le texte.", 3, 0),
        version(1, "de-DE", "Der Text.", 2, 1),
        version(1, "ja-JP", "テキスト。", 1, 1),
        version(2, "en-US", "Now.", 2, 0),
        version(2, "fr-FR", "Avant.", 1, 1),
      ])
      .execute();
    const revision = (id: number, code: string, number: number, action: string, body: string) => ({
      article_id: id,
      code,
      number,
      action,
      uid: null,
      title: `Article ${id}`,
      summary: "S.",
      body,
      slug: `a-${id}-${code.toLowerCase()}`,
      cover_alt: "",
      status: "published" as const,
      restored_from: null,
      created_at: at(number),
    });
    await db
      .insertInto("article_revisions")
      .values([
        revision(1, "en-US", 1, "save", texts.A),
        revision(1, "en-US", 2, "save-draft", "Pending."),
        revision(1, "en-US", 3, "publish", texts.B),
        revision(1, "en-US", 4, "unpublish", texts.B),
        revision(1, "en-US", 5, "save", texts.C),
        revision(1, "en-US", 6, "publish", texts.C),
        revision(1, "fr-FR", 1, "initial", "Le texte."),
        revision(1, "de-DE", 1, "initial", "Der Text."),
        revision(1, "ja-JP", 1, "initial", "テキスト。"),
        revision(2, "en-US", 1, "initial", "Now."),
        revision(2, "fr-FR", 1, "initial", "Avant."),
      ])
      .execute();
    const snapshot = (id: number, number: number, body: string) => ({
      article_id: id,
      revision: number,
      code: "en-US",
      title: `Article ${id}`,
      summary: "S.",
      body,
      cover_alt: "",
      created_at: at(number),
    });
    await db
      .insertInto("article_source_revisions")
      .values([
        snapshot(1, 1, texts.A),
        snapshot(1, 2, texts.B),
        snapshot(1, 3, texts.C),
        snapshot(2, 1, "Before."),
        snapshot(2, 2, "Now."),
      ])
      .execute();
    await db
      .insertInto("article_drafts")
      .values({
        article_id: 1,
        code: "de-DE",
        slug: "a-1-de-de",
        title: "Entwurf",
        summary: "S.",
        cover_alt: "",
        source_revision: 2,
        updated_at: at(4),
        updated_by: null,
        body: "Der neue Text.",
      })
      .execute();
  }

  it("names every revision by the source's History number, keeping every text and status", async () => {
    await onFreshDatabase(kind, async (handle) => {
      await migrateTo(handle, "0031-version-presence");
      const db = handle.db;
      const old = withNamesBefore0036(db);
      await fill(old);
      const versions = (on: Kysely<Database>) => on.selectFrom("article_versions").selectAll().orderBy("id").execute();
      const before = await versions(old);

      await migrateToLatest(handle);

      const after = await versions(db);
      // Every column as it was but the base (restated) and the search flag 0033 raises on the way (decision 0165).
      const kept = ({ base_revision: _base, awaiting_index: _awaiting, ...rest }: (typeof before)[number]) => rest;
      expect(after.map(kept)).toEqual(before.map(kept));
      expect(await db.selectFrom("articles").select(["id", "source_revision"]).orderBy("id").execute()).toEqual([
        { id: 1, source_revision: 6 },
        { id: 2, source_revision: 1 },
      ]);
      const bases = Object.fromEntries(after.map((row) => [`${row.article_id}:${row.code}`, row.base_revision]));
      // Up to date on the newest revision holding the source's text; behind, on the newest earlier one holding the text it was made from.
      expect(bases).toEqual({ "1:en-US": 6, "1:fr-FR": 6, "1:de-DE": 4, "1:ja-JP": 1, "2:en-US": 1, "2:fr-FR": 0 });
      // Every status as it was: outdated exactly where the base is behind the source revision.
      for (const row of after)
        expect(row.base_revision < (row.article_id === 1 ? 6 : 1), `${row.article_id}:${row.code}`).toBe(
          row.outdated === 1,
        );
      expect(await db.selectFrom("article_drafts").select("source_revision").executeTakeFirstOrThrow()).toEqual({
        source_revision: 4,
      });
      const snapshots = await db
        .selectFrom("article_source_revisions")
        .select(["article_id", "revision", "body"])
        .orderBy("article_id")
        .orderBy("revision")
        .execute();
      expect(snapshots).toEqual([
        { article_id: 1, revision: 1, body: texts.A },
        { article_id: 1, revision: 4, body: texts.B },
        { article_id: 1, revision: 6, body: texts.C },
        { article_id: 2, revision: 1, body: "Now." },
      ]);
      expect(
        await db.introspection
          .getTables()
          .then((tables) => tables.some((table) => table.name === "revision_renumbering")),
      ).toBe(false);
    });
  });
});

/** Migration 0062: the working drafts' bodies compressed with LZ4 on PostgreSQL, as every other long text (decision 0122). */
describe.each(DATABASE_KINDS)("migration 0062-draft-bodies-lz4 on %s", (kind) => {
  it("stores a long draft body with LZ4 on PostgreSQL, leaves SQLite's table as it is, and goes down again", async () => {
    await onFreshDatabase(kind, async (handle) => {
      await migrateToLatest(handle);
      const { db } = handle;
      /** PostgreSQL: the body's compression method ("l": LZ4, "": the default); SQLite: the table's columns. */
      const columns = async (): Promise<string> => {
        if (kind === "postgres") {
          const { rows } = await sql<{
            method: string;
          }>`select attcompression as method from pg_attribute where attrelid = 'article_drafts'::regclass and attname = 'body'`.execute(
            db,
          );
          return rows[0]!.method;
        }
        const { rows } = await sql`select name, type, "notnull" from pragma_table_info('article_drafts')`.execute(db);
        return JSON.stringify(rows);
      };
      const latest = await columns();
      if (kind === "postgres") expect(latest).toBe("l");
      else expect(latest).toContain('"name":"body"');

      await db
        .insertInto("articles")
        .values({ id: 1, key: "article-1", author: "test", tags: "[]", created_at: at(1), updated_at: at(1) })
        .execute();
      const text = {
        article_id: 1,
        code: "en-US",
        slug: "article-1",
        title: "Article 1",
        summary: "S.",
        cover_alt: "",
      };
      await db
        .insertInto("article_versions")
        .values({ ...text, body: "Body.", status: "published", published_at: at(1), updated_at: at(1) })
        .execute();
      const body = "A long paragraph a translator is still working on. ".repeat(400);
      await db
        .insertInto("article_drafts")
        .values({ ...text, body, source_revision: 0, updated_at: at(2), updated_by: null })
        .execute();
      expect((await db.selectFrom("article_drafts").select("body").executeTakeFirstOrThrow()).body).toBe(body);
      if (kind === "postgres") {
        const { rows } = await sql<{
          method: string;
        }>`select pg_column_compression(body) as method from article_drafts`.execute(db);
        expect(rows).toEqual([{ method: "lz4" }]);
      }

      await migrateTo(handle, "0061-revisions-share-the-live-text");
      expect(await columns()).toBe(kind === "postgres" ? "" : latest);
      expect((await db.selectFrom("article_drafts").select("body").executeTakeFirstOrThrow()).body).toBe(body);
      await migrateToLatest(handle);
      expect(await columns()).toBe(latest);
    });
  });
});
