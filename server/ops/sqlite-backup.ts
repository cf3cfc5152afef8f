/**
 * Online backup and restore of the SQLite database with SQLite's backup API
 * (node:sqlite `backup()`). The copy is taken in one step: a single read
 * transaction, so it is one consistent snapshot, and in WAL mode the running
 * site keeps reading and writing meanwhile (docs/decisions/0054-backups.md).
 * Uploaded media live in the database, so they are in the same file.
 */
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { backup, DatabaseSync } from "node:sqlite";

/** Pages per backup step: all of them at once, so writers can never make the copy start over. */
const ALL_PAGES = 2_147_483_647;

export class BackupError extends Error {
  override name = "BackupError";
}

function integrityProblems(database: DatabaseSync): string[] {
  const rows = database.prepare("PRAGMA integrity_check").all();
  const messages = rows.map((row) => String(Object.values(row)[0]));
  return messages.length === 1 && messages[0] === "ok" ? [] : messages;
}

/** Opens `path` as a Polyglot Press database, or says why it is not one. */
function openChecked(path: string, what: string): DatabaseSync {
  if (!existsSync(path) || !statSync(path).isFile()) throw new BackupError(`${what} ${path} does not exist or is not a file.`);
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(path, { readOnly: true, timeout: 5000 });
    database.prepare("select count(*) from sqlite_schema").get();
  } catch (error) {
    throw new BackupError(`${what} ${path} is not an SQLite database (${error instanceof Error ? error.message : String(error)}).`);
  }
  const problems = integrityProblems(database);
  const tables = new Set(database.prepare("select name from sqlite_schema where type = 'table'").all().map((row) => String(row.name)));
  if (problems.length > 0 || !tables.has("kysely_migration") || !tables.has("languages")) {
    database.close();
    throw new BackupError(
      problems.length > 0
        ? `${what} ${path} fails the integrity check: ${problems.slice(0, 3).join("; ")}`
        : `${what} ${path} is an SQLite database but not a Polyglot Press one (no migrations or languages table).`,
    );
  }
  return database;
}

/**
 * True when another connection has the database open: every open connection
 * holds a shared lock on a WAL database, so an exclusive lock is only granted
 * when no site (or command) is using it. Locks vanish with their process, so
 * a crashed site never looks running.
 */
export function databaseInUse(path: string): boolean {
  if (!existsSync(path)) return false;
  const probe = new DatabaseSync(path, { timeout: 0 });
  try {
    probe.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; ROLLBACK;");
    return false;
  } catch (error) {
    if (error instanceof Error && /locked|busy/i.test(error.message)) return true;
    throw error;
  } finally {
    probe.close();
  }
}

export interface BackupResult {
  pages: number;
  bytes: number;
}

/** Copies the live database at `source` to the new file `destination`, checked before it is put in place. */
export async function backupDatabase(source: string, destination: string): Promise<BackupResult> {
  if (existsSync(destination)) throw new BackupError(`${destination} already exists; choose a new file name.`);
  const live = openChecked(source, "The database");
  const partial = `${destination}.partial-${process.pid}`;
  try {
    const pages = await backup(live, partial, { rate: ALL_PAGES });
    const copy = new DatabaseSync(partial);
    try {
      // One self-contained file: no -wal or -shm beside the backup when it is opened.
      copy.exec("PRAGMA journal_mode = DELETE");
      const problems = integrityProblems(copy);
      if (problems.length > 0) throw new BackupError(`The backup failed its integrity check: ${problems.slice(0, 3).join("; ")}`);
    } finally {
      copy.close();
    }
    renameSync(partial, destination);
    return { pages, bytes: statSync(destination).size };
  } finally {
    live.close();
    rmSync(partial, { force: true });
  }
}

/** Replaces the database at `target` with the backup `file` (checked first), refusing a database in use unless forced. */
export async function restoreDatabase(file: string, target: string, options: { force: boolean }): Promise<BackupResult & { wasInUse: boolean }> {
  const saved = openChecked(file, "The backup");
  try {
    const wasInUse = databaseInUse(target);
    if (wasInUse && !options.force) {
      throw new BackupError(
        `${target} is in use by a running site or command. Stop the site first, or pass --force to restore into the live database (then restart the site).`,
      );
    }
    const targetPageSize = existsSync(target) ? pageSizeOf(target) : null;
    const converted = targetPageSize !== null && targetPageSize !== pageSizeOf(saved) ? await withPageSize(saved, `${target}.restore-${process.pid}`, targetPageSize) : null;
    try {
      // Through the backup API rather than a file copy: it takes the proper locks, so even a forced restore never leaves a torn file.
      const pages = await backup(converted?.database ?? saved, target, { rate: ALL_PAGES });
      return { pages, bytes: statSync(target).size, wasInUse };
    } finally {
      converted?.remove();
    }
  } finally {
    saved.close();
  }
}

function pageSizeOf(database: DatabaseSync | string): number {
  const connection = typeof database === "string" ? new DatabaseSync(database, { readOnly: true, timeout: 5000 }) : database;
  try {
    return Number(Object.values(connection.prepare("PRAGMA page_size").get()!)[0]);
  } finally {
    if (connection !== database) connection.close();
  }
}

/**
 * A copy of `source` at `path` with pages of `pageSize` bytes. The backup API cannot change the page
 * size of a database in WAL mode, as a site's is: a backup from before decision 0133 (4 KB pages)
 * restores into a newer site's database (16 KB) through such a copy, and the other way round.
 */
async function withPageSize(source: DatabaseSync, path: string, pageSize: number): Promise<{ database: DatabaseSync; remove(): void }> {
  let database: DatabaseSync | null = null;
  const remove = () => {
    database?.close();
    rmSync(path, { force: true });
  };
  try {
    await backup(source, path, { rate: ALL_PAGES });
    database = new DatabaseSync(path);
    database.exec(`PRAGMA journal_mode = DELETE; PRAGMA page_size = ${pageSize}; VACUUM;`);
    return { database, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
