/**
 * Hostile and heavy image uploads against the built server (issue 41 item 2): how long /healthz, a static
 * file and the admin API take to answer meanwhile, and the server's memory (RSS before, at its peak, and 3 s
 * after the last answer). Each phase has a fresh server (as `npm start` runs it) on a fresh SQLite
 * database, warmed by one small upload:
 *
 *  0. idle: no upload, 5 s: what the machine's own load does to the probes;
 *  1. audit: issue 41's case, four 2 × 19 999 999 PNGs at once, then three 19 999 999 × 2 at once;
 *  2. hostile: 4 senders for 10 s, each sending the next as soon as one is answered: PNGs of 2 × 19 999 999 px
 *     (58 KB), of 19 999 999 × 2 px (39 KB), and PNGs whose header is sound and whose rows are not;
 *  3. heavy: 3 uploads at once of the most expensive kind a photo is, a 24-megapixel JPEG of camera-like
 *     noise (bench:media's), and 1 tall one (2 400 × 16 000 px of noise);
 *  4. parallel: 10 uploads at once of a different 19.5 MB PNG each (2 600 × 2 500 px of noise, stored).
 *
 * A worker thread asks GET /healthz, GET /favicon.svg (a static file: libuv's pool) and GET /api/admin/media
 * (the admin API: a session and a query), each in its own loop, 20 ms after the previous answer, from the
 * phase's first upload to its last answer; its latencies are the figures. The uploads go from the main thread.
 * The server records its event loop's gaps (bench/event-loop-gaps.ts): stretches over 50 ms are work held on
 * the loop; slow answers without them are the machine's cores being busy. VIPS_CONCURRENCY is passed on.
 *
 *   npm run build
 *   node_modules/.bin/node bench/image-uploads.ts [--bundle build/server/index.js] [--port 7020] [--phases idle,audit,hostile,heavy,parallel]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, get } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import sharp from "sharp";
import { handmadePng, jpegWithGps, picture } from "#tests/fixtures/images.ts";
import { SERVER_ENV_DEFAULTS, SERVER_NODE_FLAGS } from "./built-server.ts";
import { visitors } from "./visitors.ts";

interface ProbeTarget {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

const PROBE_GAP_MS = 20;
// sharp is the bench's too (making the files); its cache would only hold them.
sharp.cache(false);

if (!isMainThread) {
  // The prober: one request at a time per target, until told to stop; then the latencies, by target.
  const { base, targets } = workerData as { base: string; targets: ProbeTarget[] };
  const agent = new Agent({ keepAlive: true });
  let running = true;
  const latencies: Record<string, number[]> = {};
  const failures: Record<string, number> = {};
  const ask = (target: ProbeTarget) =>
    new Promise<void>((done) => {
      const started = performance.now();
      const request = get(`${base}${target.path}`, { agent, headers: target.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          (latencies[target.name] ??= []).push(performance.now() - started);
          if (response.statusCode !== 200) failures[target.name] = (failures[target.name] ?? 0) + 1;
          done();
        });
      });
      request.on("error", () => {
        failures[target.name] = (failures[target.name] ?? 0) + 1;
        done();
      });
    });
  const loops = targets.map(async (target) => {
    while (running) {
      await ask(target);
      await new Promise((wait) => setTimeout(wait, PROBE_GAP_MS));
    }
  });
  parentPort!.once("message", () => {
    running = false;
    void Promise.all(loops).then(() => parentPort!.postMessage({ latencies, failures }));
  });
} else {
  await main();
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    n: sorted.length,
    p50: Math.round(at(0.5) * 10) / 10,
    p99: Math.round(at(0.99) * 10) / 10,
    max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

interface UploadAnswer {
  name: string;
  status: number;
  code: string | undefined;
  ms: number;
  retryAfter: string | null;
}

/**
 * The built server as `npm start` runs it (its V8 flags and MALLOC_ARENA_MAX), on a fresh SQLite database, with an admin,
 * recording its event loop's gaps (bench/event-loop-gaps.ts). VIPS_CONCURRENCY, when set, is passed on (libvips' threads).
 */
async function startServer(bundle: string, port: number) {
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), "pp-image-uploads-"));
  const databaseUrl = `sqlite:${join(dir, "site.db")}`;
  const gapsFile = join(dir, "gaps.json");
  const spawnedAt = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      "--import",
      new URL("./event-loop-gaps.ts", import.meta.url).pathname,
      "--input-type=module",
      "-e",
      `const { start } = await import(${JSON.stringify(bundle)}); await start();`,
    ],
    {
      env: {
        ...SERVER_ENV_DEFAULTS,
        PATH: process.env.PATH,
        PORT: String(port),
        PUBLIC_URL: base,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        EVENT_LOOP_GAPS_FILE: gapsFile,
        ...(process.env.VIPS_CONCURRENCY ? { VIPS_CONCURRENCY: process.env.VIPS_CONCURRENCY } : {}),
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  /** After stop(): the event loop's gaps over 5 ms that began between `from` and `to` (this process's clock), in ms. */
  const gapsBetween = (from: number, to: number): number[] => {
    const gaps = JSON.parse(readFileSync(gapsFile, "utf8")) as [number, number][];
    // The server's clock starts about when it was spawned.
    return gaps.filter(([start]) => start >= from - spawnedAt && start <= to - spawnedAt).map(([, ms]) => ms);
  };
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((done) => child.once("exit", done));
    }
  };
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (
        await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      if (attempt > 300 || child.exitCode !== null) throw new Error("the server did not start");
      await new Promise((wait) => setTimeout(wait, 200));
    }
  } catch (error) {
    await stop();
    remove();
    throw error;
  }
  const { admin, xsrf } = await visitors(databaseUrl);
  const upload = async (name: string, bytes: Buffer): Promise<UploadAnswer> => {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/api/admin/media?name=${encodeURIComponent(name)}`, {
        method: "POST",
        headers: { cookie: admin, "x-xsrf-token": xsrf, origin: base, "content-type": "application/octet-stream" },
        body: new Uint8Array(bytes),
      });
      const body = (await response.json().catch(() => null)) as { error?: { code: string } } | null;
      return {
        name,
        status: response.status,
        code: body?.error?.code,
        ms: Math.round(performance.now() - started),
        retryAfter: response.headers.get("retry-after"),
      };
    } catch (error) {
      return { name, status: 0, code: String(error), ms: Math.round(performance.now() - started), retryAfter: null };
    }
  };
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))![1]) / 1024;
  const targets: ProbeTarget[] = [
    { name: "healthz", path: "/healthz" },
    { name: "static", path: "/favicon.svg" },
    { name: "adminApi", path: "/api/admin/media?limit=1", headers: { cookie: admin } },
  ];
  return { base, upload, rssMb, targets, stop, remove, gapsBetween };
}

/** `senders` loops, each sending the next of `sent` as soon as its previous answer came, until `seconds` have passed. */
async function keepSending(
  upload: (name: string, bytes: Buffer) => Promise<UploadAnswer>,
  senders: number,
  seconds: number,
  sent: [string, Buffer][],
) {
  const endAt = performance.now() + seconds * 1000;
  const answers: UploadAnswer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (performance.now() < endAt) {
        const [name, bytes] = sent[next++ % sent.length]!;
        answers.push(await upload(name, bytes));
      }
    }),
  );
  return answers;
}

async function main() {
  const { values } = parseArgs({
    options: {
      bundle: { type: "string", default: "build/server/index.js" },
      port: { type: "string", default: "7020" },
      phases: { type: "string", default: "idle,audit,hostile,heavy,parallel" },
    },
  });
  const bundle = resolve(values.bundle);
  const port = Number(values.port);
  const phases = values.phases.split(",");

  console.log("making the files…");
  const files = {
    wide: await handmadePng(19_999_999, 2),
    tall: await handmadePng(2, 19_999_999),
    rotten: await handmadePng(3000, 2000, 7),
    photo: await jpegWithGps(6000, 4000),
    column: await picture(2400, 16_000, 90).jpeg({ quality: 85 }).toBuffer(),
    bigPngs: [] as Buffer[],
  };
  if (phases.includes("parallel")) {
    for (let index = 0; index < 10; index += 1)
      files.bigPngs.push(
        await picture(2600, 2500, 60 + index * 7)
          .png({ compressionLevel: 0 })
          .toBuffer(),
      );
  }
  console.log(
    `files: 19999999×2 PNG ${files.wide.byteLength} B, 2×19999999 PNG ${files.tall.byteLength} B, rotten PNG ${files.rotten.byteLength} B, ` +
      `24 MP JPEG ${(files.photo.byteLength / 2 ** 20).toFixed(1)} MiB, 2400×16000 JPEG ${(files.column.byteLength / 2 ** 20).toFixed(1)} MiB` +
      (files.bigPngs.length ? `, 10 PNGs of ${(files.bigPngs[0]!.byteLength / 2 ** 20).toFixed(2)} MiB` : ""),
  );

  const uploadsOf: Record<
    string,
    (upload: (name: string, bytes: Buffer) => Promise<UploadAnswer>) => Promise<UploadAnswer[]>
  > = {
    idle: async () => (await new Promise((wait) => setTimeout(wait, 5000)), []),
    // Issue 41's own: four 2 × 19 999 999 at once, then three 19 999 999 × 2 at once.
    audit: async (upload) => [
      ...(await Promise.all(Array.from({ length: 4 }, (_, index) => upload(`tall-${index}.png`, files.tall)))),
      ...(await Promise.all(Array.from({ length: 3 }, (_, index) => upload(`wide-${index}.png`, files.wide)))),
    ],
    hostile: (upload) =>
      keepSending(upload, 4, 10, [
        ["tall.png", files.tall],
        ["wide.png", files.wide],
        ["tall.png", files.tall],
        ["rotten.png", files.rotten],
      ]),
    heavy: (upload) =>
      Promise.all([
        ...Array.from({ length: 3 }, (_, index) => upload(`photo-${index}.jpg`, files.photo)),
        upload("column.jpg", files.column),
      ]),
    parallel: (upload) => Promise.all(files.bigPngs.map((bytes, index) => upload(`big-${index}.png`, bytes))),
  };

  const results: Record<string, unknown> = { bundle: values.bundle };
  for (const label of phases) {
    const uploads = uploadsOf[label];
    if (!uploads) throw new Error(`no phase "${label}": ${Object.keys(uploadsOf).join(", ")}`);
    // A fresh server for each phase: its memory is that phase's alone.
    const server = await startServer(bundle, port);
    try {
      // Warm: sharp loaded, the first answers made, so the phase measures uploads, not start-up.
      await server.upload("warm.jpg", await picture(320, 200).jpeg().toBuffer());
      for (const target of server.targets)
        await fetch(`${server.base}${target.path}`, { headers: target.headers }).then((response) =>
          response.arrayBuffer(),
        );
      await new Promise((wait) => setTimeout(wait, 2000));

      // Probes from the uploads' start to the last answer; the RSS is sampled until 3 s after it.
      const rssBefore = server.rssMb();
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rssMb())), 20);
      const prober = new Worker(new URL(import.meta.url), {
        workerData: { base: server.base, targets: server.targets },
      });
      await new Promise((wait) => prober.once("online", wait));
      const started = performance.now();
      const answers = await uploads(server.upload);
      const ms = Math.round(performance.now() - started);
      prober.postMessage("stop");
      const probed = await new Promise<{ latencies: Record<string, number[]>; failures: Record<string, number> }>(
        (done) => prober.once("message", done),
      );
      await prober.terminate();
      await new Promise((wait) => setTimeout(wait, 3000));
      clearInterval(sampler);
      const rssAfter = server.rssMb();
      const ended = performance.now();
      const statuses: Record<string, number> = {};
      for (const answer of answers) {
        const key = `${answer.status}${answer.code ? ` ${answer.code}` : ""}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
      await server.stop();
      const gaps = server.gapsBetween(started, ended);
      const result = {
        uploads: answers.length,
        uploadsMs: ms,
        slowestUploadMs: answers.length ? Math.max(...answers.map((answer) => answer.ms)) : 0,
        statuses,
        retryAfter: [...new Set(answers.map((answer) => answer.retryAfter).filter(Boolean))],
        rssMb: { before: Math.round(rssBefore), peak: Math.round(rssPeak), after3s: Math.round(rssAfter) },
        probes: Object.fromEntries(
          server.targets.map((target) => [
            target.name,
            { ...summary(probed.latencies[target.name] ?? []), failures: probed.failures[target.name] ?? 0 },
          ]),
        ),
        // Stretches the server's event loop was held (over 5 ms): long ones are work on the loop, not a slow machine.
        loopGaps: {
          over50ms: gaps.filter((ms) => ms > 50).length,
          over100ms: gaps.filter((ms) => ms > 100).length,
          longestMs: Math.max(0, ...gaps),
        },
      };
      results[label] = result;
      console.log(`${label}: ${JSON.stringify(result)}`);
    } finally {
      await server.stop();
      server.remove();
    }
  }
  console.log(JSON.stringify(results));
}
