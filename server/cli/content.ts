/**
 * npm run content -- import FILE   create or update articles from newline-delimited JSON (one article a line)
 * npm run content -- export        write every article to stdout in the same format
 *
 * The format and its rules: docs/content-and-languages.md "Content import and export" and
 * server/content/ndjson.ts. Uses the server's settings (DATABASE_URL…);
 * running servers pick imported changes up through the content change log
 * (and NOTIFY with PostgreSQL), as they do for admin edits.
 */
import { randomUUID } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { once } from "node:events";
import { getPriority, setPriority } from "node:os";
import { ConfigError, loadConfig } from "#server/base/config.ts";
import { importArticles } from "#server/content/ndjson.ts";
import { ImportError } from "#server/content/ndjson-lines.ts";
import { exportArticles } from "#server/content/ndjson-export.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { commandLockWaits } from "./support.ts";

const USAGE = "Usage: npm run content -- import FILE | export";

/**
 * The import's scheduling priority (a nice value), for its main thread (Linux gives each thread its own; its workers
 * go lower still, import-worker.ts): on a machine that also runs the site, the servers' threads get the cores first
 * and the import takes what they leave (decision 0226). Never raised: a command already started nicer keeps it.
 */
const IMPORT_NICENESS = 10;

async function run(argv: string[]): Promise<number> {
  const [command, file, ...extra] = argv;
  if (!((command === "import" && file && extra.length === 0) || (command === "export" && !file))) {
    console.error(USAGE);
    return 2;
  }
  if (command === "import" && (!existsSync(file!) || !statSync(file!).isFile())) {
    console.error(`Cannot import ${file}: no such file.`);
    return 1;
  }
  const config = loadConfig();
  const onTerminal = process.stderr.isTTY;
  // On a terminal the progress line is still open: the message goes on a line of its own.
  let progressShown = false;
  const say = (line: string) => {
    process.stderr.write(`${progressShown ? "\n" : ""}${line}\n`);
    progressShown = false;
  };
  if (command === "import" && getPriority() < IMPORT_NICENESS) setPriority(IMPORT_NICENESS);
  // An import writes much: its WAL checkpoints on a thread of their own, and its SQLite connection gets a larger cache (decision 0235).
  const database = openDatabase(config.database, undefined, {
    lockWaits: commandLockWaits(say),
    backgroundCheckpoints: command === "import",
    bulkWrites: command === "import",
  });
  try {
    await migrateToLatest(database);
    if (command === "export") {
      for await (const text of exportArticles(database.db)) {
        if (!process.stdout.write(text)) await once(process.stdout, "drain");
      }
      return 0;
    }
    const started = performance.now();
    const summary = await importArticles(
      database,
      file!,
      `content-cli:${randomUUID()}`,
      ({ articles, total }) => {
        if (!onTerminal) return;
        process.stderr.write(
          `\rimported ${articles.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} articles`,
        );
        progressShown = true;
      },
      config.publishing.revisionsPerVersion,
    );
    if (onTerminal) process.stderr.write("\n");
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.error(
      `Imported ${summary.articles} articles (${summary.versions} versions) from lines 1–${summary.lastLine} of ${file} in ${seconds} s.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ImportError) {
      console.error(`Import refused, nothing was written: ${error.message}`);
      return 1;
    }
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
