import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { SAFETY_NET_PAGES, startCheckpointer } from "./checkpoints.ts";
import { openDatabase } from "./connect.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pp-checkpoints-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** About 2 MB in the WAL: far below any automatic checkpoint, so only the thread moves it into the file. */
async function writeTwoMegabytes(db: ReturnType<typeof openDatabase>["db"]) {
  await sql`create table notes (text text)`.execute(db);
  for (let row = 0; row < 64; row += 1) await sql`insert into notes (text) values (${"x".repeat(32_768)})`.execute(db);
}

async function databaseFileSize(path: string, atLeast: number, withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  while (statSync(path).size < atLeast && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return statSync(path).size;
}

describe("WAL checkpoints on a thread of their own", () => {
  it("moves committed pages into the database file without a commit doing it, and leaves no WAL once closed", async () => {
    const path = join(root, "site.db");
    const handle = openDatabase({ kind: "sqlite", path }, undefined, { backgroundCheckpoints: true });
    try {
      expect(
        (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows[0]!
          .wal_autocheckpoint,
      ).toBe(SAFETY_NET_PAGES);
      await writeTwoMegabytes(handle.db);
      expect(await databaseFileSize(path, 2_000_000, 5_000)).toBeGreaterThanOrEqual(2_000_000);
    } finally {
      await handle.close();
    }
    // The thread's connection closed first: the process's own close was the last and removed the WAL.
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it("is off unless asked for: the same writes stay in the WAL, and commits keep SQLite's own checkpoints", async () => {
    const path = join(root, "site.db");
    const handle = openDatabase({ kind: "sqlite", path });
    try {
      expect(
        (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows[0]!
          .wal_autocheckpoint,
      ).toBe(1_000);
      await writeTwoMegabytes(handle.db);
      expect(await databaseFileSize(path, 2_000_000, 1_500)).toBeLessThan(2_000_000);
    } finally {
      await handle.close();
    }
  });

  it("says in the log when the thread fails (the connection's own checkpoints take over)", async () => {
    const warnings: string[] = [];
    const log = {
      warn: (_fields: object, message: string) => void warnings.push(message),
      error: () => {},
      info: () => {},
    };
    await startCheckpointer(join(root, "no-such-folder", "site.db"), log).stop();
    expect(warnings).toEqual([
      `WAL checkpoints moved back to the connection (every ${SAFETY_NET_PAGES} pages): the checkpoint thread failed`,
    ]);
  });
});
