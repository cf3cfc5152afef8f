/**
 * node:sqlite runs every statement synchronously on the event loop, and a run of statements that
 * each resolve at once holds it from the first to the last: a request for a page already in memory
 * waited behind an admin's save, a transaction of a few dozen statements, for 10–40 ms. Here a
 * transaction lets waiting requests in once it has held the loop SLICE_MS
 * (docs/decisions/0137-statements-take-turns.md). The connection stays the transaction's own
 * meanwhile (the one SQLite connection goes to one caller at a time, lock-waits.ts), so it is not interleaved
 * with other statements; what runs in between is work that needs no database, such as answering
 * from the page cache. Reads of many queries take their own turns (decision 0135).
 */
import { setImmediate } from "node:timers/promises";
import type { DatabaseConnection, Driver } from "kysely";

/** How long a transaction holds the event loop before it lets others in (the heavy reads' slice too, decision 0135). */
export const SLICE_MS = 4;

/**
 * The function to await before each statement: it yields (setImmediate) once the statements run
 * since the event loop last turned have taken `sliceMs`, and otherwise costs a clock reading. A
 * slice starts with the first statement after a turn; an immediate scheduled then ends it, so
 * any turn of the loop in between (an await on I/O, a timer) starts the next slice afresh.
 */
export function statementTurns(sliceMs = SLICE_MS): () => Promise<void> {
  let sliceOpen = false;
  let sliceStart = 0;
  const startSlice = () => {
    sliceOpen = true;
    sliceStart = performance.now();
    void setImmediate().then(() => (sliceOpen = false));
  };
  return async () => {
    if (!sliceOpen) return startSlice();
    if (performance.now() - sliceStart < sliceMs) return;
    await setImmediate();
    startSlice();
  };
}

/** `driver` with every statement of a transaction waiting for its turn (statementTurns). */
export function takingTurns(driver: Driver): Driver {
  const turn = statementTurns();
  // One SQLite connection, handed to one caller at a time: at most one transaction is open.
  let inTransaction = false;
  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    let taking = wrapped.get(connection);
    if (!taking) {
      taking = {
        executeQuery: async (query) => {
          if (inTransaction) await turn();
          return connection.executeQuery(query);
        },
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
      wrapped.set(connection, taking);
    }
    return taking;
  };
  return {
    init: (options) => driver.init(options),
    acquireConnection: async (options) => wrap(await driver.acquireConnection(options)),
    beginTransaction: async (connection, settings) => {
      await driver.beginTransaction(connection, settings);
      inTransaction = true;
    },
    // The commit and the rollback go through the connection, inside the transaction: they take turns too.
    commitTransaction: (connection) => driver.commitTransaction(connection).finally(() => (inTransaction = false)),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection).finally(() => (inTransaction = false)),
    savepoint: (connection, name, compile) => driver.savepoint!(connection, name, compile),
    rollbackToSavepoint: (connection, name, compile) => driver.rollbackToSavepoint!(connection, name, compile),
    releaseSavepoint: (connection, name, compile) => driver.releaseSavepoint!(connection, name, compile),
    releaseConnection: (connection, options) => driver.releaseConnection(connection, options),
    destroy: (options) => driver.destroy(options),
  };
}
