/**
 * A worker of the import pool (import-pool.ts). For the check, reads the lines it is sent — each decoded, parsed and
 * checked on its own (ndjson-line.ts), a bad line ending the answer — and answers what the file's checks need of
 * them. For the write, prepares the versions it is sent for the import's transactions: each one's reading time, and
 * its search entry's fingerprint and index form (decision 0226), so that a version is searchable once its transaction
 * lands, with the words a person's save of the same body would give.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { DialectName } from "#server/db/connect.ts";
import type { CheckedLines, PoolMessage } from "./import-pool.ts";
import { prepareImportedVersion } from "./imported-versions.ts";
import { decodeLine, ImportError, keysOf, parseArticleLine } from "./ndjson-line.ts";

const { dialect } = workerData as { dialect: DialectName };

function checked(bytes: Uint8Array, numbers: number[], ends: number[]): CheckedLines {
  const answer: CheckedLines = { lines: [] };
  let start = 0;
  try {
    for (const [index, number] of numbers.entries()) {
      const text = decodeLine(number, bytes.subarray(start, ends[index]));
      start = ends[index]!;
      if (text !== null) answer.lines.push(keysOf(parseArticleLine(number, text)));
    }
  } catch (error) {
    // Anything else is a fault of the worker: its error event fails the import.
    if (!(error instanceof ImportError)) throw error;
    answer.error = { line: error.line, message: error.message };
  }
  return answer;
}

parentPort?.on("message", (message: PoolMessage) => {
  parentPort?.postMessage({
    id: message.id,
    answer:
      "jobs" in message
        ? message.jobs.map((job) => prepareImportedVersion(job, dialect))
        : checked(message.bytes, message.numbers, message.ends),
  });
});
