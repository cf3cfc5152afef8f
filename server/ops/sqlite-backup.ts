/**
 * Online backup and restore of the SQLite database with SQLite's backup API
 * (node:sqlite `backup()`). The copy is taken in one step: a single read
 * transaction, so it is one consistent snapshot, and in WAL mode the running
 * site keeps reading and writing meanwhile (docs/decisions/0054-backups.md).
 * Uploaded media live in the database, so they are in the same file.
 */
import { closeSync, existsSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { backup, DatabaseSync } from "node:sqlite";
import type { AppliedMigration } from "#server/db/migrate.ts";

/** Pages per backup step: all of them at once, so writers can never make the copy start over. */
const ALL_PAGES = 2_147_483_647;

export class BackupError extends Error {
  override name = "BackupError";
}

/** SQLite's answer, as one line: "*** in database main ***" and line breaks dropped, at most three problems. */
function oneLine(problems: readonly string[]): string {
  const lines = problems
    .flatMap((problem) => problem.split("\n"))
    .filter((line) => line.trim() !== "" && !line.startsWith("***"));
  return lines.slice(0, 3).join("; ") + (lines.length > 3 ? `; and ${lines.length - 3} more` : "");
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, " ");
}

function integrityProblems(database: DatabaseSync): string[] {
  let rows;
  try {
    rows = database.prepare("PRAGMA integrity_check").all();
  } catch (error) {
    // A page too damaged to walk makes the check itself fail ("database disk image is malformed").
    return [messageOf(error)];
  }
  const messages = rows.map((row) => String(Object.values(row)[0]));
  return messages.length === 1 && messages[0] === "ok" ? [] : messages;
}

const SQLITE_MAGIC = "SQLite format 3\0";

/**
 * What the file's 100-byte header says is wrong with it as an SQLite database, or null: the magic
 * string, a page size SQLite would take, and a file at least as long as the pages the header counts.
 */
function headerProblem(path: string): string | null {
  const header = Buffer.alloc(100);
  const handle = openSync(path, "r");
  let read: number;
  try {
    read = readSync(handle, header, 0, 100, 0);
  } finally {
    closeSync(handle);
  }
  if (read < 100 || header.toString("latin1", 0, 16) !== SQLITE_MAGIC) return "no SQLite header";
  const stored = header.readUInt16BE(16);
  const pageSize = stored === 1 ? 65_536 : stored;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0)
    return `its header names an impossible page size (${stored})`;
  const pages = header.readUInt32BE(28);
  // The page count is only kept up to date by SQLite 3.7 and later, which say so by these two counters agreeing.
  const countIsValid = pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92);
  const size = statSync(path).size;
  if (countIsValid && size < pages * pageSize)
    return `it is cut short: its header counts ${pages} pages of ${pageSize} bytes, the file has ${size} bytes`;
  return null;
}

/** Opens `path` as a Polyglot Press database, or says why it is not one. */
function openChecked(path: string, what: string): DatabaseSync {
  if (!existsSync(path) || !statSync(path).isFile())
    throw new BackupError(`${what} ${path} does not exist or is not a file.`);
  const header = headerProblem(path);
  if (header !== null) throw new BackupError(`${what} ${path} is not an SQLite database (${header}).`);
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(path, { readOnly: true, timeout: 5000 });
  } catch (error) {
    throw new BackupError(`${what} ${path} is not an SQLite database (${messageOf(error)}).`);
  }
  try {
    try {
      database.prepare("select count(*) from sqlite_schema").get();
    } catch (error) {
      // A file SQLite reads as a database, but whose schema pages are damaged, is a damaged database.
      const message = messageOf(error);
      if (/malformed/i.test(message)) throw new BackupError(`${what} ${path} fails the integrity check: ${message}`);
      throw new BackupError(`${what} ${path} is not an SQLite database (${message}).`);
    }
    const problems = integrityProblems(database);
    if (problems.length > 0) throw new BackupError(`${what} ${path} fails the integrity check: ${oneLine(problems)}`);
    const tables = new Set(
      database
        .prepare("select name from sqlite_schema where type = 'table'")
        .all()
        .map((row) => String(row.name)),
    );
    if (!tables.has("kysely_migration") || !tables.has("languages")) {
      throw new BackupError(
        `${what} ${path} is an SQLite database but not a Polyglot Press one (no migrations or languages table).`,
      );
    }
    return database;
  } catch (error) {
    database.close();
    throw error;
  }
}

/** Each table of the database (SQLite's own left out) and the names of its columns. */
type TableColumns = Map<string, Set<string>>;

const TABLES_AND_COLUMNS = `select t.name as tbl, c.name as col from sqlite_schema as t join pragma_table_info(t.name) as c
  where t.type = 'table' and t.name not like 'sqlite\\_%' escape '\\' order by t.name`;

function tableColumns(rows: readonly Record<string, unknown>[]): TableColumns {
  const tables: TableColumns = new Map();
  for (const row of rows) {
    const name = String(row.tbl);
    if (!tables.has(name)) tables.set(name, new Set());
    tables.get(name)!.add(String(row.col));
  }
  return tables;
}

/** The tables and columns a new database has once migrated up to and including `last`: made in memory, as a site would. */
async function tablesMadeBy(last: string): Promise<TableColumns> {
  const [{ sql }, { openDatabase }, { migrateTo }] = await Promise.all([
    import("kysely"),
    import("#server/db/connect.ts"),
    import("#server/db/migrate.ts"),
  ]);
  const handle = openDatabase({ kind: "sqlite", path: ":memory:" });
  try {
    await migrateTo(handle, last);
    return tableColumns((await sql.raw<Record<string, unknown>>(TABLES_AND_COLUMNS).execute(handle.db)).rows);
  } finally {
    await handle.close();
  }
}

/** What `actual` lacks or has beyond `expected`, worded for a message (empty when they match). */
function schemaDifferences(expected: TableColumns, actual: TableColumns): string[] {
  const differences: string[] = [];
  for (const [table, columns] of expected) {
    const found = actual.get(table);
    if (found === undefined) differences.push(`no table ${table}`);
    else {
      for (const column of columns) if (!found.has(column)) differences.push(`no column ${table}.${column}`);
      for (const column of found) if (!columns.has(column)) differences.push(`an unknown column ${table}.${column}`);
    }
  }
  for (const table of actual.keys()) if (!expected.has(table)) differences.push(`an unknown table ${table}`);
  return differences;
}

/**
 * Refuses a backup this code cannot start on: its kysely_migration rows must be the first of the
 * migrations this code knows (none from a newer release, none missing between), and its tables and
 * their columns those a new database migrated to the same point has. An older backup that passes
 * is migrated up when the site starts.
 */
async function checkMigrationState(database: DatabaseSync, path: string, what: string): Promise<void> {
  // Loaded here, not at the top: `npm run backup` needs none of the migrations (about a second of start-up).
  const { knownMigrations, migrationStateProblem } = await import("#server/db/migrate.ts");
  let applied: AppliedMigration[];
  let actual: TableColumns;
  try {
    applied = database
      .prepare("select name, timestamp from kysely_migration")
      .all()
      .map((row) => ({ name: String(row.name), timestamp: String(row.timestamp) }));
    actual = tableColumns(database.prepare(TABLES_AND_COLUMNS).all());
  } catch (error) {
    throw new BackupError(`${what} ${path} is an SQLite database but not a Polyglot Press one (${messageOf(error)}).`);
  }
  if (applied.length === 0)
    throw new BackupError(
      `${what} ${path} is an SQLite database but not a Polyglot Press one (no migration was ever applied to it).`,
    );
  const problem = migrationStateProblem(applied);
  if (problem !== null) throw new BackupError(`${what} ${path} ${problem}.`);
  const last = knownMigrations()[applied.length - 1]!;
  const differences = schemaDifferences(await tablesMadeBy(last), actual);
  if (differences.length > 0) {
    const listed =
      differences.slice(0, 3).join(", ") +
      (differences.length > 3 ? `, and ${differences.length - 3} more differences` : "");
    throw new BackupError(
      `${what} ${path} does not have the tables Polyglot Press makes up to migration ${last}: it has ${listed}.`,
    );
  }
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
      if (problems.length > 0)
        throw new BackupError(`The backup failed its integrity check: ${problems.slice(0, 3).join("; ")}`);
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
export async function restoreDatabase(
  file: string,
  target: string,
  options: { force: boolean },
): Promise<BackupResult & { wasInUse: boolean }> {
  const saved = openChecked(file, "The backup");
  try {
    await checkMigrationState(saved, file, "The backup");
    const wasInUse = databaseInUse(target);
    if (wasInUse && !options.force) {
      throw new BackupError(
        `${target} is in use by a running site or command. Stop the site first, or pass --force to restore into the live database (then restart the site).`,
      );
    }
    const targetPageSize = existsSync(target) ? pageSizeOf(target) : null;
    const converted =
      targetPageSize !== null && targetPageSize !== pageSizeOf(saved)
        ? await withPageSize(saved, `${target}.restore-${process.pid}`, targetPageSize)
        : null;
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
  const connection =
    typeof database === "string" ? new DatabaseSync(database, { readOnly: true, timeout: 5000 }) : database;
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
async function withPageSize(
  source: DatabaseSync,
  path: string,
  pageSize: number,
): Promise<{ database: DatabaseSync; remove(): void }> {
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
