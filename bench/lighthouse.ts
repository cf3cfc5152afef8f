/**
 * Lighthouse (mobile) on the public page kinds of issue 44 — home, article list, article, jobs
 * directory, job, search and tag pages — in English, Arabic and Japanese, against the built server
 * and Debian's Chromium. Lighthouse is fetched by npx on first use, not a project dependency.
 * Each page runs LIGHTHOUSE_RUNS times (default 5); the median is reported, since one run on a small
 * shared machine varies by ±5 points, with the 1-minute load average when the page started.
 *
 * Per page it reports the performance score, Lighthouse's lab first contentful paint and total
 * blocking time (medians), and the JavaScript the browser requested before its first paint (from
 * the run's network log, sized gzip-compressed as the server's `.gz` copies are) and in all.
 *
 * Usage: npm run build && node bench/lighthouse.ts [paths…]
 *   LIGHTHOUSE_PORT (4310), LIGHTHOUSE_RUNS (5), LIGHTHOUSE_LANGS (en,ar,ja),
 *   LIGHTHOUSE_KINDS (all: home,list,article,jobs,job,search,tag), LIGHTHOUSE_BUILD (./build).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const base = `http://127.0.0.1:${PORT}`;
const root = new URL("..", import.meta.url).pathname;
const buildDir = process.env.LIGHTHOUSE_BUILD ?? join(root, "build");
const dir = mkdtempSync(join(tmpdir(), "pp-lighthouse-"));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const LANGS = (process.env.LIGHTHOUSE_LANGS ?? "en,ar,ja").split(",");
const KINDS = (process.env.LIGHTHOUSE_KINDS ?? "home,list,article,jobs,job,search,tag").split(",");
const chromeFlags =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync";

interface NetworkItem {
  url: string;
  resourceType?: string;
  networkRequestTime?: number;
}
interface Report {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));

/** A GET that tries again when the server closed a kept-alive connection under it. */
async function get(url: string, tries = 3): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if (tries <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 200));
    return get(url, tries - 1);
  }
}

async function text(path: string): Promise<{ url: string; html: string }> {
  const response = await get(base + path);
  return { url: new URL(response.url).pathname, html: await response.text() };
}

/** The seven page kinds of one language, found by following the site's own links. */
async function pagesOf(lang: string): Promise<Record<string, string>> {
  const home = await text(`/${lang}`);
  const nav = home.html.slice(home.html.indexOf('class="site-nav"'));
  const sections = hrefs(nav).filter((href) => href.startsWith(`/${lang}/`));
  const [, list, jobs] = sections;
  const articleList = await text(list!);
  const article = hrefs(articleList.html).find((href) => new RegExp(`^${list}/\\d+/`).test(href))!;
  const articleHtml = (await text(article)).html;
  const tag = hrefs(articleHtml.slice(articleHtml.indexOf('id="tags-title"'))).find((href) =>
    href.startsWith(`/${lang}/`),
  )!;
  const searchForm = /<form[^>]*role="search"[^>]*>/.exec(home.html)?.[0] ?? "";
  const search = /action="([^"]+)"/.exec(searchForm)?.[1];
  return {
    home: home.url,
    list: list!,
    article,
    jobs: jobs!,
    job: `${jobs}/a1101/conduite-d-engins-agricoles-et-forestiers`,
    search: `${search}?q=ROME`,
    tag,
  };
}

const gzipSizes = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (size === undefined)
    gzipSizes.set(url, (size = gzipSync(Buffer.from(await (await get(url)).arrayBuffer()), { level: 9 }).length));
  return size;
}

/** Gzip bytes and count of the scripts requested before the first paint, and of all scripts. */
async function scripts(report: Report) {
  const fcp = report.audits.metrics?.details?.items?.[0] as { observedFirstContentfulPaint?: number } | undefined;
  const items = (report.audits["network-requests"]?.details?.items ?? []) as NetworkItem[];
  const all = items.filter((item) => item.resourceType === "Script" && item.url.startsWith(base));
  const early = all.filter((item) => (item.networkRequestTime ?? Infinity) < (fcp?.observedFirstContentfulPaint ?? 0));
  const bytes = async (list: NetworkItem[]) =>
    (await Promise.all(list.map((item) => gzipSize(item.url)))).reduce((sum, size) => sum + size, 0);
  return {
    beforePaint: await bytes(early),
    beforePaintCount: early.length,
    total: await bytes(all),
    count: all.length,
  };
}

function lighthouse(url: string): Report {
  const output = join(dir, "report.json");
  rmSync(output, { force: true });
  spawnSync(
    "npx",
    [
      "--yes",
      "lighthouse@12",
      url,
      "--quiet",
      `--chrome-flags=${chromeFlags}`,
      "--only-categories=performance",
      "--form-factor=mobile",
      "--output=json",
      `--output-path=${output}`,
    ],
    { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, stdio: "ignore" },
  );
  return JSON.parse(readFileSync(output, "utf8")) as Report;
}

const server = spawn(
  process.execPath,
  ["-e", `import(${JSON.stringify(join(buildDir, "server/index.js"))}).then((m) => m.start())`],
  {
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: base,
      DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  },
);
// Stopped from outside (Ctrl-C, kill): the server goes too.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => (server.kill("SIGTERM"), process.exit(130)));
try {
  for (;;) {
    // The seeded site: its first language's home answers once the demo content is in.
    const up = await fetch(`${base}/${LANGS[0]}`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pages: [string, string][] = [];
  if (process.argv.length > 2) for (const path of process.argv.slice(2)) pages.push(["page", path]);
  else {
    for (const lang of LANGS) {
      const found = await pagesOf(lang);
      for (const kind of KINDS) pages.push([`${kind} (${lang})`, found[kind]!]);
    }
  }
  console.log(`${RUNS} runs per page, median; JS in KB gzip`);
  console.log(
    "page | path | performance (runs) | FCP ms | TBT ms | JS before first paint (files) | JS in all (files) | load average",
  );
  for (const [name, path] of pages) {
    await get(base + path); // the page cache's first render is not measured
    const load = loadavg()[0]!.toFixed(1);
    const scores: number[] = [];
    const fcp: number[] = [];
    const tbt: number[] = [];
    let js = { beforePaint: 0, beforePaintCount: 0, total: 0, count: 0 };
    const failed: string[] = [];
    // A run Lighthouse could not finish (its runtime error, e.g. no paint seen in time) scores null: not a
    // figure. It is run again, up to RUNS more times, so the median is of RUNS scores; the errors are reported.
    for (let run = 0; scores.length < RUNS && run < 2 * RUNS; run++) {
      const report = lighthouse(base + path);
      const score = report.categories.performance?.score;
      if (typeof score !== "number") {
        failed.push(report.runtimeError?.code ?? "no score");
        continue;
      }
      scores.push(Math.round(score * 100));
      fcp.push(report.audits["first-contentful-paint"]?.numericValue ?? NaN);
      tbt.push(report.audits["total-blocking-time"]?.numericValue ?? NaN);
      const measured = await scripts(report);
      if (measured.beforePaint >= js.beforePaint) js = measured;
    }
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log(
      [
        name,
        decodeURIComponent(path),
        `**${scores.length ? median(scores) : "–"}** (${scores.join(", ")}${failed.length ? `; failed: ${failed.join(", ")}` : ""})`,
        Math.round(median(fcp)),
        Math.round(median(tbt)),
        `${kb(js.beforePaint)} (${js.beforePaintCount})`,
        `${kb(js.total)} (${js.count})`,
        load,
      ].join(" | "),
    );
  }
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
