/**
 * Migration 0030 (decision 0150) on both databases, from a database as the release before it left it:
 * every published page stays as it was (blog_versions is not written), no version has pending changes,
 * revisions are numbered per version in their order, a version without any gets its text as revision 1,
 * and revisions of versions deleted before are dropped (a version made again starts at 1).
 */
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/connect.ts";
import { migrateTo, migrateToLatest } from "#server/db/migrate.ts";
import type { Database } from "#server/db/schema.ts";
import { createTestDatabase, DATABASE_KINDS, testConfig, type TestDatabase } from "./support.ts";

const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();

/** Two articles: one with revisions kept for its English version (and one left by a deleted German version), one seeded before revisions. */
async function fill(db: Kysely<Database>) {
  for (const id of [1, 2]) {
    await db.insertInto("blogs").values({ id, key: `article-${id}`, author: "test", tags: "[]", created_at: at(1), updated_at: at(2), source_code: "en-US", source_changed_at: at(2) }).execute();
    for (const [code, status] of [["en-US", "published"], ["fr-FR", "published"], ["ja-JP", "draft"]] as const) {
      await db
        .insertInto("blog_versions")
        .values({ blog_id: id, code, slug: `article-${id}-${code.toLowerCase()}`, title: `Article ${id} ${code}`, summary: "S.", body: `Body ${id} ${code}.`, cover_alt: "", status, published_at: status === "published" ? at(1) : null, updated_at: at(3), html: `<p>Body ${id} ${code}.</p>` })
        .execute();
    }
  }
  const revision = (code: string, title: string, day: number) => ({ blog_id: 1, code, action: "save", uid: null, title, summary: "S.", body: "Old.", slug: "old", cover_alt: "", status: "published" as const, restored_from: null, created_at: at(day) });
  // Inserted as the old release kept them: no number column yet.
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto("blog_revisions")
    .values([revision("en-US", "First", 1), revision("de-DE", "Deleted since", 1), revision("en-US", "Second", 2)])
    .execute();
}

describe.each(DATABASE_KINDS)("migration 0030-drafts-beside-the-live-text on %s", (kind) => {
  let database: TestDatabase;
  afterEach(() => database?.drop());

  it("keeps every version as it was, numbers the revisions per version and gives each version a first revision", async () => {
    database = await createTestDatabase(kind);
    const handle = openDatabase(testConfig(database.url).database);
    try {
      await migrateTo(handle, "0029-long-texts-last");
      const db = handle.db;
      await fill(db);
      // As they were, but that 0033 has the search catch-up index published versions again (decision 0165).
      const versions = async () => (await db.selectFrom("blog_versions").selectAll().orderBy("id").execute()).map(({ awaiting_index: _awaiting, ...row }) => row);
      const before = await versions();

      await migrateToLatest(handle);

      expect(await versions()).toEqual(before);
      expect(await db.selectFrom("blog_drafts").selectAll().execute()).toEqual([]);
      const revisions = await db.selectFrom("blog_revisions").select(["blog_id", "code", "number", "action", "title", "body", "status", "created_at"]).orderBy("blog_id").orderBy("code").orderBy("number").execute();
      expect(revisions).toEqual([
        { blog_id: 1, code: "en-US", number: 1, action: "save", title: "First", body: "Old.", status: "published", created_at: at(1) },
        { blog_id: 1, code: "en-US", number: 2, action: "save", title: "Second", body: "Old.", status: "published", created_at: at(2) },
        { blog_id: 1, code: "fr-FR", number: 1, action: "initial", title: "Article 1 fr-FR", body: "Body 1 fr-FR.", status: "published", created_at: at(3) },
        { blog_id: 1, code: "ja-JP", number: 1, action: "initial", title: "Article 1 ja-JP", body: "Body 1 ja-JP.", status: "draft", created_at: at(3) },
        { blog_id: 2, code: "en-US", number: 1, action: "initial", title: "Article 2 en-US", body: "Body 2 en-US.", status: "published", created_at: at(3) },
        { blog_id: 2, code: "fr-FR", number: 1, action: "initial", title: "Article 2 fr-FR", body: "Body 2 fr-FR.", status: "published", created_at: at(3) },
        { blog_id: 2, code: "ja-JP", number: 1, action: "initial", title: "Article 2 ja-JP", body: "Body 2 ja-JP.", status: "draft", created_at: at(3) },
      ]);
      // A version's numbers are unique: a second revision 1 is refused.
      await expect(
        db.insertInto("blog_revisions").values({ blog_id: 2, code: "en-US", number: 1, action: "save", uid: null, title: "t", summary: "", body: "", slug: "s", cover_alt: "", status: "draft", restored_from: null, created_at: at(4) }).execute(),
      ).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});
