/**
 * Import to searchable (issue 46 item 4, decision 0226), `bench:scale -- --only import`: a built server runs on the
 * seeded database while `content.ts import` (or another checkout's, `--cli`) brings the archive in; the time ends when
 * every imported version has its search entry and none awaits the search catch-up. Meanwhile a visitor asks for a
 * cached page every 20 ms and for an article page no one asked for before every 100 ms: paced, the site serving
 * normally, not a saturating load. Reports the wall time, the CPU time of the import's process (its workers included)
 * and of the server (its catch-up thread included), the whole machine's (PostgreSQL's processes included: its
 * backend, WAL writer and checkpointer), the load average, and the database's bytes per version against the NDJSON's,
 * in all and for the tables that hold the text.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, statSync } from "node:fs";
import { get } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { sql } from "kysely";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/connect.ts";
import { awaitingVersion } from "#server/content/search-catch-up.ts";
import { firstResponse, nodeFlagsOf, startServer, stop } from "./built-server.ts";
import { generatedArticlePath, LANGUAGES } from "./generate-articles.ts";

/** The tables an imported version's text fills; SQLite's FTS5 tables (search_fts…) count as search_entries'. */
const TEXT_TABLES = ["article_versions", "article_revisions", "search_entries"] as const;
type TextTable = (typeof TEXT_TABLES)[number];
type Bytes = { total: number } & Record<TextTable, number>;

const round = (value: number, digits = 1) => +value.toFixed(digits);
const quantile = (numbers: readonly number[], at: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * at))] ?? 0);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg().map((value) => round(value, 2));

/** CPU seconds (user + system) a process has used so far, its threads included (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The machine's CPU ticks so far (/proc/stat's first line): busy (user, nice, system, interrupts, stolen) and in all
 * (idle and waiting for I/O besides). Every process counts, PostgreSQL's among them, so the busy share tells whether
 * the cores were the limit: near 100 %, less time needs less CPU, not more overlap.
 */
function machineTicks(): { busy: number; total: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n", 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number) as [number, number, number, number, number, number, number, number];
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** The database's bytes, in all and by table with its indexes. */
async function databaseBytes(handle: DatabaseHandle): Promise<Bytes> {
  if (handle.dialect === "postgres") {
    const sizes = await sql<{ name: string; bytes: string }>`
      select 'total' as name, pg_database_size(current_database())::text as bytes
      union all select t.name, pg_total_relation_size(t.name::regclass)::text from unnest(${sql.val([...TEXT_TABLES])}::text[]) as t(name)`.execute(
      handle.db,
    );
    return Object.fromEntries(sizes.rows.map((row) => [row.name, Number(row.bytes)])) as Bytes;
  }
  const pages = await sql<{ name: string; bytes: number }>`
    select coalesce(m.tbl_name, s.name) as name, sum(s.pgsize) as bytes
    from dbstat as s left join sqlite_master as m on m.name = s.name group by 1`.execute(handle.db);
  const bytes: Bytes = { total: 0, article_versions: 0, article_revisions: 0, search_entries: 0 };
  for (const { name, bytes: size } of pages.rows) {
    bytes.total += size;
    const table = name.startsWith("search_") ? "search_entries" : (name as TextTable);
    if (TEXT_TABLES.includes(table)) bytes[table] += size;
  }
  return bytes;
}

/** Whether every imported version is searchable: none awaits the catch-up, and each has its search entry. */
async function searchable(handle: DatabaseHandle, entriesBefore: number, versions: number): Promise<boolean> {
  const awaiting = await handle.db
    .selectFrom("article_versions")
    .select("id")
    .where(awaitingVersion)
    .limit(1)
    .execute();
  if (awaiting.length > 0) return false;
  return (await entryCount(handle)) - entriesBefore >= versions;
}

async function entryCount(handle: DatabaseHandle): Promise<number> {
  const row = await handle.db
    .selectFrom("search_entries")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One GET read to its end: its time and status. */
function timed(base: string, path: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    get(base + path, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** A paced visitor: `path(n)` asked every `everyMs` until stopped; 404s (an article not landed yet) are counted apart. */
function pacedVisitor(base: string, everyMs: number, path: (n: number) => string) {
  const times: number[] = [];
  let missing = 0;
  let errors = 0;
  let running = true;
  const done = (async () => {
    for (let n = 0; running; n += 1) {
      const started = performance.now();
      const answer = await timed(base, path(n)).catch(() => ({ ms: 0, status: 0 }));
      if (answer.status === 200) times.push(answer.ms);
      else if (answer.status === 404) missing += 1;
      else errors += 1;
      await sleep(Math.max(0, everyMs - (performance.now() - started)));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { answered: times.length, p50ms: quantile(times, 0.5), p99ms: quantile(times, 0.99), missing, errors };
    },
  };
}

/** Cached pages: the demo's, which the import does not touch (its announcements drop lists, not these). */
const CACHED_PATHS = ["/en/welcome", "/fr/bienvenue"];

export async function importToSearchable({
  databaseUrl,
  file,
  articles,
  port,
  cli,
}: {
  databaseUrl: string;
  file: string;
  articles: number;
  port: number;
  cli: string;
}) {
  const base = `http://127.0.0.1:${port}`;
  const versions = articles * LANGUAGES.length;
  const handle = openDatabase(parseDatabaseUrl(databaseUrl));
  const server = startServer(databaseUrl, port);
  try {
    await firstResponse(server.child, server.started, port);
    const bytesBefore = await databaseBytes(handle);
    const entriesBefore = await entryCount(handle);
    for (const path of CACHED_PATHS) await timed(base, path);
    const serverCpuBefore = cpuSeconds(server.child.pid!);
    const loadBefore = load();
    const ticksBefore = machineTicks();
    const started = performance.now();
    const command = spawn(
      "/usr/bin/time",
      ["-f", "%e %U %S %M", process.execPath, ...nodeFlagsOf("content"), cli, "import", file],
      { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    command.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const cached = pacedVisitor(base, 20, (n) => CACHED_PATHS[n % CACHED_PATHS.length]!);
    // Each article page asked once, in the file's order (the import's too: ten a second stay behind it once its
    // first batch has landed), in English and French alternately (the other languages' sections have other paths).
    const uncached = pacedVisitor(base, 100, (n) =>
      generatedArticlePath(n % 2 === 0 ? "en" : "fr", 1 + (n % articles)),
    );
    const [code] = (await once(command, "exit")) as [number | null];
    if (code !== 0) throw new Error(`import failed: ${stderr}`);
    const importSeconds = round((performance.now() - started) / 1000);
    const [, user, system, maxKB] = stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
    const loadAtImportEnd = load();
    while (!(await searchable(handle, entriesBefore, versions))) await sleep(250);
    const searchableSeconds = round((performance.now() - started) / 1000);
    const serverCpu = round(cpuSeconds(server.child.pid!) - serverCpuBefore);
    const ticksAfter = machineTicks();
    const machineBusy = ticksAfter.busy - ticksBefore.busy;
    const [cachedPages, uncachedArticles] = await Promise.all([cached.stop(), uncached.stop()]);
    const loadAfter = load();
    const bytesAfter = await databaseBytes(handle);
    const ndjsonBytes = statSync(file).size;
    const perVersion = (table: keyof Bytes) => Math.round((bytesAfter[table] - bytesBefore[table]) / versions);
    return {
      database: handle.dialect,
      articles,
      versions,
      importSeconds,
      searchableSeconds,
      importCpuSeconds: round(user! + system!),
      importPeakRssMB: Math.round(maxKB! / 1024),
      serverCpuSeconds: serverCpu,
      machine: {
        cores: availableParallelism(),
        cpuSeconds: round(machineBusy / 100),
        busyShare: round(machineBusy / (ticksAfter.total - ticksBefore.total), 3),
        cpuMsPerVersion: round((machineBusy * 10) / versions, 2),
      },
      load: { before: loadBefore, atImportEnd: loadAtImportEnd, after: loadAfter },
      cachedPages,
      uncachedArticles,
      bytesPerVersion: {
        ndjson: Math.round(ndjsonBytes / versions),
        database: perVersion("total"),
        ...Object.fromEntries(TEXT_TABLES.map((table) => [table, perVersion(table)])),
      },
    };
  } finally {
    await stop(server.child);
    await handle.close();
  }
}
