/**
 * npm run backup / npm run restore against the real server process on SQLite:
 * a backup taken while the site keeps writing is whole and holds every write
 * acknowledged before it began; restore refuses a running site's database
 * without --force, and refuses files that are not backups. Then (issue 41 item 7)
 * restore refuses, before replacing anything and in one line, every file this
 * release could not start on: a foreign file, a newer release's backup, a
 * damaged or cut-short file, an older backup whose tables are not the ones its
 * migrations make; and takes an older backup that is sound.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/connect.ts";
import { knownMigrations, migrateTo, migrateToLatest } from "#server/db/migrate.ts";
import { withNamesBefore0036 } from "#server/db/names-before-0036.ts";
import { seedDemoContent } from "#server/seed/index.ts";
import { PAGE_SIZE_BYTES } from "#server/db/sqlite-adapter.ts";
import { bareEnv } from "#tests/fixtures/processes.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
// The test writes analytics events as fast as it can from one address: lift the per-client limit (60 a minute by default).
const WRITER_ENV = { LOG_LEVEL: "warn", ANALYTICS_RATE_LIMIT: "100000" };

async function cli(
  script: "backup" | "restore",
  args: string[],
  databaseUrl: string,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [`server/cli/${script}.ts`, ...args], {
      cwd: projectRoot,
      env: { ...bareEnv(), DATABASE_URL: databaseUrl },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

function eventPaths(path: string): string[] {
  const database = new DatabaseSync(path, { readOnly: true });
  try {
    return database
      .prepare("select path from analytics_events where path like '/backup-%' order by id")
      .all()
      .map((row) => String(row.path));
  } finally {
    database.close();
  }
}

/** A PRAGMA's first value, read from the database file at `path`. */
function pragma(path: string, name: "integrity_check" | "page_size"): string {
  const database = new DatabaseSync(path, { readOnly: true });
  try {
    return String(Object.values(database.prepare(`PRAGMA ${name}`).get()!)[0]);
  } finally {
    database.close();
  }
}

const integrity = (path: string) => pragma(path, "integrity_check");
const pageSize = (path: string) => Number(pragma(path, "page_size"));

/** Writes analytics events one after another until stopped; `acknowledged` lists those answered 201, in order. */
function keepWriting(server: ServerProcess, cookie: string, token: string) {
  const acknowledged: string[] = [];
  let running = true;
  const done = (async () => {
    for (let n = 0; running; n++) {
      const path = `/backup-${n}`;
      const response = await fetch(`${server.url}/api/analytics/events`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, "x-xsrf-token": token, origin: server.url },
        body: JSON.stringify({ name: "page_view", path }),
      });
      if (response.status === 201) acknowledged.push(path);
    }
  })();
  return { acknowledged, stop: () => ((running = false), done) };
}

describe("npm run backup and npm run restore", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "pp-backup-"));
  let server: ServerProcess;
  let databaseUrl: string;
  let databasePath: string;
  let backupFile: string;
  let inBackup: string[];

  beforeAll(async () => {
    server = await startServerProcess(WRITER_ENV, { dataDir });
    databasePath = join(server.dataDir, "site.db");
    databaseUrl = `sqlite:${databasePath}`;
    backupFile = join(server.dataDir, "backups", "site-backup.db");
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("takes a whole backup while the site serves and writes, holding every write acknowledged before it began", async () => {
    const health = await fetch(`${server.url}/healthz`);
    const token = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get("set-cookie") ?? "")![1]!;
    const writer = keepWriting(server, `XSRF-TOKEN=${token}`, token);
    await expect.poll(() => writer.acknowledged.length, { timeout: 15_000 }).toBeGreaterThan(20);

    const acknowledgedBefore = [...writer.acknowledged];
    const result = await cli("backup", [backupFile], databaseUrl);
    const acknowledgedDuring = writer.acknowledged.length - acknowledgedBefore.length;
    await writer.stop();

    expect(result.output).toMatch(/Backed up .* integrity ok/);
    expect(result.code).toBe(0);
    expect(acknowledgedDuring).toBeGreaterThan(0);
    expect(integrity(backupFile)).toBe("ok");
    const saved = eventPaths(backupFile);
    expect(saved.slice(0, acknowledgedBefore.length)).toEqual(acknowledgedBefore);
    // The snapshot is consistent: the writes it holds are a prefix of those the site acknowledged.
    expect(writer.acknowledged.slice(0, saved.length)).toEqual(saved);
    inBackup = saved;
  });

  it("never overwrites an existing file with a backup", async () => {
    const before = readFileSync(backupFile);
    const result = await cli("backup", [backupFile], databaseUrl);
    expect(result.code).toBe(1);
    expect(result.output).toContain("already exists");
    expect(readFileSync(backupFile).equals(before)).toBe(true);
  });

  it("refuses to restore over the running site's database without --force, and changes nothing", async () => {
    const before = eventPaths(databasePath);
    expect(before.length).toBeGreaterThan(inBackup.length);
    const result = await cli("restore", [backupFile], databaseUrl);
    expect(result.code).toBe(1);
    expect(result.output).toContain("in use by a running site");
    expect(result.output).toContain("--force");
    expect(eventPaths(databasePath)).toEqual(before);
  });

  it("refuses files that are not Polyglot Press backups", async () => {
    const notADatabase = join(server.dataDir, "notes.txt");
    writeFileSync(notADatabase, "not a database at all, just some text that is long enough to have a header");
    const foreign = join(server.dataDir, "foreign.db");
    const other = new DatabaseSync(foreign);
    other.exec("create table notes (body text)");
    other.close();
    const before = eventPaths(databasePath);
    for (const [file, message] of [
      [notADatabase, "is not an SQLite database"],
      [foreign, "not a Polyglot Press one"],
      [join(server.dataDir, "missing.db"), "does not exist"],
    ] as const) {
      const result = await cli("restore", [file, "--force"], databaseUrl);
      expect(result.code).toBe(1);
      expect(result.output).toContain(message);
    }
    expect(eventPaths(databasePath)).toEqual(before);
  });

  it("restores into the running site's database with --force", async () => {
    const result = await cli("restore", [backupFile, "--force"], databaseUrl);
    expect(result.output).toContain("restart the site");
    expect(result.code).toBe(0);
    expect(eventPaths(databasePath)).toEqual(inBackup);
    expect(integrity(databasePath)).toBe("ok");
  });

  it("restores a backup whose pages are not the size of the site database's (an older install's 4 KB)", async () => {
    const olderBackup = join(server.dataDir, "backups", "older-install.db");
    const copy = new DatabaseSync(backupFile, { readOnly: true });
    copy.exec(`VACUUM INTO '${olderBackup}'`);
    copy.close();
    const resized = new DatabaseSync(olderBackup);
    resized.exec("PRAGMA page_size = 4096; VACUUM;");
    resized.close();
    expect(pageSize(olderBackup)).toBe(4096);
    expect(pageSize(databasePath)).toBe(PAGE_SIZE_BYTES);

    const result = await cli("restore", [olderBackup, "--force"], databaseUrl);
    expect(result.output).toContain("restart the site");
    expect(result.code).toBe(0);
    expect(eventPaths(databasePath)).toEqual(inBackup);
    expect(integrity(databasePath)).toBe("ok");
    expect(pageSize(databasePath)).toBe(PAGE_SIZE_BYTES);
    expect(readdirSync(server.dataDir).filter((name) => name.includes(".restore-"))).toEqual([]);
  });

  it("restores a stopped site's database without --force, and the site starts on it", async () => {
    await server.stop();
    const result = await cli("restore", [backupFile], databaseUrl);
    expect(result.code).toBe(0);
    expect(result.output).not.toContain("restart the site");
    server = await startServerProcess(WRITER_ENV, { dataDir });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(eventPaths(databasePath)).toEqual(inBackup);
  });

  it("explains usage and PostgreSQL", async () => {
    expect((await cli("backup", [], databaseUrl)).code).toBe(2);
    expect((await cli("backup", ["a.db", "b.db"], databaseUrl)).code).toBe(2);
    expect((await cli("restore", [backupFile, "--overwrite"], databaseUrl)).code).toBe(2);
    const postgres = await cli("backup", ["x.db"], "postgres://postgres@127.0.0.1:5432/test");
    expect(postgres.code).toBe(2);
    expect(postgres.output).toContain("pg_dump");
  });
});

/** Runs `statements` on a copy of `source` at `path` (a backup is one self-contained file: no -wal beside it). */
function alteredCopy(source: string, path: string, statements: string): string {
  copyFileSync(source, path);
  const database = new DatabaseSync(path);
  database.exec(statements);
  database.close();
  return path;
}

// Each refusal runs the command twice (with and without --force), each run about a second and a half.
describe(
  "npm run restore refuses, before replacing anything, a file this release could not start on",
  { timeout: 90_000 },
  () => {
    const dir = mkdtempSync(join(tmpdir(), "pp-restore-checks-"));
    const databasePath = join(dir, "site.db");
    const databaseUrl = `sqlite:${databasePath}`;
    const goodBackup = join(dir, "good-backup.db");
    const olderBackup = join(dir, "older-backup.db");
    const OLDER = "0020-narrow-search-rows";
    const before0036Backup = join(dir, "before-0036-backup.db");

    beforeAll(async () => {
      // A stopped site's database, and backups taken of it and of one an older release left.
      const site = openDatabase({ kind: "sqlite", path: databasePath });
      await migrateToLatest(site);
      await seedDemoContent(site.db);
      await site.close();
      expect((await cli("backup", [goodBackup], databaseUrl)).code).toBe(0);
      const olderPath = join(dir, "older-site.db");
      const older = openDatabase({ kind: "sqlite", path: olderPath });
      await migrateTo(older, OLDER);
      await older.close();
      expect((await cli("backup", [olderBackup], `sqlite:${olderPath}`)).code).toBe(0);
      // A backup with content taken before 0036 renamed the tables (docs/decisions/0190-one-vocabulary.md).
      const before0036Path = join(dir, "before-0036-site.db");
      const before0036 = openDatabase({ kind: "sqlite", path: before0036Path });
      await migrateTo(before0036, "0035-admin-texts-since-0025");
      await seedDemoContent(withNamesBefore0036(before0036.db), { memory: false, tagNames: false, searchText: true });
      await before0036.close();
      expect((await cli("backup", [before0036Backup], `sqlite:${before0036Path}`)).code).toBe(0);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** Restores `file` with and without --force: each refused in one line, with exit 1, the site's database byte for byte as it was. */
    async function expectRefused(file: string, message: RegExp) {
      const before = readFileSync(databasePath);
      const files = readdirSync(dir).sort();
      for (const args of [[file], [file, "--force"]]) {
        const result = await cli("restore", args, databaseUrl);
        expect(result.code, result.output).toBe(1);
        expect(result.output).toMatch(message);
        expect(result.output.trim().split("\n"), "one line, no stack trace").toHaveLength(1);
        expect(result.output).not.toMatch(/^\s+at /m);
        expect(readFileSync(databasePath).equals(before), "the database is untouched").toBe(true);
        expect(readdirSync(dir).sort(), "nothing left beside it").toEqual(files);
      }
    }

    it("refuses a foreign file with only empty kysely_migration and languages tables", async () => {
      const foreign = join(dir, "foreign.db");
      const other = new DatabaseSync(foreign);
      other.exec(
        "create table kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null); create table languages (code text)",
      );
      other.close();
      await expectRefused(
        foreign,
        /^The backup .*foreign\.db is an SQLite database but not a Polyglot Press one \(no migration was ever applied to it\)\.$/m,
      );
    });

    it("refuses a backup from a newer release, naming the migration it does not know", async () => {
      const future = alteredCopy(
        goodBackup,
        join(dir, "future.db"),
        "insert into kysely_migration (name, timestamp) values ('0999-from-a-newer-release', '2099-01-01T00:00:00.000Z')",
      );
      await expectRefused(
        future,
        /was made by a newer Polyglot Press \(migration 0999-from-a-newer-release, unknown to this one\): upgrade first\.$/m,
      );
    });

    it("refuses migrations this release never made, or one missing between them", async () => {
      const stray = alteredCopy(
        goodBackup,
        join(dir, "stray.db"),
        "insert into kysely_migration (name, timestamp) values ('0005-somebody-elses', '2026-01-01T00:00:00.000Z')",
      );
      await expectRefused(stray, /holds migration 0005-somebody-elses, which no Polyglot Press release makes\.$/m);
      const gap = alteredCopy(
        goodBackup,
        join(dir, "gap.db"),
        "delete from kysely_migration where name = '0002-sign-in-attempts'",
      );
      await expectRefused(gap, /has migrations out of this release's order/);
    });

    it("refuses a file with bytes overwritten in the middle", async () => {
      const damaged = join(dir, "damaged.db");
      const bytes = readFileSync(goodBackup);
      // The middle fifth of the file, whole pages and all: b-tree pages SQLite cannot read any more.
      bytes.fill(0xa5, Math.floor(bytes.length * 0.4), Math.floor(bytes.length * 0.6));
      writeFileSync(damaged, bytes);
      await expectRefused(damaged, /^The backup .*damaged\.db fails the integrity check: \S/m);
    });

    it("refuses a file cut short, and files that are not SQLite at all", async () => {
      const cut = join(dir, "cut.db");
      writeFileSync(cut, readFileSync(goodBackup).subarray(0, Math.floor(statSync(goodBackup).size / 2)));
      await expectRefused(
        cut,
        /is not an SQLite database \(it is cut short: its header counts \d+ pages of \d+ bytes, the file has \d+ bytes\)\.$/m,
      );
      const text = join(dir, "notes.txt");
      writeFileSync(
        text,
        "not a database at all, just some text that is long enough to have a header, and then some more of it to be sure",
      );
      await expectRefused(text, /is not an SQLite database \(no SQLite header\)\.$/m);
      const empty = join(dir, "empty.db");
      writeFileSync(empty, "");
      await expectRefused(empty, /is not an SQLite database \(no SQLite header\)\.$/m);
    });

    it("refuses an older backup whose tables are not those its migrations make", async () => {
      const noTable = alteredCopy(olderBackup, join(dir, "older-without-a-table.db"), "drop table sign_in_attempts");
      await expectRefused(
        noTable,
        new RegExp(
          `does not have the tables Polyglot Press makes up to migration ${OLDER}: it has no table sign_in_attempts\\.$`,
          "m",
        ),
      );
      const extraColumn = alteredCopy(
        olderBackup,
        join(dir, "older-with-a-column.db"),
        "alter table languages add column colour text",
      );
      await expectRefused(extraColumn, /it has an unknown column languages\.colour\.$/m);
    });

    it("restores a sound older backup, which the site then migrates up", async () => {
      const result = await cli("restore", [olderBackup], databaseUrl);
      expect(result.output).toContain("Restored");
      expect(result.code).toBe(0);
      const site = openDatabase({ kind: "sqlite", path: databasePath });
      try {
        await migrateToLatest(site);
        const applied = await site.db
          .selectFrom("kysely_migration" as never)
          .select("name" as never)
          .execute();
        expect(applied).toHaveLength(knownMigrations().length);
      } finally {
        await site.close();
      }
    });

    it("restores a backup with content taken before 0036 renamed the tables, which the site then migrates up", async () => {
      const result = await cli("restore", [before0036Backup], databaseUrl);
      expect(result.output).toContain("Restored");
      expect(result.code).toBe(0);
      const site = openDatabase({ kind: "sqlite", path: databasePath });
      try {
        await migrateToLatest(site);
        const versions = await site.db.selectFrom("article_versions").select(["article_id", "code"]).execute();
        expect(versions.length).toBeGreaterThan(10);
        const translations = await site.db.selectFrom("translations").select("id").execute();
        expect(translations.length).toBeGreaterThan(100);
      } finally {
        await site.close();
      }
    });

    it("restores the sound backup of the same release", async () => {
      const result = await cli("restore", [goodBackup], databaseUrl);
      expect(result.code).toBe(0);
      expect(integrity(databasePath)).toBe("ok");
    });
  },
);
