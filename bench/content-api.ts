/**
 * The content delivery API's answer times (decision 0200): `node bench/content-api.ts --articles 10000
 * [--databases sqlite,postgres]` (after `npm run build`). The built server (bench/built-server.ts) on a fresh,
 * seeded database plus N generated articles in the 7 languages (bench/generate-articles.ts, imported by the
 * content import beside it), then over HTTP with a key: an articles page at the start, the middle and the end of the
 * English list (by cursor), filtered by a common and a rare tag, one article by id, and a page of ROME jobs — each
 * uncached (an address asked for the first time: its reads and JSON) and cached (the same again: key check, rate
 * limit, cache hit), p50 and p95 of ROUNDS requests.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { tokenHash } from "#server/admin/api-keys/service.ts";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { importArticles } from "#server/content/ndjson.ts";
import { encodeArticleCursor } from "#server/content/delivery-schema.ts";
import { openDatabase } from "#server/db/connect.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { firstResponse, startServer, stop } from "./built-server.ts";
import { articlesFile } from "./generate-articles.ts";

const PORT = 4500;
const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "10000" },
    databases: { type: "string", default: "sqlite" },
    rounds: { type: "string", default: "40" },
  },
});
const ARTICLES = Number(values.articles);
const ROUNDS = Number(values.rounds);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function databaseUrl(kind: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === "postgres") return createPostgresDatabase("pp_bench_content_api");
  const dir = mkdtempSync(join(tmpdir(), "pp-bench-content-api-"));
  return { url: `sqlite:${join(dir, "site.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function run(kind: string) {
  const database = await databaseUrl(kind);
  const { child, started } = startServer(database.url, PORT);
  const handle = openDatabase(parseDatabaseUrl(database.url));
  try {
    await firstResponse(child, started, PORT);
    if (ARTICLES > 0) {
      const imported = performance.now();
      await importArticles(handle, await articlesFile(ARTICLES), "bench-content-api");
      console.log(`${kind}: imported ${ARTICLES} articles in ${((performance.now() - imported) / 1000).toFixed(0)} s`);
    }
    const token = `ppk_${randomBytes(32).toString("base64url")}`;
    const { db } = handle;
    await db
      .insertInto("api_keys")
      .values({
        name: "bench",
        token_hash: tokenHash(token),
        prefix: token.slice(0, 10),
        languages: "[]",
        origins: "[]",
        rate_limit: 1_000_000,
        created_by: null,
        created_at: new Date().toISOString(),
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    const headers = { authorization: `Bearer ${token}` };
    const cursorAt = async (offset: number) => {
      const row = await db
        .selectFrom("article_versions")
        .select(["updated_at", "article_id"])
        .where("code", "=", "en-US")
        .where("status", "=", "published")
        .orderBy("updated_at")
        .orderBy("article_id")
        .offset(offset)
        .limit(1)
        .executeTakeFirstOrThrow();
      return encodeArticleCursor({ updatedAt: row.updated_at, id: row.article_id });
    };
    const { total } = await db
      .selectFrom("article_versions")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("code", "=", "en-US")
      .where("status", "=", "published")
      .executeTakeFirstOrThrow();
    const middle = await cursorAt(Math.floor(Number(total) / 2));
    const end = await cursorAt(Math.max(0, Number(total) - 30));
    const englishIds = (
      await db
        .selectFrom("article_versions")
        .select("article_id")
        .where("code", "=", "en-US")
        .where("status", "=", "published")
        .orderBy("article_id")
        .execute()
    ).map((row) => row.article_id);
    // Each round asks a new address (another page size) uncached, then the same again cached.
    const cases: [string, (round: number) => string][] = [
      ["articles, first page", (round) => `/api/content/v1/en-US/articles?limit=${20 + round}`],
      ["articles, middle page", (round) => `/api/content/v1/en-US/articles?limit=${20 + round}&cursor=${middle}`],
      ["articles, last page", (round) => `/api/content/v1/en-US/articles?limit=${20 + round}&cursor=${end}`],
      ["articles, a tag 2 % carry", (round) => `/api/content/v1/en-US/articles?limit=${20 + round}&tag=topic-7`],
      ["articles, a rare tag (seed only)", (round) => `/api/content/v1/en-US/articles?limit=${20 + round}&tag=rome`],
      [
        "one article by id",
        (round) => `/api/content/v1/en-US/articles/${englishIds[Math.floor((round * englishIds.length) / ROUNDS)]}`,
      ],
      ["jobs page", (round) => `/api/content/v1/fr-FR/jobs?limit=${50 + round}`],
    ];
    for (const [name, address] of cases) {
      const uncached: number[] = [];
      const cached: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const times of [uncached, cached]) {
          const started = performance.now();
          const response = await fetch(`http://127.0.0.1:${PORT}${address(round)}`, { headers });
          await response.arrayBuffer();
          times.push(performance.now() - started);
          if (response.status !== 200) throw new Error(`${address(round)} answered ${response.status}`);
        }
      }
      uncached.sort((a, b) => a - b);
      cached.sort((a, b) => a - b);
      console.log(
        `${kind}\t${ARTICLES}\t${name}\tuncached p50 ${percentile(uncached, 0.5).toFixed(1)} ms p95 ${percentile(uncached, 0.95).toFixed(1)} ms\tcached p50 ${percentile(cached, 0.5).toFixed(2)} ms p95 ${percentile(cached, 0.95).toFixed(2)} ms`,
      );
    }
  } finally {
    await stop(child);
    await handle.close();
    await database.drop();
  }
}

for (const kind of values.databases.split(",")) await run(kind);
