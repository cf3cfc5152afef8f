/**
 * The scale benchmark (issue 9): `npm run bench:scale -- --articles N [--databases sqlite,postgres]`.
 * Generates N realistic, distinct articles in the 7 enabled languages
 * (bench/generate-articles.ts), imports them through `npm run content -- import`,
 * then measures the built server on each database: import time, the search catch-up
 * behind it (decision 139; with cached pages' p99 meanwhile), cold start to
 * first response, RSS after start and after mixed load, uncached article page
 * latency (a new process's first 200 pages, then the next 200), signed-in throughput (a page visitors share, decision 134; a page no
 * visitor asked for, decision 138; pages no one asked for before, each rendered once as visitors get it, also with SERVER_PROCESSES=2),
 * list page 1 vs a deep page, sitemap index
 * and one child, an edit's time to show, and cached-page p99 during edits.
 * Needs `npm run build`. Writes bench/results/scale-N.json and prints a table row per database.
 * `--only import` measures only the import to searchable with the server running (bench/import-to-searchable.ts),
 * and `--cli PATH` runs another checkout's content CLI for it (before/after comparisons); writes
 * bench/results/import-N.json.
 * Settings: BENCH_PORT (default 8300), BENCH_LOAD_SECONDS (mixed load, default 60), TEST_DATABASE_URL,
 * BENCH_DATABASE_PREFIX (PostgreSQL databases' names, default pp_bench).
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { get } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { childPids, rssKB } from "#tests/fixtures/processes.ts";
import { measureEventLoopBlocks } from "./event-loop-blocks.ts";
import { firstResponse as firstResponseOn, nodeFlagsOf, startServer as startServerOn, stop } from "./built-server.ts";
import { nodeClientLoad, type LoadResult } from "./http-load.ts";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { awaitingVersion } from "#server/content/search-catch-up.ts";
import { saveEnglishVersion, visitors } from "./visitors.ts";
import { articlesFile, englishArticlePath, generatedArticlePath } from "./generate-articles.ts";
import { importToSearchable } from "./import-to-searchable.ts";

const root = new URL("..", import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "1000" },
    databases: { type: "string", default: "sqlite,postgres" },
    only: { type: "string" },
    cli: { type: "string", default: join(root, "server/cli/content.ts") },
  },
});
if (values.only !== undefined && values.only !== "import") throw new Error("--only takes one value: import");
const ARTICLES = Number(values.articles);
if (!Number.isInteger(ARTICLES) || ARTICLES < 10) throw new Error("--articles must be a whole number of at least 10");
const DATABASES = (values.databases ?? "").split(",") as ("sqlite" | "postgres")[];
const PORT = Number(process.env.BENCH_PORT ?? 8300);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const base = `http://127.0.0.1:${PORT}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
const round = (value: number, digits = 1) => +value.toFixed(digits);
const startServer = (databaseUrl: string) => startServerOn(databaseUrl, PORT);
const firstResponse = (child: ChildProcess, started: number) => firstResponseOn(child, started, PORT);

function rssMB(child: ChildProcess): number {
  return round(rssKB(child.pid!) / 1024, 0);
}

/** What a browser accepts: pages are timed as browsers get them. */
const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br, zstd" };

/**
 * One GET, read to its end, with Node's own client (as bench/http-load.ts): fetch added 1–1.5 ms to
 * an uncached page's time on the two cores the client shares with the server, more in its first
 * hundreds of calls (bench/README.md). `bytes` as sent: uncompressed unless `headers` accept an encoding.
 */
function timed(
  path: string,
  headers: Record<string, string> = BROWSER_ENCODINGS,
): Promise<{ ms: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    get(base + path, { headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** French articles no one asked for: a run for one copy of the site, 200 to warm up two copies, and a run for those two. */
function firstAskRuns(asked: readonly string[]) {
  const taken = new Set(asked);
  const unasked = Array.from({ length: ARTICLES }, (_, n) => generatedArticlePath("fr", n + 1)).filter(
    (path) => !taken.has(path),
  );
  const perRun = Math.min(3000, Math.floor((unasked.length - 200) / 2));
  return {
    oneCopy: unasked.slice(0, perRun),
    warmUp: unasked.slice(perRun, 200 + perRun),
    twoCopies: unasked.slice(200 + perRun, 200 + 2 * perRun),
  };
}

/** Each path asked once by the signed-in reader, 32 at a time. */
function askEachOnce(base: string, paths: readonly string[], cookie: string) {
  let next = 0;
  return autocannon({
    url: base,
    connections: 32,
    amount: paths.length,
    headers: { cookie },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
}

function throughput(result: autocannon.Result) {
  return {
    rps: Math.round(result.requests.total / result.duration),
    p99ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Versions an import stored that no search catch-up has rendered and indexed yet (decision 139). */
async function awaitingVersions(databaseUrl: string): Promise<number> {
  const handle = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const row = await handle.db
      .selectFrom("article_versions")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where(awaitingVersion)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await handle.close();
  }
}

/** Cached pages: asked while the search catch-up runs and while edits happen. */
const cachedPaths = ["/en/welcome", "/fr/bienvenue", englishArticlePath(3), englishArticlePath(4), "/en/articles"];

async function createDatabase(
  kind: "sqlite" | "postgres",
  dir: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === "sqlite") return { url: `sqlite:${join(dir, "site.db")}`, drop: async () => {} };
  return createPostgresDatabase(process.env.BENCH_DATABASE_PREFIX ?? "pp_bench");
}

/** `--only import`: a fresh database seeded by a first start, then the import to searchable. */
async function runImportOnly(kind: "sqlite" | "postgres", file: string) {
  const dir = mkdtempSync(join(tmpdir(), "pp-bench-scale-"));
  const database = await createDatabase(kind, dir);
  try {
    const seeding = startServer(database.url);
    await firstResponse(seeding.child, seeding.started);
    await stop(seeding.child);
    return await importToSearchable({
      databaseUrl: database.url,
      file,
      articles: ARTICLES,
      port: PORT,
      cli: values.cli,
    });
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function run(kind: "sqlite" | "postgres", file: string) {
  const dir = mkdtempSync(join(tmpdir(), "pp-bench-scale-"));
  const database = await createDatabase(kind, dir);
  // A failed step must not leave the server holding the port for the next run.
  let running: ChildProcess | null = null;
  try {
    // Migrate and seed the demo site (languages, strings, ROME), then import the archive.
    const seeding = startServer(database.url);
    await firstResponse(seeding.child, seeding.started);
    await stop(seeding.child);
    const importStarted = performance.now();
    const imported = spawnSync(
      process.execPath,
      [...nodeFlagsOf("content"), join(root, "server/cli/content.ts"), "import", file],
      {
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" },
        encoding: "utf8",
      },
    );
    if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}`);
    const importSeconds = round((performance.now() - importStarted) / 1000);

    // The search catch-up renders and indexes what the import stored (decision 139), timed on a server of its own while
    // 8 connections ask for cached pages, before the measures below (which a catch-up under way would slow).
    const catchingUp = startServer(database.url);
    running = catchingUp.child;
    await firstResponse(catchingUp.child, catchingUp.started);
    const catchUpStarted = performance.now();
    for (const path of cachedPaths) await fetch(base + path, { headers: { "accept-encoding": "br, gzip" } });
    const duringCatchUp: LoadResult[] = [];
    while ((await awaitingVersions(database.url)) > 0) {
      duringCatchUp.push(
        await nodeClientLoad({
          base,
          paths: cachedPaths,
          connections: 8,
          seconds: 2,
          headers: { "accept-encoding": "br, gzip" },
        }),
      );
    }
    const catchUpSeconds = round((performance.now() - catchUpStarted) / 1000);
    await stop(catchingUp.child);
    running = null;
    const eventLoop = measureEventLoopBlocks(database.url, ARTICLES);

    const server = startServer(database.url);
    running = server.child;
    const coldStartMs = round(await firstResponse(server.child, server.started), 0);
    const rssAfterStart = rssMB(server.child);
    const accounts = await visitors(database.url);
    const { reader } = accounts;
    // Uncached article pages: each distinct article requested once, anonymously (a cache miss each): 200 in
    // French, the first pages a new process serves (its code not yet optimized by V8), then 200 in English, as
    // a process that has served 200 pages answers them.
    const samplePaths = (language: string, from: number) =>
      Array.from({ length: 200 }, (_, n) => generatedArticlePath(language, 1 + (((from + n) * 7919) % ARTICLES)));
    const timedPages = async (paths: string[]) => {
      const times: number[] = [];
      for (const path of paths) {
        const result = await timed(path);
        if (result.status !== 200) throw new Error(`${path} answered ${result.status}`);
        times.push(result.ms);
      }
      return times;
    };
    // No visitor asks for French article 1: the reader's first request for it is rendered for them (their French account area),
    // the next one fills the cache with the visitors' render (decision 138).
    const unaskedArticlePath = generatedArticlePath("fr", 1);
    const askedInFrench = samplePaths("fr", 1).filter((path) => path !== unaskedArticlePath);
    const uncachedFirst = await timedPages(askedInFrench);
    const uncached = await timedPages(samplePaths("en", 0));
    // Article 1 was asked for above: the reader gets the visitors' render with their account area (decision 134).
    const signedIn = await autocannon({
      url: base + englishArticlePath(1),
      connections: 32,
      duration: 10,
      headers: { cookie: reader },
    });
    const renderedCheck = await timed(unaskedArticlePath, { cookie: reader });
    if (renderedCheck.status !== 200) throw new Error(`${unaskedArticlePath} answered ${renderedCheck.status}`);
    const signedInUnasked = await autocannon({
      url: base + unaskedArticlePath,
      connections: 32,
      duration: 10,
      headers: { cookie: reader },
    });
    // The reader's requests for French articles no one has asked for: each is a page's first ask, rendered once as visitors
    // get it and kept for everyone.
    const firstAsks = firstAskRuns([unaskedArticlePath, ...askedInFrench]);
    const signedInFirstAsks = await askEachOnce(base, firstAsks.oneCopy, reader);

    const listFirst: number[] = [];
    const listDeep: number[] = [];
    const deepPage = Math.max(1, Math.min(1000, Math.floor(ARTICLES / 6)));
    for (let sample = 0; sample < 20; sample += 1) {
      listFirst.push((await timed("/en/articles", { ...BROWSER_ENCODINGS, cookie: reader })).ms);
      listDeep.push((await timed(`/en/articles?page=${deepPage}`, { ...BROWSER_ENCODINGS, cookie: reader })).ms);
    }
    const sitemapIndex = await timed("/sitemap.xml");
    // Uncompressed: their sizes are the protocol's and the paging's bounds.
    const sitemapChild = await timed("/sitemaps/articles-0.xml", {});
    const initFirstPage = await timed("/init/file/blogs", {});

    // An edit through the admin API, then the public page polled until it shows the new title.
    const edit = (title: string, index: number) => saveEnglishVersion(base, accounts, index, title);
    await timed(englishArticlePath(2));
    const editStarted = performance.now();
    const saved = await edit("Edited for the benchmark", 2);
    if (!saved.ok) throw new Error(`edit answered ${saved.status}: ${await saved.text()}`);
    while (!(await (await fetch(base + englishArticlePath(2))).text()).includes("Edited for the benchmark"))
      await sleep(5);
    const editVisibleMs = round(performance.now() - editStarted);

    // Cached pages while edits happen (one every 100 ms, each on a different article).
    for (const path of cachedPaths) await fetch(base + path, { headers: { "accept-encoding": "br, gzip" } });
    let editing = true;
    let edits = 0;
    const editor = (async () => {
      while (editing) {
        await edit(`Burst edit ${edits}`, 10 + (edits % Math.max(1, ARTICLES - 10)));
        edits += 1;
        await sleep(100);
      }
    })();
    // Node's own client: autocannon would spend a core parsing the compressed answers (bench/http-load.ts).
    const duringEdits = await nodeClientLoad({
      base,
      paths: cachedPaths,
      connections: 32,
      seconds: 10,
      headers: { "accept-encoding": "br, gzip" },
    });
    editing = false;
    await editor;

    // Mixed load: cached and uncached articles, list pages anywhere, job pages.
    let mixed = 0;
    const mixedPaths = (n: number) => {
      const pick = n % 4;
      if (pick === 0) return englishArticlePath(1 + ((n * 104_729) % ARTICLES));
      if (pick === 1) return `/en/articles?page=${1 + ((n * 31) % Math.max(1, Math.floor(ARTICLES / 6)))}`;
      if (pick === 2) return "/fr/m%C3%A9tiers/a1101/conduite-d-engins-agricoles-et-forestiers";
      return "/en/welcome";
    };
    const load = await autocannon({
      url: base,
      connections: 32,
      duration: LOAD_SECONDS,
      requests: [{ setupRequest: (request) => ({ ...request, path: mixedPaths(mixed++) }) }],
    });
    const rssAfterLoad = rssMB(server.child);
    await stop(server.child);

    // First asks again with one copy of the site per core (SERVER_PROCESSES, decision 126), after 200 pages of warm-up.
    const copies = startServerOn(database.url, PORT, { SERVER_PROCESSES: "2" });
    running = copies.child;
    await firstResponse(copies.child, copies.started);
    while (childPids(copies.child.pid!).length < 2) await sleep(50);
    await askEachOnce(base, firstAsks.warmUp, reader);
    const signedInTwoCopies = await askEachOnce(base, firstAsks.twoCopies, reader);
    const rssTwoCopies = round(
      [copies.child.pid!, ...childPids(copies.child.pid!)].reduce((sum, pid) => sum + rssKB(pid), 0) / 1024,
      0,
    );
    await stop(copies.child);
    return {
      database: kind,
      articles: ARTICLES,
      versions: ARTICLES * 7,
      importSeconds,
      catchUp: {
        seconds: catchUpSeconds,
        // The worst of the 2-second slices' p99: percentiles of slices do not merge.
        cachedP99ms: Math.max(0, ...duringCatchUp.map((slice) => slice.p99ms)),
        cachedRps:
          duringCatchUp.length === 0
            ? 0
            : Math.round(duringCatchUp.reduce((sum, slice) => sum + slice.rps, 0) / duringCatchUp.length),
        errors: duringCatchUp.reduce((sum, slice) => sum + slice.errors, 0),
      },
      coldStartMs,
      rssAfterStartMB: rssAfterStart,
      rssAfterLoadMB: rssAfterLoad,
      mixedLoad: {
        seconds: LOAD_SECONDS,
        rps: Math.round(load.requests.average),
        p99ms: load.latency.p99,
        errors: load.errors + load.non2xx,
      },
      uncachedArticleP50ms: round(median(uncached)),
      uncachedArticleP99ms: round([...uncached].sort((a, b) => a - b)[Math.floor(uncached.length * 0.99)]!),
      uncachedArticleFirstAfterStartP50ms: round(median(uncachedFirst)),
      signedInArticle: { rps: Math.round(signedIn.requests.average), p99ms: signedIn.latency.p99 },
      signedInArticleUnasked: { rps: Math.round(signedInUnasked.requests.average), p99ms: signedInUnasked.latency.p99 },
      signedInFirstAsks: { ...throughput(signedInFirstAsks), pages: firstAsks.oneCopy.length },
      signedInFirstAsksTwoCopies: {
        ...throughput(signedInTwoCopies),
        pages: firstAsks.twoCopies.length,
        rssMB: rssTwoCopies,
      },
      listPage1ms: round(median(listFirst)),
      listDeepPage: deepPage,
      listDeepPageMs: round(median(listDeep)),
      sitemapIndexMs: round(sitemapIndex.ms),
      sitemapChildMs: round(sitemapChild.ms),
      sitemapChildMB: round(sitemapChild.bytes / 1024 / 1024, 2),
      initBlogsFirstPageKB: round(initFirstPage.bytes / 1024, 0),
      editVisibleMs,
      eventLoop,
      cachedDuringEdits: {
        edits,
        rps: duringEdits.rps,
        p50ms: duringEdits.p50ms,
        p99ms: duringEdits.p99ms,
        errors: duringEdits.errors,
      },
    };
  } finally {
    if (running) await stop(running);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `measure` on each database in turn, each result printed; all of them written to bench/results/`name` with `about`. */
async function measureEach<Result>(
  name: string,
  measure: (kind: "sqlite" | "postgres", file: string) => Promise<Result>,
  about: Record<string, unknown> = {},
): Promise<Result[]> {
  const results = [];
  for (const kind of DATABASES) {
    const result = await measure(kind, file);
    results.push(result);
    console.log(JSON.stringify(result));
  }
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(
    join(root, `bench/results/${name}`),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, ...about, results }, null, 2)}\n`,
  );
  return results;
}

const file = await articlesFile(ARTICLES);
if (values.only === "import") {
  await measureEach(`import-${ARTICLES}.json`, runImportOnly, { cli: values.cli });
  process.exit(0);
}
const results = await measureEach(`scale-${ARTICLES}.json`, run);
console.log(
  "| database | import | search catch-up (cached p99 meanwhile) | cold start | RSS start → load | uncached article p50 (a new process's first 200) | signed-in article: shared / no visitor asked / each page's first ask | first asks, SERVER_PROCESSES=2 (RSS of all) | list p1 / deep | sitemap index / child | edit visible | cached p99 during edits | longest event-loop block of a heavy read, cold / warm |",
);
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.importSeconds} s | ${r.catchUp.seconds} s (${r.catchUp.cachedP99ms} ms) | ${r.coldStartMs} ms | ${r.rssAfterStartMB} → ${r.rssAfterLoadMB} MB | ${r.uncachedArticleP50ms} ms (${r.uncachedArticleFirstAfterStartP50ms}) | ${r.signedInArticle.rps} / ${r.signedInArticleUnasked.rps} / ${r.signedInFirstAsks.rps} req/s (p99 ${r.signedInArticle.p99ms} / ${r.signedInArticleUnasked.p99ms} / ${r.signedInFirstAsks.p99ms} ms) | ${r.signedInFirstAsksTwoCopies.rps} req/s (${r.signedInFirstAsksTwoCopies.rssMB} MB) | ${r.listPage1ms} / ${r.listDeepPageMs} ms (page ${r.listDeepPage}) | ${r.sitemapIndexMs} / ${r.sitemapChildMs} ms | ${r.editVisibleMs} ms | ${r.cachedDuringEdits.p99ms} ms (${r.cachedDuringEdits.edits} edits) | ${Math.max(...Object.values(r.eventLoop).map((entry) => entry.coldBlockMs))} / ${Math.max(...Object.values(r.eventLoop).map((entry) => entry.longestBlockMs))} ms |`,
  );
}
