/**
 * The longest stretch the heavy reads keep the event loop busy (node:sqlite is
 * synchronous): a 1 ms ticker records the largest gap while each operation runs
 * against the benchmark's database, cold then warm. Used by bench/scale.ts, which runs it
 * as `node <the server's V8 flags> bench/event-loop-blocks.ts DATABASE_URL ARTICLES` (one
 * JSON line): a scavenge of the reads' strings is part of a block, and its length depends on
 * the young generation's size, which those flags set.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseDatabaseUrl, type DatabaseTarget } from "#server/base/config.ts";
import { articleUnitPages } from "#server/admin/translations/exchange/articles.ts";
import { streamXliff } from "#server/admin/translations/exchange/xliff.ts";
import { openDatabase } from "#server/db/connect.ts";
import { blogsPage } from "#server/content/init-files.ts";
import { createSitemaps } from "#server/content/sitemap.ts";
import { createContentStore } from "#server/content/store.ts";
import { createLogger } from "#server/base/log.ts";
import { SERVER_ENV_DEFAULTS, SERVER_NODE_FLAGS } from "./built-server.ts";

async function longestBlockOnce(operation: () => Promise<unknown>): Promise<{ ms: number; longestBlockMs: number }> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await operation();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(ticker);
  longest = Math.max(longest, performance.now() - last);
  return { ms: +ms.toFixed(1), longestBlockMs: +longest.toFixed(1) };
}

/**
 * The operation run twice: cold (its first run in the process: statements prepared, code and
 * regular expressions compiled, right after the import) and warm, as a running server runs it.
 */
async function longestBlock(
  operation: () => Promise<unknown>,
): Promise<{ ms: number; longestBlockMs: number; coldMs: number; coldBlockMs: number }> {
  const cold = await longestBlockOnce(operation);
  const warm = await longestBlockOnce(operation);
  return { ...warm, coldMs: cold.ms, coldBlockMs: cold.longestBlockMs };
}

async function measureHere(target: DatabaseTarget, articles: number) {
  const handle = openDatabase(target);
  const content = await createContentStore(handle, createLogger("silent"));
  try {
    const sitemaps = createSitemaps({
      resident: () => content.current(),
      articles: content.articles,
      publicUrl: "http://localhost",
      chunkUrls: 50_000,
    });
    const drain = async (pieces: AsyncIterable<string> | null) => {
      for await (const piece of pieces ?? []) void piece;
    };
    return {
      "list index (count and anchors of en-US)": await longestBlock(() => content.articles.countIn("en-US")),
      "deepest list page": await longestBlock(() => content.articles.listPage("en-US", Math.max(0, articles - 6), 6)),
      "sitemap index": await longestBlock(() => sitemaps.index()),
      "sitemap child articles-0": await longestBlock(async () =>
        drain(await sitemaps.child({ kind: "articles", index: 0 })),
      ),
      "/init/file/blogs first page": await longestBlock(() => blogsPage(content.articles, 0, 20)),
      "article translations export (XLIFF, fr-FR)": await longestBlock(() =>
        drain(
          streamXliff(
            { sourceLanguage: "en-US", targetLanguage: "fr-FR", units: [] },
            articleUnitPages(handle.db, "en-US", "fr-FR"),
          ),
        ),
      ),
    };
  } finally {
    await content.close();
    await handle.close();
  }
}

export type EventLoopBlocks = Awaited<ReturnType<typeof measureHere>>;

/** The heavy reads' longest blocks, measured in a process with the server's V8 flags and environment defaults. */
export function measureEventLoopBlocks(databaseUrl: string, articles: number): EventLoopBlocks {
  const run = spawnSync(
    process.execPath,
    [...SERVER_NODE_FLAGS, fileURLToPath(import.meta.url), databaseUrl, String(articles)],
    {
      env: { ...SERVER_ENV_DEFAULTS, ...process.env },
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`measuring the heavy reads failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as EventLoopBlocks;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [databaseUrl, articles] = process.argv.slice(2);
  console.log(JSON.stringify(await measureHere(parseDatabaseUrl(databaseUrl!), Number(articles))));
}
