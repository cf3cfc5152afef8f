/**
 * The search benchmark (issue 12): `npm run bench:search -- --articles N [--databases sqlite,postgres]`.
 * Imports N generated articles in the 7 languages (bench/generate-articles.ts, ~1 000 words
 * each) with `npm run content -- import` into a freshly migrated and seeded database (the
 * import indexes them in its own transactions), then times the search query the results page
 * runs (ranked page of 10 and capped count) for several kinds of query in every language.
 * Needs `npm run build` (the built server migrates and seeds the database). BENCH_PORT (default 8300).
 * Writes bench/results/search-N.json and prints one line per database.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createArticleReader } from "#server/content/articles.ts";
import type { DatabaseTarget } from "#server/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { articlesFile, LANGUAGES, VOCABULARY } from "./generate-articles.ts";

const root = new URL("..", import.meta.url).pathname;
const { values } = parseArgs({ options: { articles: { type: "string", default: "1000" }, databases: { type: "string", default: "sqlite,postgres" } } });
const ARTICLES = Number(values.articles);
if (!Number.isInteger(ARTICLES) || ARTICLES < 10) throw new Error("--articles must be a whole number of at least 10");
const DATABASES = (values.databases ?? "").split(",") as ("sqlite" | "postgres")[];
const REPEATS = 15;
const PORT = Number(process.env.BENCH_PORT ?? 8300);
const CODES: Record<string, string> = { en: "en-US", fr: "fr-FR", es: "es-ES", de: "de-DE", pt: "pt-BR", ar: "ar", ja: "ja-JP" };

const round = (value: number, digits = 1) => +value.toFixed(digits);
const quantile = (numbers: number[], q: number) => [...numbers].sort((a, b) => a - b)[Math.min(numbers.length - 1, Math.floor(numbers.length * q))]!;

/** The kinds of query a visitor types, in a language: a word in every article, two words, a rare word (an article's number), nothing, and page 10 of the common word. */
function queriesFor(language: string) {
  const words = VOCABULARY[language]!;
  return [
    { kind: "common word", query: words[1]!, offset: 0 },
    { kind: "two words", query: `${words[2]} ${words[5]}`, offset: 0 },
    { kind: "rare (a number)", query: String(Math.max(1, Math.floor(ARTICLES / 3))), offset: 0 },
    { kind: "no match", query: "zzqxw", offset: 0 },
    { kind: "common word, page 10", query: words[1]!, offset: 90 },
  ];
}

/** Starts the built server on the database until it answers (it migrates and seeds), then stops it. */
async function seedWithBuiltServer(databaseUrl: string) {
  const child = spawn(process.execPath, ["-e", `import(${JSON.stringify(join(root, "build/server/index.js"))}).then((m) => m.start())`], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${PORT}`, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", NODE_ENV: "production" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (await fetch(`http://127.0.0.1:${PORT}/healthz`).then((response) => response.ok, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await once(child, "exit");
  }
}

async function run(kind: "sqlite" | "postgres", file: string) {
  const dir = mkdtempSync(join(tmpdir(), "pp-bench-search-"));
  const database = kind === "sqlite" ? { url: `sqlite:${join(dir, "site.db")}`, drop: async () => {} } : await createPostgresDatabase("pp_bench");
  const target: DatabaseTarget = kind === "sqlite" ? { kind: "sqlite", path: database.url.slice(7) } : { kind: "postgres", url: database.url };
  try {
    await seedWithBuiltServer(database.url);
    const importStarted = performance.now();
    const imported = spawnSync(process.execPath, [join(root, "server/cli/content.ts"), "import", file], { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" }, encoding: "utf8" });
    if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}`);
    const importSeconds = round((performance.now() - importStarted) / 1000);

    const handle = openDatabase(target);
    const reader = createArticleReader(handle.db);
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
        rows.push({ language, kind: queryKind, total, p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)) });
      }
    }
    await handle.close();
    const byKind = Object.groupBy(rows, (row) => row.kind);
    const summary = Object.fromEntries(Object.entries(byKind).map(([queryKind, list]) => [queryKind, { p50: round(quantile(list!.map((row) => row.p50), 0.5)), worstP95: Math.max(...list!.map((row) => row.p95)) }]));
    console.log(`${kind}: ${ARTICLES} articles × 7 languages, import ${importSeconds} s`);
    console.table(summary);
    return { kind, articles: ARTICLES, importSeconds, summary, rows };
  } finally {
    await database.drop();
  }
}

const file = await articlesFile(ARTICLES);
const results = [];
for (const kind of DATABASES) results.push(await run(kind, file));
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, `bench/results/search-${ARTICLES}.json`), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
