import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./connect.ts";
import { SLICE_MS, statementTurns } from "./statement-turns.ts";

/** Holds the thread as a synchronous statement does. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("statementTurns", () => {
  it("lets other work in once a run of statements has held the event loop for a slice, not before and not only at the end", async () => {
    const turn = statementTurns();
    let statements = 0;
    let otherRan: { after: number; heldMs: number } | null = null;
    const started = performance.now();
    // Timed by the clock, not by statements: a busy machine can take the thread away in the middle of one.
    setImmediate(() => (otherRan = { after: statements, heldMs: performance.now() - started }));
    for (let index = 0; index < 12; index += 1) {
      await turn();
      busyFor(1);
      statements += 1;
    }
    expect(otherRan).not.toBeNull();
    expect(otherRan!.heldMs).toBeGreaterThanOrEqual(SLICE_MS);
    expect(otherRan!.after).toBeGreaterThan(0);
    expect(otherRan!.after).toBeLessThan(12);
  });

  it("starts a new slice after the event loop turned: a statement after a wait does not yield at once", async () => {
    const turn = statementTurns();
    await turn();
    busyFor(SLICE_MS + 1);
    await sleep(5);
    let otherRan = false;
    setImmediate(() => (otherRan = true));
    await turn();
    expect(otherRan).toBe(false);
  });
});

describe("SQLite transactions taking turns", () => {
  let root: string;
  let handle: ReturnType<typeof openDatabase>;
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "pp-turns-"));
    handle = openDatabase({ kind: "sqlite", path: join(root, "site.db") });
    await sql`create table notes (n integer)`.execute(handle.db);
  });
  afterEach(async () => {
    await handle.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("serves other work during a long transaction, while other statements still wait for its commit", async () => {
    let inserted = 0;
    let otherRanAfter: number | null = null;
    let outsideSaw: number | null = null;
    const transaction = handle.db.transaction().execute(async (trx) => {
      setImmediate(() => {
        otherRanAfter = inserted;
        // A statement from outside the transaction: it runs once the transaction is done, and sees all of it.
        void sql<{ count: number }>`select count(*) as count from notes`
          .execute(handle.db)
          .then(({ rows }) => (outsideSaw = rows[0]!.count));
      });
      for (let index = 0; index < 40; index += 1) {
        await sql`insert into notes (n) values (${index})`.execute(trx);
        busyFor(0.5);
        inserted += 1;
      }
    });
    await transaction;
    await sleep(20);
    expect(otherRanAfter).not.toBeNull();
    expect(otherRanAfter).toBeLessThan(40);
    expect(outsideSaw).toBe(40);
  });

  it("leaves statements outside a transaction as they were: one request's few statements do not yield", async () => {
    let inserted = 0;
    let otherRanAfter: number | null = null;
    setImmediate(() => (otherRanAfter = inserted));
    for (let index = 0; index < 40; index += 1) {
      await sql`insert into notes (n) values (${index})`.execute(handle.db);
      busyFor(0.5);
      inserted += 1;
    }
    expect(otherRanAfter).toBeNull();
  });
});
