/**
 * The search benchmark (issue 12): `npm run bench:search -- --articles 10000,100000 [--databases sqlite,postgres]`.
 * Fills a freshly migrated database, size after size, with generated articles in the 7 languages
 * (bench/generate-articles.ts, ~1 000 words each), indexed by the write path's own
 * `refreshPublishedIndex` (markdown to text, segmenting, stemming, the dialect's index),
 * then times the search query the results page runs (a ranked page of 10 and the capped
 * count, server/db/full-text.ts) for several kinds of query in every language.
 * Past DISTINCT_ARTICLES, the rest are copies of the distinct ones (rows copied in SQL, new
 * ids; on SQLite, whose contentless index keeps no terms, each copy's terms are made again from
 * its stored text): indexing 700 000 versions in JavaScript takes hours on the shared machine, and the
 * query's cost depends on how many versions match, which copies give the same way (a rare
 * word then matches one article per copy). Each database is measured at every size as it grows.
 * `--distinct N` (default 10 000) sets how many are distinct: fewer fill faster, copies match the same way.
 * Writes bench/results/search-<database>.json after each size and prints one table per size.
 */
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { sql, type Kysely } from "kysely";
import { createArticleReader } from "#server/content/articles.ts";
import { createLogger } from "#server/base/log.ts";
import type { DatabaseTarget } from "#server/base/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Database } from "#server/db/schema.ts";
import { refreshPublishedIndex } from "#server/search/published-index.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { articlesFile, LANGUAGES, VOCABULARY } from "./generate-articles.ts";

const root = new URL("..", import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "1000" },
    databases: { type: "string", default: "sqlite,postgres" },
    distinct: { type: "string", default: "10000" },
    keep: { type: "boolean", default: false },
  },
});
const SIZES = (values.articles ?? "").split(",").map(Number);
if (SIZES.some((size, index) => !Number.isInteger(size) || size < 10 || size <= (SIZES[index - 1] ?? 0)))
  throw new Error("--articles must be increasing whole numbers of at least 10, comma-separated");
const LARGEST = SIZES.at(-1)!;
const DATABASES = (values.databases ?? "").split(",") as ("sqlite" | "postgres")[];
/** Articles generated and indexed one by one; the rest are copies of these. */
const DISTINCT_ARTICLES = Math.min(LARGEST, Number(values.distinct));
if (!Number.isInteger(DISTINCT_ARTICLES) || DISTINCT_ARTICLES < 10)
  throw new Error("--distinct must be a whole number of at least 10");
/** --keep: leave the database behind (its URL is printed) to look at plans afterwards; drop it by hand. */
const KEEP = values.keep ?? false;
/** Articles written and indexed per transaction while filling. */
const FILL_BATCH = 200;
const REPEATS = 15;
const CODES: Record<string, string> = {
  en: "en-US",
  fr: "fr-FR",
  es: "es-ES",
  de: "de-DE",
  pt: "pt-BR",
  ar: "ar",
  ja: "ja-JP",
};

const round = (value: number, digits = 1) => +value.toFixed(digits);
const quantile = (numbers: number[], q: number) =>
  [...numbers].sort((a, b) => a - b)[Math.min(numbers.length - 1, Math.floor(numbers.length * q))]!;

/** The kinds of query a visitor types, in a language: a word in every article, two words, a rare word (an article's number), nothing, and page 10 of the common word. */
function queriesFor(language: string) {
  const words = VOCABULARY[language]!;
  return [
    { kind: "common word", query: words[1]!, offset: 0 },
    { kind: "two words", query: `${words[2]} ${words[5]}`, offset: 0 },
    {
      kind: "rare (a number)",
      query: String(Math.max(1, Math.floor(Math.min(SIZES[0]!, DISTINCT_ARTICLES) / 3))),
      offset: 0,
    },
    { kind: "no match", query: "zzqxw", offset: 0 },
    { kind: "common word, page 10", query: words[1]!, offset: 90 },
  ];
}

interface GeneratedArticle {
  key: string;
  author: string;
  tags: string[];
  versions: Record<string, { slug: string; title: string; summary: string; body: string }>;
}

/** Writes articles `from`+1 to `to` of the file as published versions and indexes them, FILL_BATCH per transaction. */
async function fillDistinct(db: Kysely<Database>, file: string, from: number, to: number) {
  let batch: GeneratedArticle[] = [];
  let written = from;
  let read = 0;
  const flush = async () => {
    const articles = batch;
    batch = [];
    await db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const article of articles) {
        written += 1;
        const at = new Date(Date.UTC(2020, 0, 1) + written * 60_000).toISOString();
        const { id } = await trx
          .insertInto("articles")
          .values({
            id: written,
            key: article.key,
            author: article.author,
            tags: JSON.stringify(article.tags),
            created_at: at,
            updated_at: at,
            source_code: "en-US",
            source_changed_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.push(id);
        await trx
          .insertInto("article_versions")
          .values(
            Object.entries(article.versions).map(([language, version]) => ({
              article_id: id,
              code: CODES[language]!,
              ...version,
              cover_alt: "",
              status: "published" as const,
              published_at: at,
              updated_at: at,
              html: null,
            })),
          )
          .execute();
      }
      await refreshPublishedIndex(trx, ids);
    });
  };
  for await (const line of createInterface({ input: createReadStream(file) })) {
    read += 1;
    if (read <= from) continue;
    if (written + batch.length >= to) break;
    batch.push(JSON.parse(line) as GeneratedArticle);
    if (batch.length === FILL_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
}

/** Copies the distinct articles (blogs, versions, search entries), ids DISTINCT_ARTICLES apart, from `from` articles to `to`. */
async function fillCopies(db: Kysely<Database>, kind: "sqlite" | "postgres", from: number, to: number) {
  for (let copy = Math.max(1, Math.floor(from / DISTINCT_ARTICLES)); copy * DISTINCT_ARTICLES < to; copy += 1) {
    const shift = copy * DISTINCT_ARTICLES;
    const lowest = Math.max(from - shift, 0);
    const upTo = Math.min(to - shift, DISTINCT_ARTICLES);
    if (upTo <= lowest) continue;
    await db.transaction().execute(async (trx) => {
      await sql`insert into articles (id, key, author, tags, created_at, updated_at, source_code, source_changed_at)
        select id + ${shift}, key || ${`-copy-${copy}`}, author, tags, created_at, updated_at, source_code, source_changed_at from articles where id > ${lowest} and id <= ${upTo}`.execute(
        trx,
      );
      await sql`insert into article_versions (article_id, code, slug, title, summary, body, cover_alt, status, published_at, updated_at)
        select article_id + ${shift}, code, slug || ${`-${copy}`}, title, summary, body, cover_alt, status, published_at, updated_at from article_versions where article_id > ${lowest} and article_id <= ${upTo}`.execute(
        trx,
      );
      if (kind === "postgres") {
        await sql`insert into search_entries (article_id, code, title, summary, source_fingerprint, document)
          select article_id + ${shift}, code, title, summary, source_fingerprint, document from search_entries where article_id > ${lowest} and article_id <= ${upTo}`.execute(
          trx,
        );
        return;
      }
      // SQLite's index keeps no terms to copy (contentless, migration 0023): the copies are indexed again.
      const copied = await trx
        .selectFrom("articles")
        .select("id")
        .where("id", ">", lowest + shift)
        .where("id", "<=", upTo + shift)
        .execute();
      await refreshPublishedIndex(
        trx,
        copied.map((article) => article.id),
      );
    });
  }
}

/** Times every kind of query in every language on the database as it is. */
async function measure(db: Kysely<Database>) {
  const reader = createArticleReader(db, createLogger("warn"));
  const rows: { language: string; kind: string; total: number; p50: number; p95: number }[] = [];
  for (const language of LANGUAGES) {
    for (const { kind: queryKind, query, offset } of queriesFor(language)) {
      const times: number[] = [];
      let total = 0;
      for (let repeat = 0; repeat < REPEATS; repeat += 1) {
        const started = performance.now();
        total = (await reader.search(CODES[language]!, query, 10, offset)).total;
        times.push(performance.now() - started);
      }
      rows.push({
        language,
        kind: queryKind,
        total,
        p50: round(quantile(times, 0.5)),
        p95: round(quantile(times, 0.95)),
      });
    }
  }
  const byKind = Object.groupBy(rows, (row) => row.kind);
  const summary = Object.fromEntries(
    Object.entries(byKind).map(([queryKind, list]) => [
      queryKind,
      {
        p50: round(
          quantile(
            list!.map((row) => row.p50),
            0.5,
          ),
        ),
        worstP95: Math.max(...list!.map((row) => row.p95)),
      },
    ]),
  );
  return { summary, rows };
}

async function run(kind: "sqlite" | "postgres", file: string) {
  const dir = mkdtempSync(join(tmpdir(), "pp-bench-search-"));
  const database =
    kind === "sqlite"
      ? { url: `sqlite:${join(dir, "site.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) }
      : await createPostgresDatabase("search_bench");
  const target: DatabaseTarget =
    kind === "sqlite" ? { kind: "sqlite", path: database.url.slice(7) } : { kind: "postgres", url: database.url };
  const handle = openDatabase(target);
  const results = [];
  try {
    await migrateToLatest(handle);
    let filled = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await fillDistinct(handle.db, file, Math.min(filled, DISTINCT_ARTICLES), Math.min(size, DISTINCT_ARTICLES));
      await fillCopies(handle.db, kind, Math.max(filled, DISTINCT_ARTICLES), size);
      // PostgreSQL: vacuum too, as autovacuum would have on a site by then (the visibility map lets index-only scans skip the rows).
      await (kind === "postgres" ? sql`vacuum analyze` : sql`analyze`).execute(handle.db);
      filled = size;
      const fillSeconds = round((performance.now() - started) / 1000);
      const load = loadavg().map((value) => round(value, 2));
      const { summary, rows } = await measure(handle.db);
      console.log(
        `${kind}: ${size} articles × 7 languages (${Math.min(size, DISTINCT_ARTICLES)} distinct; filling the last ${fillSeconds} s), load average ${load.join(" ")}`,
      );
      console.table(summary);
      results.push({
        kind,
        articles: size,
        distinctArticles: Math.min(size, DISTINCT_ARTICLES),
        fillSeconds,
        loadAverage: load,
        summary,
        rows,
      });
      mkdirSync(join(root, "bench/results"), { recursive: true });
      writeFileSync(
        join(root, `bench/results/search-${kind}.json`),
        JSON.stringify({ date: new Date().toISOString(), results }, null, 2),
      );
    }
  } finally {
    await handle.close();
    if (KEEP) console.log(`kept: ${database.url}`);
    else await database.drop();
  }
}

const file = await articlesFile(DISTINCT_ARTICLES);
for (const kind of DATABASES) await run(kind, file);
