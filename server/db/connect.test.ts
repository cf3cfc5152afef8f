import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { openDatabase } from "./connect.ts";
import { PAGE_SIZE_BYTES } from "./sqlite-adapter.ts";

describe("openDatabase on SQLite", () => {
  it("gives a bulk writer's connection a 64 MB page cache and in-memory statement journals, and others SQLite's defaults", async () => {
    const root = mkdtempSync(join(tmpdir(), "pp-connect-"));
    const settingsOf = async (bulkWrites: boolean) => {
      const handle = openDatabase({ kind: "sqlite", path: join(root, "site.db") }, undefined, { bulkWrites });
      try {
        const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db);
        const temp = await sql<{ temp_store: number }>`pragma temp_store`.execute(handle.db);
        return { cache: cache.rows[0]!.cache_size, temp: temp.rows[0]!.temp_store };
      } finally {
        await handle.close();
      }
    };
    try {
      // Negative: KiB. temp_store 2 is MEMORY, 0 the default (files).
      expect(await settingsOf(true)).toEqual({ cache: -65_536, temp: 2 });
      expect(await settingsOf(false)).toEqual({ cache: -2_000, temp: 0 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("says in the log when it creates the database's missing folder, and only then", async () => {
    const root = mkdtempSync(join(tmpdir(), "pp-connect-"));
    const warnings: string[] = [];
    const log = {
      warn: (_fields: object, message: string) => void warnings.push(message),
      error: () => {},
      info: () => {},
    };
    try {
      const path = join(root, "missing", "nested", "site.db");
      const first = openDatabase({ kind: "sqlite", path }, log);
      await first.close();
      expect(existsSync(join(root, "missing", "nested"))).toBe(true);
      expect(warnings).toEqual([`created the folder ${join(root, "missing", "nested")} for the SQLite database`]);
      const second = openDatabase({ kind: "sqlite", path }, log);
      await second.close();
      expect(warnings).toHaveLength(1);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("creates a new database with 16 KB pages and opens an older one with the page size it has", async () => {
    const root = mkdtempSync(join(tmpdir(), "pp-connect-"));
    const pageSize = (path: string) => {
      const database = new DatabaseSync(path);
      try {
        return (database.prepare("pragma page_size").get() as { page_size: number }).page_size;
      } finally {
        database.close();
      }
    };
    try {
      const fresh = join(root, "fresh.db");
      const created = openDatabase({ kind: "sqlite", path: fresh });
      await sql`create table notes (text text)`.execute(created.db);
      await created.close();
      expect(pageSize(fresh)).toBe(PAGE_SIZE_BYTES);

      const older = join(root, "older.db");
      const made = new DatabaseSync(older);
      made.exec("pragma page_size = 4096; create table notes (text text); insert into notes values ('kept')");
      made.close();
      const opened = openDatabase({ kind: "sqlite", path: older });
      await sql`insert into notes (text) values ('added')`.execute(opened.db);
      expect((await sql<{ text: string }>`select text from notes`.execute(opened.db)).rows).toEqual([
        { text: "kept" },
        { text: "added" },
      ]);
      await opened.close();
      expect(pageSize(older)).toBe(4096);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
