/**
 * Benchmarks (never timed unit tests): server cold start, first-load
 * JavaScript of public pages, and requests per second of cached pages next
 * to a minimal static server returning the same bytes. Needs `npm run build`.
 * Usage: npm run bench  (writes bench/results/latest.json and prints a table)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const root = new URL("..", import.meta.url).pathname;
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const STATIC_PORT = PORT + 1;
const base = `http://127.0.0.1:${PORT}`;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

async function waitForHealth(url: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function startServer(databasePath: string): { child: ChildProcess; started: number } {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ["-e", `import(${JSON.stringify(join(root, "build/server/index.js"))}).then((m) => m.start())`],
    {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        DATABASE_URL: `sqlite:${databasePath}`,
        LOG_LEVEL: "silent",
        NODE_ENV: "production",
      },
      stdio: "ignore",
    },
  );
  return { child, started };
}

async function stop(child: ChildProcess) {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

async function coldStart(dir: string) {
  const first = startServer(join(dir, "site.db"));
  const emptyDatabaseMs = await waitForHealth(base, first.child, first.started);
  await stop(first.child);
  const second = startServer(join(dir, "site.db"));
  const seededDatabaseMs = await waitForHealth(base, second.child, second.started);
  return {
    child: second.child,
    emptyDatabaseMs: Math.round(emptyDatabaseMs),
    seededDatabaseMs: Math.round(seededDatabaseMs),
  };
}

async function firstLoadJavaScript(path: string) {
  const html = await (await fetch(base + path)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) scripts.add(match[1]!);
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) scripts.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scripts.add(match[1]!);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(base + script)).arrayBuffer());
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { path, files: scripts.size, rawKB: +(rawBytes / 1024).toFixed(1), gzipKB: +(gzipBytes / 1024).toFixed(1) };
}

async function requestsPerSecond(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  return { rps: Math.round(result.requests.average), p99ms: result.latency.p99, errors: result.errors + result.non2xx };
}

/** The yardstick: node:http in its own process returning the same bytes from memory, nothing else. */
async function staticServer(body: Buffer, contentType: string, dir: string) {
  const file = join(dir, "static-body");
  writeFileSync(file, body);
  const source = `const body = require("node:fs").readFileSync(${JSON.stringify(file)});
require("node:http").createServer((q, s) => { s.writeHead(200, { "Content-Type": ${JSON.stringify(contentType)}, "Content-Length": body.length }); s.end(body); }).listen(${STATIC_PORT}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", source], { stdio: "ignore" });
  for (;;) {
    if (
      await fetch(`http://127.0.0.1:${STATIC_PORT}/`).then(
        () => true,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function sideBySide(label: string, path: string, dir: string) {
  const bytes = Buffer.from(await (await fetch(base + path)).arrayBuffer());
  const contentType = (await fetch(base + path)).headers.get("content-type") ?? "text/html";
  const server = await staticServer(bytes, contentType, dir);
  const site = await requestsPerSecond(base + path);
  const baseline = await requestsPerSecond(`http://127.0.0.1:${STATIC_PORT}/`);
  await stop(server);
  return {
    label,
    path,
    bytes: bytes.length,
    site,
    staticServer: baseline,
    ratio: +(site.rps / baseline.rps).toFixed(2),
  };
}

const dir = mkdtempSync(join(tmpdir(), "pp-bench-"));
try {
  const start = await coldStart(dir);
  const blogs = (await (await fetch(`${base}/init/file/blogs`)).json()) as {
    data: { documents: { id: string; data: { versions: Record<string, { slug: string }> } }[] };
  };
  const article = blogs.data.documents[0]!;
  const articlePath = `/en/articles/${article.id}/${article.data.versions["en-US"]!.slug}`;
  const javascript = [
    await firstLoadJavaScript("/en/welcome"),
    await firstLoadJavaScript("/en/articles"),
    await firstLoadJavaScript(articlePath),
    await firstLoadJavaScript("/fr/m%C3%A9tiers"),
    await firstLoadJavaScript("/fr/m%C3%A9tiers/a1101/conduite-d-engins-agricoles-et-forestiers"),
  ];
  const throughput = [
    await sideBySide("cached article page", articlePath, dir),
    await sideBySide("/init/file/blogs", "/init/file/blogs", dir),
  ];
  await stop(start.child);
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    coldStart: { emptyDatabaseMs: start.emptyDatabaseMs, seededDatabaseMs: start.seededDatabaseMs },
    javascript,
    throughput,
  };
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `cold start to first response: ${results.coldStart.emptyDatabaseMs} ms (empty database: migrate + seed), ${results.coldStart.seededDatabaseMs} ms (seeded)`,
  );
  for (const entry of javascript)
    console.log(`first-load JS ${entry.path}: ${entry.gzipKB} KB gzip (${entry.files} files, ${entry.rawKB} KB raw)`);
  for (const entry of throughput) {
    console.log(
      `${entry.label}: ${entry.site.rps} req/s (p99 ${entry.site.p99ms} ms) vs static ${entry.staticServer.rps} req/s → ${Math.round(entry.ratio * 100)}%`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
