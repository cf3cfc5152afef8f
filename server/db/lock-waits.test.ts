import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./connect.ts";
import { isBusy, LockWaitError, type LockWaits } from "./lock-waits.ts";

/** The longest stretch in which a 1 ms timer could not run, from now until `stop()`. */
function longestStall() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return () => {
    clearInterval(timer);
    return Math.max(longest, performance.now() - last);
  };
}

describe("SQLite writes waiting for another connection's", () => {
  let root: string;
  let path: string;
  let handle: ReturnType<typeof openDatabase>;
  /** Another process's connection, as a command or a server's catch-up thread holds it. */
  let other: DatabaseSync;
  const open = (lockWaits?: LockWaits) => openDatabase({ kind: "sqlite", path }, undefined, lockWaits && { lockWaits });

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "pp-lock-waits-"));
    path = join(root, "site.db");
    handle = open();
    await sql`create table notes (n integer)`.execute(handle.db);
    await handle.db
      .insertInto("notes" as never)
      .values({ n: 0 })
      .execute();
    other = new DatabaseSync(path, { timeout: 0 });
  });
  afterEach(async () => {
    if (other.isTransaction) other.exec("rollback");
    other.close();
    await handle.close();
    rmSync(root, { recursive: true, force: true });
  });

  const insert = (n: number, db = handle.db) =>
    db
      .insertInto("notes" as never)
      .values({ n })
      .execute();
  const count = async (db = handle.db) =>
    Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]!.n);

  it("waits for the lock off the event loop, and lets the process's reads through meanwhile", async () => {
    other.exec("begin immediate; insert into notes values (1)");
    const stall = longestStall();
    const started = performance.now();
    const written = insert(2);
    // The write waits; a read of the same process is answered meanwhile, from the last commit.
    expect(await count()).toBe(1);
    await sleep(150);
    other.exec("commit");
    await written;
    const waited = performance.now() - started;
    expect(stall()).toBeLessThan(50);
    expect(waited).toBeGreaterThanOrEqual(150);
    expect(await count()).toBe(3);
  });

  it("takes the write lock when a transaction begins: one that reads first, then writes, waits instead of failing", async () => {
    // What a deferred transaction met: it read, another connection committed, its write could not wait ("database is locked").
    let release: (() => void) | null = null;
    const transaction = handle.db.transaction().execute(async (trx) => {
      const before = await count(trx);
      await new Promise<void>((resolve) => (release = resolve));
      await insert(10, trx);
      return before;
    });
    await sleep(20);
    // Its BEGIN holds the lock: the other connection cannot write in between.
    expect(() => other.exec("insert into notes values (11)")).toThrow(/database is locked/);
    release!();
    expect(await transaction).toBe(1);
    other.exec("insert into notes values (11)");
    expect(await count()).toBe(3);
  });

  it("begins a transaction once the other connection's is done, whatever was read meanwhile", async () => {
    other.exec("begin immediate; insert into notes values (1)");
    const transaction = handle.db.transaction().execute(async (trx) => {
      await insert(2, trx);
      return count(trx);
    });
    await sleep(60);
    other.exec("commit");
    expect(await transaction).toBe(3);
  });

  it("gives up after its limit with a message saying why, and tells a command once it has waited long", async () => {
    const told: number[] = [];
    const started = performance.now();
    const command = open({
      limitMs: 300,
      pollMs: 20,
      noticeAfterMs: 100,
      onLongWait: () => told.push(performance.now() - started),
    });
    try {
      other.exec("begin immediate");
      const failure = await insert(3, command.db).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(LockWaitError);
      expect((failure as Error).message).toMatch(
        /^database is locked: another process kept writing to it for 0\.[34]\d* s$/,
      );
      expect(isBusy((failure as Error).cause)).toBe(true);
      expect(told).toHaveLength(1);
      expect(told[0]).toBeGreaterThanOrEqual(100);
      expect(told[0]).toBeLessThan(300);
      other.exec("rollback");
      // The connection is usable again, and nothing of the failed write stayed.
      await insert(4, command.db);
      expect(await count(command.db)).toBe(2);
    } finally {
      await command.close();
    }
  });

  it("answers other errors at once", async () => {
    other.exec("begin immediate");
    const started = performance.now();
    await expect(sql`insert into missing values (1)`.execute(handle.db)).rejects.toThrow(/no such table/);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
