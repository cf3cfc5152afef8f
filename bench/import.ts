/**
 * The bulk import alone (issue 9 item 6): `node bench/import.ts --articles N [--databases sqlite,postgres] [--cli PATH]`.
 * Seeds a fresh database by starting the built server once (npm run build first), then runs
 * `content.ts import` (with `npm run content`'s Node flags) on the scale benchmark's corpus (bench/generate-articles.ts) under
 * /usr/bin/time: wall time, CPU time of the process and its reading-time workers (user + system),
 * and peak RSS. BENCH_PORT (default 8300) is the seeding server's port. CPU time is the figure that holds on a shared machine; wall time waits for
 * CPUs. `--cli` runs another checkout's CLI (before/after comparisons). Prints one JSON line per database.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { firstResponse, nodeFlagsOf, startServer, stop } from "./built-server.ts";
import { articlesFile } from "./generate-articles.ts";

const root = new URL("..", import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "1000" },
    databases: { type: "string", default: "sqlite,postgres" },
    cli: { type: "string", default: join(root, "server/cli/content.ts") },
  },
});
const ARTICLES = Number(values.articles);
if (!Number.isInteger(ARTICLES) || ARTICLES < 10) throw new Error("--articles must be a whole number of at least 10");

const file = await articlesFile(ARTICLES);
const PORT = Number(process.env.BENCH_PORT ?? 8300);
for (const kind of (values.databases ?? "").split(",")) {
  const dir = mkdtempSync(join(tmpdir(), "pp-bench-import-"));
  const database =
    kind === "sqlite"
      ? { url: `sqlite:${join(dir, "site.db")}`, drop: async () => {} }
      : await createPostgresDatabase("pp_bench_scale");
  try {
    // Migrated and seeded as on a first start (the demo content, languages, ROME).
    const seeding = startServer(database.url, PORT);
    await firstResponse(seeding.child, seeding.started, PORT);
    await stop(seeding.child);
    const load = spawnSync("uptime", { encoding: "utf8" }).stdout.trim();
    const run = spawnSync(
      "/usr/bin/time",
      ["-f", "%e %U %S %M", process.execPath, ...nodeFlagsOf("content"), values.cli, "import", file],
      {
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" },
        encoding: "utf8",
      },
    );
    if (run.status !== 0) throw new Error(`import failed: ${run.stderr}`);
    const [wall, user, system, maxKB] = run.stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
    console.log(
      JSON.stringify({
        database: kind,
        articles: ARTICLES,
        versions: ARTICLES * 7,
        wallSeconds: wall,
        cpuSeconds: +(user! + system!).toFixed(1),
        peakRssMB: Math.round(maxKB! / 1024),
        loadBefore: load,
        loadAfter: spawnSync("uptime", { encoding: "utf8" }).stdout.trim(),
      }),
    );
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
