/**
 * Lighthouse (mobile) on the five public page kinds, against the built server
 * and Debian's Chromium. Lighthouse is fetched by npx on first use, not a
 * project dependency. Each page runs LIGHTHOUSE_RUNS times (default 3); the
 * median is reported, since one run on a small shared machine varies by ±5 points.
 * Usage: npm run build && node bench/lighthouse.ts [paths…]
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Another port with LIGHTHOUSE_PORT (a shared machine gives each engineer a range).
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const base = `http://127.0.0.1:${PORT}`;
const root = new URL("..", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "pp-lighthouse-"));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromeFlags = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync";

const server = spawn(process.execPath, ["-e", `import(${JSON.stringify(join(root, "build/server/index.js"))}).then((m) => m.start())`], {
  env: { ...process.env, PORT: String(PORT), PUBLIC_URL: base, DATABASE_URL: `sqlite:${join(dir, "site.db")}`, LOG_LEVEL: "silent" },
  stdio: "ignore",
});
try {
  for (;;) {
    if (
      await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pages =
    process.argv.length > 2
      ? process.argv.slice(2)
      : [
          "/en/welcome",
          "/en/articles",
          "/en/articles/1/one-story-seven-languages-how-a-multilingual-magazine-is-made",
          "/fr/m%C3%A9tiers",
          "/fr/m%C3%A9tiers/a1101/conduite-d-engins-agricoles-et-forestiers",
          "/ar/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7",
        ];
  console.log("page | performance | accessibility | best practices | SEO");
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const page of pages) {
    const scores: Record<string, number[]> = Object.fromEntries(categories.map((name) => [name, []]));
    for (let run = 0; run < RUNS; run++) {
      const output = join(dir, "report.json");
      spawnSync(
        "npx",
        [
          "--yes",
          "lighthouse@12",
          base + page,
          "--quiet",
          `--chrome-flags=${chromeFlags}`,
          `--only-categories=${categories.join(",")}`,
          "--form-factor=mobile",
          "--output=json",
          `--output-path=${output}`,
        ],
        { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, stdio: "ignore" },
      );
      const report = JSON.parse(readFileSync(output, "utf8")) as { categories: Record<string, { score: number }> };
      for (const name of categories) scores[name]!.push(Math.round((report.categories[name]?.score ?? 0) * 100));
    }
    console.log(`${decodeURIComponent(page)} | ${categories.map((name) => median(scores[name]!)).join(" | ")}`);
  }
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
