/**
 * A command-line writer beside a running server (issue 41 item 6): `node bench/cli-writes.ts [--articles N] [--databases sqlite,postgres] [--root PATH]`
 * (npm run build first). On a fresh database per kind, starts the built server (with bench/event-loop-gaps.ts
 * preloaded) and then:
 * 1. runs `npm run content -- import` of N generated articles (bench/generate-articles.ts, 7 languages);
 * 2. while the server's search catch-up indexes them, imports one article three times, one after another (a new
 *    article, then the same again: imported edits).
 * Through both, a prober asks for a cached page (a demo article no import touches) every 2 ms, a visitor asks for
 * the imported articles' pages (the first ask of each: rendered and stored by the server's own thread, a write)
 * and analytics events are posted (a write each), each 20 ms after the last answer.
 * Prints one JSON line per database: the commands' exit codes and seconds, the answer times of each phase, and the
 * server's longest event-loop stalls in it, each split into the time its main thread ran, waited for a core, and
 * slept (for a lock, or a disk). `--root` runs another checkout's server bundle and CLI
 * (before/after comparisons). BENCH_PORT (default 8300).
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { Agent, get, request } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { nodeFlagsOf, SERVER_ENV_DEFAULTS, SERVER_NODE_FLAGS } from "./built-server.ts";
import { articleLine, articlesFile, generatedArticlePath } from "./generate-articles.ts";

const here = new URL("..", import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "1000" },
    databases: { type: "string", default: "sqlite,postgres" },
    root: { type: "string", default: here },
  },
});
const ARTICLES = Number(values.articles);
if (!Number.isInteger(ARTICLES) || ARTICLES < 10) throw new Error("--articles must be a whole number of at least 10");
const root = values.root;
const PORT = Number(process.env.BENCH_PORT ?? 8300);
const base = `http://127.0.0.1:${PORT}`;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
const quantile = (numbers: number[], q: number) =>
  numbers.length === 0 ? 0 : Math.round(sorted(numbers)[Math.floor(q * (numbers.length - 1))]! * 10) / 10;
const summary = (numbers: number[]) => ({
  count: numbers.length,
  p50: quantile(numbers, 0.5),
  p99: quantile(numbers, 0.99),
  max: quantile(numbers, 1),
  over250: numbers.filter((ms) => ms > 250).length,
});

/** One request on a kept-alive connection, read to its end: its time in ms and status. */
function timed(
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const answer = (response: import("node:http").IncomingMessage) => {
      response.resume();
      response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }));
    };
    const sent =
      method === "GET"
        ? get(`${base}${path}`, { agent, headers }, answer)
        : request(`${base}${path}`, { method, agent, headers }, answer);
    sent.on("error", reject);
    if (method === "POST") sent.end(body);
  });
}

/** Asks `path` again and again, `pauseMs` apart, until stopped; the answer times in ms. */
function keepAsking(ask: () => Promise<{ ms: number; status: number }>, pauseMs: number) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let running = true;
  const done = (async () => {
    while (running) {
      const { ms, status } = await ask();
      times.push(ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await sleep(pauseMs);
    }
  })();
  return { times, statuses, stop: async () => ((running = false), await done) };
}

/** `npm run content -- import FILE` of `root`, with its Node flags: exit code, seconds, stderr. */
async function contentImport(
  databaseUrl: string,
  file: string,
): Promise<{ code: number | null; seconds: number; stderr: string }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeFlagsOf("content"), join(root, "server/cli/content.ts"), "import", file],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, seconds: Math.round((performance.now() - started) / 100) / 10, stderr: stderr.trim() };
}

const file = await articlesFile(ARTICLES);
const scratch = mkdtempSync(join(tmpdir(), "pp-bench-cli-writes-"));
const oneArticle = join(scratch, "one.ndjson");
writeFileSync(oneArticle, `${articleLine(ARTICLES + 1)}\n`);

for (const kind of (values.databases ?? "").split(",")) {
  const database =
    kind === "sqlite"
      ? { url: `sqlite:${join(scratch, `${Date.now()}.db`)}`, drop: async () => {} }
      : await createPostgresDatabase("pp_bench_cli");
  const gapsFile = join(scratch, "gaps.json");
  if (
    await timed("GET", "/healthz").then(
      () => true,
      () => false,
    )
  )
    throw new Error(`something already answers on port ${PORT}: set BENCH_PORT`);
  const started = performance.now();
  const server = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      "--import",
      join(here, "bench/event-loop-gaps.ts"),
      "-e",
      `import(${JSON.stringify(join(root, "build/server/index.js"))}).then((m) => m.start())`,
    ],
    {
      env: {
        ...SERVER_ENV_DEFAULTS,
        ...process.env,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        DATABASE_URL: database.url,
        LOG_LEVEL: "silent",
        NODE_ENV: "production",
        EVENT_LOOP_GAPS_FILE: gapsFile,
        ANALYTICS_RATE_LIMIT: "100000",
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let serverErrors = "";
  server.stderr.on("data", (chunk: Buffer) => (serverErrors += chunk.toString()));
  try {
    while (
      !(await timed("GET", "/healthz").then(
        (answer) => answer.status === 200,
        () => false,
      ))
    ) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${serverErrors}`);
      await sleep(20);
    }
    const handle = openDatabase(parseDatabaseUrl(database.url));
    const demo = await handle.db
      .selectFrom("article_versions")
      .select(["article_id", "slug"])
      .where("code", "=", "en-US")
      .orderBy("article_id")
      .executeTakeFirstOrThrow();
    const cachedPath = `/en/articles/${demo.article_id}/${demo.slug}`;
    for (let ask = 0; ask < 3; ask += 1) await timed("GET", cachedPath);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec((await fetch(`${base}/healthz`)).headers.get("set-cookie") ?? "")![1]!;
    const eventHeaders = {
      "content-type": "application/json",
      cookie: `XSRF-TOKEN=${xsrf}`,
      "x-xsrf-token": xsrf,
      origin: base,
    };

    /** Runs `work` while a prober asks for the cached page every 2 ms, and a visitor's first asks of imported pages and analytics events (writes of the server's thread each) follow one another 20 ms apart. */
    let asked = 0;
    async function phase<T>(work: () => Promise<T>) {
      const from = performance.now() - started;
      const prober = keepAsking(() => timed("GET", cachedPath), 2);
      const reader = keepAsking(() => {
        const language = asked % 2 === 0 ? "en" : "fr";
        return timed("GET", generatedArticlePath(language, 1 + (Math.floor(asked++ / 2) % ARTICLES)));
      }, 20);
      const events = keepAsking(
        () =>
          timed("POST", "/api/analytics/events", eventHeaders, JSON.stringify({ name: "page_view", path: "/bench" })),
        20,
      );
      const result = await work();
      await Promise.all([prober.stop(), reader.stop(), events.stop()]);
      return {
        result,
        window: [from, performance.now() - started] as const,
        cachedPageMs: summary(prober.times),
        firstAsksMs: { ...summary(reader.times), statuses: Object.fromEntries(reader.statuses) },
        eventPostsMs: { ...summary(events.times), statuses: Object.fromEntries(events.statuses) },
      };
    }

    // 1. The bulk import.
    const bulk = await phase(() => contentImport(database.url, file));
    // 2. One article at a time (a new one, then the same twice: imported edits) while the catch-up indexes the rest.
    const awaiting = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from article_versions where awaiting_index = 1`.execute(
            handle.db,
          )
        ).rows[0]!.n,
      );
    const awaitingBefore = await awaiting();
    const singles = await phase(async () => {
      const runs = [];
      for (let run = 0; run < 3; run += 1) runs.push(await contentImport(database.url, oneArticle));
      return runs;
    });
    const awaitingAfter = await awaiting();
    await handle.close();
    if (server.exitCode !== null)
      throw new Error(`the server exited with ${server.exitCode} during the run: ${serverErrors}`);
    server.kill("SIGTERM");
    await once(server, "exit");
    const gaps = JSON.parse(readFileSync(gapsFile, "utf8")) as [number, number, number, number][];
    /**
     * The phase's five longest stalls of the server's event loop, each as [ms, of which its main thread ran, waited
     * for a core, slept]: sleeping is what a lock wait (or a disk) costs, waiting for a core what a busy machine does.
     */
    const stalls = ([from, to]: readonly [number, number]) =>
      gaps
        .filter(([at]) => at >= from && at <= to)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([, ms, cpuMs, runQueueMs]) => [
          ms,
          cpuMs,
          runQueueMs,
          Math.max(0, Math.round((ms - cpuMs - runQueueMs) * 10) / 10),
        ]);
    const { result: bulkRun, window: bulkWindow, ...bulkTimes } = bulk;
    const { result: singleRuns, window: singlesWindow, ...singleTimes } = singles;
    console.log(
      JSON.stringify({
        database: kind,
        articles: ARTICLES,
        root,
        load: spawnSync("uptime", { encoding: "utf8" })
          .stdout.trim()
          .replace(/^.*load average: /, ""),
        bulk: {
          exit: bulkRun.code,
          seconds: bulkRun.seconds,
          ...(bulkRun.code === 0 ? {} : { stderr: bulkRun.stderr }),
          ...bulkTimes,
          longestStallsMs: stalls(bulkWindow),
        },
        singles: {
          runs: singleRuns.map((single) => ({
            exit: single.code,
            seconds: single.seconds,
            ...(single.code === 0 ? {} : { stderr: single.stderr }),
          })),
          awaitingVersions: { before: awaitingBefore, after: awaitingAfter },
          ...singleTimes,
          longestStallsMs: stalls(singlesWindow),
        },
      }),
    );
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    await database.drop();
  }
}
rmSync(scratch, { recursive: true, force: true });
agent.destroy();
