/**
 * A version a bulk import stored unrendered is rendered by its first read, which answers without waiting for its
 * HTML to be stored (decision 0233): while another connection holds the write (SQLite's lock; on PostgreSQL every
 * write to article_versions), the read answers, and the HTML is stored once the database is free, unless the body
 * changed in between: then the newer write stands.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importArticles } from "#server/content/ndjson.ts";
import { DATABASE_KINDS, holdArticleWrites, startTestApp } from "./support.ts";

const dir = mkdtempSync(join(tmpdir(), "pp-rendered-stores-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(DATABASE_KINDS)("storing a first read's rendering, on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  const db = () => testApp.services.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  /** Imports an article with an English version (stored unrendered) and returns that version's row id and article id. */
  async function importedVersion(key: string, body: string) {
    const path = join(dir, `${kind}-${key}.ndjson`);
    const version = { slug: key, title: `Title ${key}`, summary: "", body, status: "published" };
    writeFileSync(path, `${JSON.stringify({ key, author: "Stores", tags: [], versions: { en: version } })}\n`);
    await importArticles(testApp.services.database, path, "test");
    return db()
      .selectFrom("article_versions")
      .innerJoin("articles", "articles.id", "article_versions.article_id")
      .select(["article_versions.id", "article_versions.article_id", "article_versions.html"])
      .where("articles.key", "=", key)
      .executeTakeFirstOrThrow();
  }

  const storedHtml = async (id: number) =>
    (await db().selectFrom("article_versions").select("html").where("id", "=", id).executeTakeFirstOrThrow()).html;

  it("answers while another connection holds the write, and stores the HTML once it is free", async () => {
    const version = await importedVersion("held", "# Held\n\nA body rendered on its first read.");
    expect(version.html).toBeNull();
    const hold = await holdArticleWrites(kind, testApp.databaseUrl);
    try {
      const started = performance.now();
      const article = await testApp.services.content.articles.published(version.article_id, { htmlIn: "en-US" });
      // SQLite's writers wait up to 5 s for the lock; a read that waited for its store would take that long.
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(article!.versions.get("en-US")!.html).toContain("<h1>Held</h1>");
      expect(await storedHtml(version.id)).toBeNull();
    } finally {
      await hold.release();
    }
    await testApp.services.content.articles.rendersStored();
    expect(await storedHtml(version.id)).toContain("<h1>Held</h1>");
  });

  it("does not store a rendering over a body written in between", async () => {
    const version = await importedVersion("rewritten", "# Before\n\nThe body the read renders.");
    const hold = await holdArticleWrites(kind, testApp.databaseUrl);
    let shown: string | null | undefined;
    try {
      const article = await testApp.services.content.articles.published(version.article_id, { htmlIn: "en-US" });
      shown = article!.versions.get("en-US")!.html;
    } finally {
      // The holder's own write, a save of another body with its HTML, commits first.
      await hold.release({
        sql: "update article_versions set body = ?, html = ? where id = ?",
        values: ["# After", "<h1>After</h1>", version.id],
      });
    }
    await testApp.services.content.articles.rendersStored();
    expect(shown).toContain("<h1>Before</h1>");
    expect(await storedHtml(version.id)).toBe("<h1>After</h1>");
  });
});
