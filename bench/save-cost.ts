/**
 * What one admin save costs the server's main thread: `node bench/save-cost.ts DATABASE_URL [saves]`
 * (npm run build first; a database with the scale corpus imported, as for bench/edit-stalls.ts; it gets new edits).
 * Starts the built server under V8's CPU profiler, reads the English versions it will save (their ETags, as the
 * editor holds them once a version is open; a server without that GET is saved without If-Match, so the same
 * script measures code from before decision 0151), pauses 2 s, saves them one after another and stops the server.
 * The main thread's busy samples after the pause are the saves' CPU time, which other work on the machine does not
 * lengthen the way it lengthens answer times. Prints one JSON line: CPU ms per save, the saves' answer times.
 * BENCH_PORT (default 8300).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { firstResponse, SERVER_NODE_FLAGS, startServer, stop } from "./built-server.ts";
import { generatedSlug, importedArticleId } from "./generate-articles.ts";
import { visitors } from "./visitors.ts";

const [databaseUrl, count = "200"] = process.argv.slice(2);
if (!databaseUrl) throw new Error("usage: node bench/save-cost.ts DATABASE_URL [saves]");
const SAVES = Number(count);
const PORT = Number(process.env.BENCH_PORT ?? 8300);
const base = `http://127.0.0.1:${PORT}`;
const PAUSE_MS = 2_000;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Busy microseconds of the main thread after its longest idle stretch (the pause between reading and saving). */
function busyAfterLongestIdle(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id));
  let longest = { length: 0, end: 0 };
  let idleSince: number | null = null;
  let elapsed = 0;
  profile.samples.forEach((sample, index) => {
    elapsed += profile.timeDeltas[index]!;
    if (idle.has(sample)) idleSince ??= elapsed;
    else if (idleSince !== null) {
      if (elapsed - idleSince > longest.length) longest = { length: elapsed - idleSince, end: index };
      idleSince = null;
    }
  });
  if (longest.length < (PAUSE_MS / 2) * 1000) throw new Error("the profile shows no pause between reading and saving");
  return profile.samples
    .slice(longest.end)
    .reduce((busy, sample, offset) => (idle.has(sample) ? busy : busy + profile.timeDeltas[longest.end + offset]!), 0);
}

const profiles = mkdtempSync(join(tmpdir(), "pp-save-cost-"));
const who = await visitors(databaseUrl, `-${Date.now()}`);
const server = startServer(databaseUrl, PORT, {}, [...SERVER_NODE_FLAGS, "--cpu-prof", `--cpu-prof-dir=${profiles}`]);
process.once("exit", () => server.child.kill("SIGKILL"));
await firstResponse(server.child, server.started, PORT);
const address = (index: number) => `${base}/api/admin/articles/${importedArticleId(index)}/versions/en-US`;
async function readTag(index: number): Promise<string | null> {
  const read = await fetch(address(index), { headers: { cookie: who.admin } });
  await read.body?.cancel();
  return read.ok ? read.headers.get("etag") : null;
}
async function save(index: number, tag: string | null, title: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(address(index), {
    method: "PUT",
    headers: {
      cookie: who.admin,
      "x-xsrf-token": who.xsrf,
      "content-type": "application/json",
      origin: base,
      ...(tag !== null && { "if-match": tag }),
    },
    body: JSON.stringify({
      title,
      slug: generatedSlug("en", index),
      summary: "Edited",
      body: "Edited **body**.",
      status: "published",
    }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`a save answered ${response.status}`);
  return performance.now() - started;
}
// Warm-up: the first saves compile the code they run.
for (let index = 0; index < 10; index += 1)
  await save(300 + index, await readTag(300 + index), `Warm-up ${Date.now()}`);

const tags: (string | null)[] = [];
for (let index = 0; index < SAVES; index += 1) tags.push(await readTag(10 + index));
await sleep(PAUSE_MS);
const times: number[] = [];
for (let index = 0; index < SAVES; index += 1)
  times.push(await save(10 + index, tags[index]!, `Save ${index} ${Date.now()}`));
await stop(server.child);

// The main thread's profile is the one of thread 0 (CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile).
const main = readdirSync(profiles).find((name) => name.split(".")[4] === "0")!;
const busy = busyAfterLongestIdle(JSON.parse(readFileSync(join(profiles, main), "utf8")) as CpuProfile);
rmSync(profiles, { recursive: true, force: true });
const sorted = [...times].sort((a, b) => a - b);
const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))]! * 10) / 10;
console.log(
  JSON.stringify({
    saves: SAVES,
    mainThreadCpuMsPerSave: Math.round(busy / SAVES / 100) / 10,
    saveMs: { p50: at(0.5), p90: at(0.9), max: at(1) },
  }),
);
