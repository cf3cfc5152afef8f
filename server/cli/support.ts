/** What the command-line entry points share. */
import { ConfigError } from "#server/base/config.ts";
import type { LockWaits } from "#server/db/lock-waits.ts";

/** How long a command's write waits for other processes' writes (a running server's, its search catch-up's) before it gives up. */
export const COMMAND_LOCK_WAIT_MS = 60_000;

/** What a command says on stderr once a write of its has waited a second for other processes' writes. */
export const LOCK_WAIT_MESSAGE = `waiting for the server's writes… (another process is writing to the database; this command waits up to ${COMMAND_LOCK_WAIT_MS / 1000} s)`;

/**
 * How a command waits for the database's write lock (SQLite) or rows (PostgreSQL) that another process holds
 * (server/db/lock-waits.ts): its turn, up to COMMAND_LOCK_WAIT_MS, saying so through `say` after a second.
 * It tries every 5 ms at most: a server, which tries every 2 ms, mostly goes first when both wait; the search
 * catch-up's thread (every 10 ms) mostly after.
 */
export function commandLockWaits(say: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): LockWaits {
  return { limitMs: COMMAND_LOCK_WAIT_MS, pollMs: 5, noticeAfterMs: 1_000, onLongWait: () => say(LOCK_WAIT_MESSAGE) };
}

/** Runs a command with the process's arguments; its result is the exit code, a bad setting or a crash exits with 1. */
export async function runCommand(run: (argv: string[]) => Promise<number>): Promise<void> {
  try {
    process.exitCode = await run(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
}
