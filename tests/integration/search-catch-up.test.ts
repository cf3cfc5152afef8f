/**
 * The search catch-up (server/search/catch-up.ts, decision 0139) on both databases: a write between
 * a claim and its store, claims held by another process and taken over once expired, and a real
 * server rendering and indexing what the content CLI imported, with no call from the test.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importArticles } from "#server/content/ndjson.ts";
import { createRenderPool } from "#server/content/render-pool.ts";
import { searchEntries } from "#server/db/full-text.ts";
import { catchUpBatch, CLAIM_MS } from "#server/search/catch-up.ts";
import { startRealServer } from "./server-process.ts";
import { DATABASE_KINDS, startTestApp } from "./support.ts";

const dir = mkdtempSync(join(tmpdir(), "pp-catch-up-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** An NDJSON file of one article with an English and a French version of these bodies. */
function articleFile(key: string, bodies: { en: string; fr?: string }): string {
  const path = join(dir, `${key}-${files++}.ndjson`);
  const versions = Object.fromEntries(
    Object.entries(bodies).map(([code, body]) => [code, { slug: `${key}-${code}`, title: `Title ${key} ${code}`, summary: "", body, status: "published" }]),
  );
  writeFileSync(path, `${JSON.stringify({ key, author: "Catch-up", tags: [], versions })}\n`);
  return path;
}

describe.each(DATABASE_KINDS)("the search catch-up on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  const pool = createRenderPool(kind, 1);
  const handle = () => testApp.services.database;
  const versionsOf = (key: string) =>
    handle()
      .db.selectFrom("blog_versions")
      .innerJoin("blogs", "blogs.id", "blog_versions.blog_id")
      .select(["blog_versions.code", "blog_versions.html", "blog_versions.awaiting_index", "blog_versions.index_claim"])
      .where("blogs.key", "=", key)
      .orderBy("blog_versions.code")
      .execute();
  const found = async (word: string, code: string) => (await searchEntries(handle().db, code, word, 10, 0)).total;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(async () => {
    await pool.close();
    await testApp?.close();
  });

  it("stores a rendering only where its claim still stands: a version written meanwhile waits for a batch of its own, with its new text", async () => {
    await importArticles(handle(), articleFile("rewritten", { en: "Oldword here.", fr: "Motfrançais ici." }), "test");
    const rewriting = {
      ...pool,
      // The English version is imported again between the claim and the store.
      renderAll: async (...args: Parameters<typeof pool.renderAll>) => {
        await importArticles(handle(), articleFile("rewritten", { en: "Newword here." }), "test");
        return pool.renderAll(...args);
      },
    };
    expect(await catchUpBatch(handle(), () => rewriting)).toEqual({ claimed: 2, languages: ["en-US", "fr-FR"] });
    const [english, french] = await versionsOf("rewritten");
    expect(english).toEqual({ code: "en-US", html: null, awaiting_index: 1, index_claim: null });
    expect(french).toMatchObject({ html: expect.stringContaining("Motfrançais") as string, awaiting_index: 0, index_claim: null });
    // The batch indexed the English version from its stored text, not the text it had claimed.
    expect(await found("oldword", "en-US")).toBe(0);
    expect(await found("newword", "en-US")).toBe(1);
    expect(await catchUpBatch(handle(), () => pool)).toEqual({ claimed: 1, languages: ["en-US"] });
    expect((await versionsOf("rewritten"))[0]).toMatchObject({ html: expect.stringContaining("Newword") as string, awaiting_index: 0 });
    expect(await catchUpBatch(handle(), () => pool)).toEqual({ claimed: 0, languages: [] });
  });

  it("leaves versions another process holds, and takes them over once its claim has expired", async () => {
    await importArticles(handle(), articleFile("held", { en: "Heldword.", fr: "Motretenu." }), "test");
    const stopped = { ...pool, renderAll: () => Promise.reject(new Error("the process holding the claim stopped")) };
    await expect(catchUpBatch(handle(), () => stopped)).rejects.toThrow("stopped");
    expect((await versionsOf("held")).map((version) => version.index_claim)).toEqual([expect.any(String), expect.any(String)]);
    expect(await catchUpBatch(handle(), () => pool)).toEqual({ claimed: 0, languages: [] });
    expect(await found("heldword", "en-US")).toBe(0);
    expect(await catchUpBatch(handle(), () => pool, Date.now() + CLAIM_MS + 1_000)).toEqual({ claimed: 2, languages: ["en-US", "fr-FR"] });
    expect(await versionsOf("held")).toEqual([
      { code: "en-US", html: expect.stringContaining("Heldword") as string, awaiting_index: 0, index_claim: null },
      { code: "fr-FR", html: expect.stringContaining("Motretenu") as string, awaiting_index: 0, index_claim: null },
    ]);
    expect(await found("heldword", "en-US")).toBe(1);
  });

  it("has a running server render and index what the content CLI imported, and its search find it", { timeout: 120_000 }, async () => {
    const server = await startRealServer(kind);
    try {
      const file = articleFile("from-the-cli", { en: "Clisearchword in a body.", fr: "Motdelaligne dans un corps." });
      const imported = spawnSync(process.execPath, ["server/cli/content.ts", "import", file], {
        env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: "silent" },
        encoding: "utf8",
      });
      expect(imported.status, imported.stderr).toBe(0);
      const deadline = Date.now() + 30_000;
      let page = "";
      while (Date.now() < deadline && !page.includes("/from-the-cli-en")) {
        page = await (await fetch(`${server.url}/en/search?q=clisearchword`)).text();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(page.includes("/from-the-cli-en"), JSON.stringify(server.logs().filter((line) => line.level >= 40))).toBe(true);
      expect(server.logs().find((line) => line.msg === "rendered and indexed versions a bulk import stored")).toMatchObject({ versions: 2 });
    } finally {
      await server.stop();
    }
  });
});
