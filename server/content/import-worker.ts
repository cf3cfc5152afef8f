/**
 * A worker of the import pool (import-pool.ts): prepares the versions it is sent for the import's transactions —
 * each one's reading time, and its search entry's words and index form (decision 0226), so that a version is
 * searchable once its transaction lands, with the words a person's save of the same body would give.
 */
import { parentPort, workerData } from "node:worker_threads";
import { prepareImportedVersion, type ImportJob } from "./imported-versions.ts";

const { dialect } = workerData as { dialect: Parameters<typeof prepareImportedVersion>[1] };

parentPort?.on("message", ({ id, jobs }: { id: number; jobs: ImportJob[] }) => {
  parentPort?.postMessage({ id, prepared: jobs.map((job) => prepareImportedVersion(job, dialect)) });
});
