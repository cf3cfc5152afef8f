/**
 * The search catch-up (server/content/search-catch-up.ts, decision 0139) on both databases: a write between
 * a claim and its store, claims held by another process and taken over once expired, a stopping catch-up. Its work
 * comes from a migration that re-indexes (awaitingCatchUp): a bulk import indexes as it writes (decision 0226), which
 * the last test shows with a real server and the content CLI.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importArticles } from "#server/content/ndjson.ts";
import { searchEntries } from "#server/search/entries.ts";
import {
  catchUpBatch,
  CLAIM_MS,
  renderBatch,
  startSearchCatchUp,
  type ClaimedBatch,
} from "#server/content/search-catch-up.ts";
import { freePort, startRealServer } from "./server-process.ts";
import { awaitingCatchUp, DATABASE_KINDS, startTestApp } from "./support.ts";

const dir = mkdtempSync(join(tmpdir(), "pp-catch-up-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** An NDJSON file of one article with an English and a French version of these bodies. */
function articleFile(key: string, bodies: { en: string; fr?: string }): string {
  const path = join(dir, `${key}-${files++}.ndjson`);
  const versions = Object.fromEntries(
    Object.entries(bodies).map(([code, body]) => [
      code,
      { slug: `${key}-${code}`, title: `Title ${key} ${code}`, summary: "", body, status: "published" },
    ]),
  );
  writeFileSync(path, `${JSON.stringify({ key, author: "Catch-up", tags: [], versions })}\n`);
  return path;
}

describe.each(DATABASE_KINDS)("the search catch-up on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  const handle = () => testApp.services.database;
  const versionsOf = (key: string) =>
    handle()
      .db.selectFrom("article_versions")
      .innerJoin("articles", "articles.id", "article_versions.article_id")
      .select([
        "article_versions.code",
        "article_versions.html",
        "article_versions.awaiting_index",
        "article_versions.index_claim",
      ])
      .where("articles.key", "=", key)
      .orderBy("article_versions.code")
      .execute();
  const found = async (word: string, code: string) => (await searchEntries(handle().db, code, word, 10, 0)).total;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  it("stores a rendering only where its claim still stands: a version written meanwhile waits for a batch of its own, with its new text", async () => {
    await importArticles(handle(), articleFile("rewritten", { en: "Oldword here.", fr: "Motfrançais ici." }), "test");
    await awaitingCatchUp(handle().db, "rewritten");
    // The English version is imported again between the claim and the store: the import indexes it.
    const rewriting = async (batch: ClaimedBatch) => {
      await importArticles(handle(), articleFile("rewritten", { en: "Newword here." }), "test");
      return renderBatch(batch, kind);
    };
    expect(await catchUpBatch(handle(), rewriting)).toEqual({ claimed: 2, languages: ["en-US", "fr-FR"] });
    const [english, french] = await versionsOf("rewritten");
    expect(english).toEqual({ code: "en-US", html: null, awaiting_index: 0, index_claim: null });
    expect(french).toMatchObject({
      html: expect.stringContaining("Motfrançais") as string,
      awaiting_index: 0,
      index_claim: null,
    });
    // The batch left the English version's entry as the import made it from its new text, not the text it had claimed.
    expect(await found("oldword", "en-US")).toBe(0);
    expect(await found("newword", "en-US")).toBe(1);
    expect(await catchUpBatch(handle())).toEqual({ claimed: 0, languages: [] });
  });

  it("leaves versions another process holds, and takes them over once its claim has expired", async () => {
    await importArticles(handle(), articleFile("held", { en: "Heldword.", fr: "Motretenu." }), "test");
    await awaitingCatchUp(handle().db, "held");
    const stopped = () => Promise.reject(new Error("the process holding the claim stopped"));
    await expect(catchUpBatch(handle(), stopped)).rejects.toThrow("stopped");
    expect((await versionsOf("held")).map((version) => version.index_claim)).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
    expect(await catchUpBatch(handle())).toEqual({ claimed: 0, languages: [] });
    expect(await found("heldword", "en-US")).toBe(0);
    expect(await catchUpBatch(handle(), undefined, Date.now() + CLAIM_MS + 1_000)).toEqual({
      claimed: 2,
      languages: ["en-US", "fr-FR"],
    });
    expect(await versionsOf("held")).toEqual([
      { code: "en-US", html: expect.stringContaining("Heldword") as string, awaiting_index: 0, index_claim: null },
      { code: "fr-FR", html: expect.stringContaining("Motretenu") as string, awaiting_index: 0, index_claim: null },
    ]);
    expect(await found("heldword", "en-US")).toBe(1);
  });

  it("shares the work between catch-ups running at once: each version is rendered once, and none is left", async () => {
    const keys = Array.from({ length: 7 }, (_, index) => `shared-${index}`);
    for (const key of keys)
      await importArticles(handle(), articleFile(key, { en: `Sharedword ${key}.`, fr: `Motpartagé ${key}.` }), "test");
    await awaitingCatchUp(handle().db, "shared-%");
    let rendered = 0;
    const counting = (batch: ClaimedBatch) => {
      rendered += batch.versions.length;
      return renderBatch(batch, kind);
    };
    const drain = async () => {
      let claimed = 0;
      for (
        let batch = await catchUpBatch(handle(), counting);
        batch.claimed > 0;
        batch = await catchUpBatch(handle(), counting)
      )
        claimed += batch.claimed;
      return claimed;
    };
    const [first, second] = await Promise.all([drain(), drain()]);
    expect(first + second).toBe(keys.length * 2);
    expect(rendered).toBe(keys.length * 2);
    for (const key of keys) expect((await versionsOf(key)).map((version) => version.awaiting_index)).toEqual([0, 0]);
    expect(await found("sharedword", "en-US")).toBe(keys.length);
  });

  it(
    "stops between batches: a stopping server's catch-up stores the batch it holds and leaves no claim behind",
    { timeout: 60_000 },
    async () => {
      const path = join(dir, "many.ndjson");
      const lines = Array.from({ length: 300 }, (_, index) =>
        JSON.stringify({
          key: `many-${index}`,
          author: "Catch-up",
          tags: [],
          versions: {
            en: {
              slug: `many-${index}`,
              title: `Many ${index}`,
              summary: "",
              body: `Manyword ${index}.`,
              status: "published",
            },
          },
        }),
      );
      writeFileSync(path, `${lines.join("\n")}\n`);
      await importArticles(handle(), path, "test");
      await awaitingCatchUp(handle().db, "many-%");
      const awaiting = async () =>
        (
          await handle()
            .db.selectFrom("article_versions")
            .select(["awaiting_index", "index_claim"])
            .where("slug", "like", "many-%")
            .execute()
        ).reduce(
          (counts, row) => ({
            awaiting: counts.awaiting + row.awaiting_index,
            claimed: counts.claimed + (row.index_claim === null ? 0 : 1),
          }),
          { awaiting: 0, claimed: 0 },
        );
      const catchUp = startSearchCatchUp(testApp.services);
      while ((await awaiting()).awaiting === lines.length) await new Promise((resolve) => setTimeout(resolve, 5));
      await catchUp.stop();
      const left = await awaiting();
      expect(left.claimed).toBe(0);
      expect(left.awaiting).toBeGreaterThan(0);
      expect(left.awaiting).toBeLessThan(lines.length);
      // What it stored is found; the rest waits for the next catch-up.
      expect(await found("manyword", "en-US")).toBe(lines.length - left.awaiting);
      const next = startSearchCatchUp(testApp.services);
      await next.run();
      await next.stop();
      expect(await awaiting()).toEqual({ awaiting: 0, claimed: 0 });
      expect(await found("manyword", "en-US")).toBe(lines.length);
    },
  );

  it(
    "has a running server's search find what the content CLI imported as soon as the command has announced it, leaving the catch-up nothing",
    { timeout: 120_000 },
    async () => {
      const metricsPort = await freePort();
      const server = await startRealServer(kind, { METRICS_PORT: String(metricsPort) });
      try {
        const searchPage = `${server.url}/en/search?q=clisearchword`;
        // Asked before the import: the server keeps the page until a change drops it.
        expect(await (await fetch(searchPage)).text()).not.toContain("/from-the-cli-en");
        const file = articleFile("from-the-cli", { en: "Clisearchword in a body.", fr: "Motdelaligne dans un corps." });
        const imported = spawnSync(process.execPath, ["server/cli/content.ts", "import", file], {
          env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: "silent" },
          encoding: "utf8",
        });
        expect(imported.status, imported.stderr).toBe(0);
        // The import's announcement reaches the server within 250 ms (the change log) and drops the search page.
        const deadline = Date.now() + 5_000;
        let page = "";
        while (Date.now() < deadline && !page.includes("/from-the-cli-en")) {
          page = await (await fetch(searchPage)).text();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(
          page.includes("/from-the-cli-en"),
          JSON.stringify(server.logs().filter((line) => line.level >= 40)),
        ).toBe(true);
        expect(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).not.toMatch(
          /^search_catch_up_versions_total [1-9]/m,
        );
      } finally {
        await server.stop();
      }
    },
  );
});
