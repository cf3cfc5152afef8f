/**
 * Resident memory of the built server before and after a fixed request mix, on an existing
 * database: `node bench/rss.ts DATABASE_URL [requests]` (npm run build first; an imported
 * scale corpus, e.g. left by `npm run content -- import /tmp/pp-bench-articles-1000.ndjson`).
 * Runs the server once with SERVER_NODE_FLAGS (what `npm start` and the Dockerfile pass) and
 * once without, with the same requests (8 at a time): uncached and cached article pages in
 * the 7 languages, list pages anywhere, the home page, job pages, a sitemap child, /init/file/blogs.
 * Memory does not depend on CPU share, so this holds on the shared machine. BENCH_PORT (default 8300).
 */
import { readFileSync } from "node:fs";
import { firstResponse, SERVER_NODE_FLAGS, startServer, stop } from "./built-server.ts";

const [databaseUrl, count = "1500"] = process.argv.slice(2);
if (!databaseUrl) throw new Error("usage: node bench/rss.ts DATABASE_URL [requests]");
const PORT = Number(process.env.BENCH_PORT ?? 8300);
const REQUESTS = Number(count);

const rssMB = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024);

function path(n: number): string {
  switch (n % 8) {
    case 0:
    case 1:
      return `/en/articles/${9 + (1 + ((n * 7919) % 990))}/x`;
    case 2:
      return `/en/articles?page=${1 + ((n * 31) % 160)}`;
    case 3:
      return "/en/welcome";
    case 4:
      return "/fr/m%C3%A9tiers/a1101/conduite-d-engins-agricoles-et-forestiers";
    case 5:
      return "/sitemaps/articles-0.xml";
    case 6:
      return `/init/file/blogs?after=${(n * 13) % 900}`;
    default:
      return `/fr/articles?page=${1 + ((n * 17) % 160)}`;
  }
}

for (const flags of [SERVER_NODE_FLAGS, []]) {
  const server = startServer(databaseUrl, PORT, {}, flags);
  await firstResponse(server.child, server.started, PORT);
  const afterStart = rssMB(server.child.pid!);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < REQUESTS) {
        const response = await fetch(`http://127.0.0.1:${PORT}${path(next++)}`, {
          headers: { "accept-encoding": "br, gzip" },
        });
        await response.arrayBuffer();
      }
    }),
  );
  const afterLoad = rssMB(server.child.pid!);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  console.log(
    JSON.stringify({
      flags: flags.join(" ") || "(none)",
      requests: REQUESTS,
      rssAfterStartMB: afterStart,
      rssAfterLoadMB: afterLoad,
      rssAfter5sIdleMB: rssMB(server.child.pid!),
    }),
  );
  await stop(server.child);
}
