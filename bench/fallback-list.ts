/**
 * A language's article list with fallback-only articles (decision 0085) at 100 000 articles:
 * building the merged anchor index once, then pages near the start, the middle and the end,
 * against the language's own list. English has every article, Spanish 60 %, Portuguese 30 %;
 * the Portuguese list falls back to Spanish, then English, so it lists all 100 000.
 * Run: node_modules/.bin/node bench/fallback-list.ts (SQLite in a temporary folder).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { createArticleReader } from "#server/content/articles.ts";
import { createLogger } from "#server/base/log.ts";

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const BATCH = 500;
const CHAIN = ["pt-BR", "es-ES", "en-US"];

const dir = mkdtempSync(join(tmpdir(), "pp-bench-fallback-"));
const handle = openDatabase(parseDatabaseUrl(`sqlite:${join(dir, "site.db")}`));
try {
  await migrateToLatest(handle);
  const { db } = handle;
  const start = Date.parse("2020-01-01T00:00:00Z");
  for (let first = 1; first <= ARTICLES; first += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, ARTICLES - first + 1) }, (_, index) => first + index);
    const at = (id: number) => new Date(start + id * 60_000).toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("articles")
        .values(
          ids.map((id) => ({
            id,
            key: `a${id}`,
            author: "Bench",
            cover: null,
            tags: "[]",
            created_at: at(id),
            updated_at: at(id),
          })),
        )
        .execute();
      const versions = ids.flatMap((id) =>
        CHAIN.filter((code) => code === "en-US" || (code === "es-ES" ? id % 10 < 6 : id % 10 < 3)).map((code) => ({
          article_id: id,
          code,
          slug: `a-${id}`,
          title: `Article ${id} (${code})`,
          summary: "",
          body: "",
          cover_alt: "",
          status: "published" as const,
          // Translations come a few hours later, so the languages' orders interleave.
          published_at: new Date(Date.parse(at(id)) + CHAIN.indexOf(code) * 3 * 3_600_000).toISOString(),
          updated_at: at(id),
          html: "",
        })),
      );
      await trx.insertInto("article_versions").values(versions).execute();
    });
  }
  const reader = createArticleReader(db, createLogger("warn"));
  const time = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return Math.round((performance.now() - started) * 10) / 10;
  };
  const pages = [0, Math.floor(ARTICLES / 2 / 6) * 6, Math.floor((ARTICLES - 6) / 6) * 6];
  const median = async (run: () => Promise<unknown>) => {
    const runs = [];
    for (let round = 0; round < 7; round += 1) runs.push(await time(run));
    return runs.sort((a, b) => a - b)[3]!;
  };
  const result = {
    articles: ARTICLES,
    ownIndexBuildMs: await time(() => reader.countIn("pt-BR")),
    mergedIndexBuildMs: await time(() => reader.countWithFallbacks(CHAIN)),
    mergedCount: await reader.countWithFallbacks(CHAIN),
    ownPagesMs: await Promise.all(
      pages.map((offset) =>
        median(() => reader.listPage("pt-BR", Math.min(offset, Math.floor(ARTICLES * 0.3) - 6), 6)),
      ),
    ),
    mergedPagesMs: await Promise.all(
      pages.map((offset) => median(() => reader.listPageWithFallbacks(CHAIN, offset, 6))),
    ),
    pageOffsets: pages,
  };
  console.log(JSON.stringify(result));
} finally {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
