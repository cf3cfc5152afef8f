/**
 * npm run backup -- FILE            online backup of the SQLite database (with its media) to a new FILE
 * npm run restore -- FILE [--force] put a backup back; refuses a database a running site uses unless --force
 *
 * Both use the server's DATABASE_URL. PostgreSQL databases are backed up with
 * pg_dump / pg_restore instead (docs/operations.md, "Backups").
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "#server/base/config.ts";
import { BackupError, backupDatabase, restoreDatabase } from "#server/ops/sqlite-backup.ts";

const USAGE = "Usage: npm run backup -- FILE   |   npm run restore -- FILE [--force]";

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export async function run(command: "backup" | "restore", argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { force: { type: "boolean", default: false } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0 || (command === "backup" && parsed.values.force)) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (config.database.kind !== "sqlite") {
    console.error(
      `DATABASE_URL points at PostgreSQL: use ${command === "backup" ? "pg_dump" : "pg_restore"} (see docs/operations.md, "Backups").`,
    );
    return 2;
  }
  const database = config.database.path;
  try {
    const started = performance.now();
    if (command === "backup") {
      mkdirSync(dirname(file), { recursive: true });
      const { pages, bytes } = await backupDatabase(database, file);
      console.log(
        `Backed up ${database} to ${file}: ${pages} pages, ${megabytes(bytes)}, integrity ok, in ${Math.round(performance.now() - started)} ms.`,
      );
    } else {
      mkdirSync(dirname(database), { recursive: true });
      const { bytes, wasInUse } = await restoreDatabase(file, database, { force: parsed.values.force });
      console.log(
        `Restored ${file} into ${database} (${megabytes(bytes)}) in ${Math.round(performance.now() - started)} ms.`,
      );
      if (wasInUse) console.log("The database was in use: restart the site so it reloads its content.");
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    // Anything else (a disk that fills, a file that changes under us) in one line too, never a stack trace.
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, " ");
    console.error(`The ${command} failed: ${message}`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await run("backup", process.argv.slice(2));
