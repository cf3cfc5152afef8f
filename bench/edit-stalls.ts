/**
 * How long admin saves hold the server's event loop: `node bench/edit-stalls.ts DATABASE_URL [edits]`
 * (npm run build first; a database with the scale corpus imported, e.g. by
 * `npm run content -- import /tmp/pp-bench-articles-1000.ndjson`; it gets new edits). Starts the built
 * server with bench/event-loop-gaps.ts preloaded, saves 10 articles to warm it up, then saves
 * `edits` (default 120) English versions one after another, 100 ms apart, while a prober asks for
 * a cached article page about every millisecond. Prints one JSON line: the saves' answer times, the
 * prober's latencies, and the longest event-loop stalls of the server after the warm-up.
 * BENCH_PORT (default 8300).
 */
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { firstResponse, SERVER_NODE_FLAGS, startServer, stop } from "./built-server.ts";
import { englishArticlePath } from "./generate-articles.ts";
import { englishVersionTag, putEnglishVersion, visitors } from "./visitors.ts";

const [databaseUrl, count = "120"] = process.argv.slice(2);
if (!databaseUrl) throw new Error("usage: node bench/edit-stalls.ts DATABASE_URL [edits]");
const EDITS = Number(count);
const PORT = Number(process.env.BENCH_PORT ?? 8300);
const base = `http://127.0.0.1:${PORT}`;
const gapsFile = join(tmpdir(), `pp-bench-gaps-${process.pid}.json`);

const admin = await visitors(databaseUrl, `-${Date.now()}`);
const server = startServer(databaseUrl, PORT, { EVENT_LOOP_GAPS_FILE: gapsFile }, [
  ...SERVER_NODE_FLAGS,
  "--import",
  join(import.meta.dirname, "event-loop-gaps.ts"),
]);
// A failed run must not leave its server on the port: the next run would measure that one instead of its own.
process.once("exit", () => server.child.kill("SIGKILL"));
await firstResponse(server.child, server.started, PORT);

/** The time of the Save alone: the version was read (its ETag) before, as the editor reads it on opening. */
async function save(index: number, title: string): Promise<number> {
  const etag = await englishVersionTag(base, admin, index);
  const started = performance.now();
  const response = await putEnglishVersion(base, admin, index, title, etag);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`a save answered ${response.status}`);
  return performance.now() - started;
}

// The probed page is cached (asked twice) and shows none of the saved articles.
for (let ask = 0; ask < 2; ask += 1) await (await fetch(base + englishArticlePath(5))).arrayBuffer();
for (let index = 0; index < 10; index += 1) {
  await save(200 + index, `Warm-up ${Date.now()}`);
  await sleep(50);
}
const measuredFrom = performance.now() - server.started;

let probing = true;
const probes: number[] = [];
const prober = (async () => {
  while (probing) {
    const started = performance.now();
    await (await fetch(base + englishArticlePath(5), { headers: { "accept-encoding": "br, gzip" } })).arrayBuffer();
    probes.push(performance.now() - started);
    await sleep(1);
  }
})();
const saves: number[] = [];
for (let index = 0; index < EDITS; index += 1) {
  saves.push(await save(10 + index, `Edit ${index} ${Date.now()}`));
  await sleep(100);
}
probing = false;
await prober;
await stop(server.child);

// The server's clock starts near our `server.started`: gaps from before the measured saves are the start-up and warm-up.
const gaps = (JSON.parse(readFileSync(gapsFile, "utf8")) as [number, number][])
  .filter(([at]) => at > measuredFrom)
  .map(([, ms]) => ms);
rmSync(gapsFile, { force: true });
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  Math.round(sorted(values)[Math.floor(q * (values.length - 1))]! * 10) / 10;
console.log(
  JSON.stringify({
    edits: EDITS,
    saveMs: { p50: quantile(saves, 0.5), p90: quantile(saves, 0.9), max: quantile(saves, 1) },
    cachedPageMs: {
      requests: probes.length,
      p50: quantile(probes, 0.5),
      p99: quantile(probes, 0.99),
      max: quantile(probes, 1),
      over40: probes.filter((ms) => ms > 40).length,
    },
    longestStallsMs: sorted(gaps).reverse().slice(0, 8),
    stallsOver20Ms: gaps.filter((ms) => ms > 20).length,
  }),
);
