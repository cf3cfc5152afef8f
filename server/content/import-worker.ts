/**
 * A worker of the import pool (import-pool.ts): prepares the versions it is sent for the import's transactions —
 * each one's reading time, and its search entry's words and index form (decision 0226), so that a version is
 * searchable once its transaction lands, with the words a person's save of the same body would give.
 */
import { getPriority, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { prepareImportedVersion, type ImportJob } from "./imported-versions.ts";

/**
 * Nine steps nicer than the thread that started it (decision 0240; the import command's 10 makes 19, the lowest): the
 * writing thread (and PostgreSQL's backend) is the import's critical path, and at equal priority the workers, working
 * batches ahead, took a third of its core, then sat idle while it wrote alone. Yielding to it, they use what it leaves:
 * 15–20 % shorter on SQLite, about 10 % on PostgreSQL (bench/README.md). Relative, so that an import in a process
 * others share the cores with (a test run's) is not starved by them. Only on Linux is a nice value a thread's own (and
 * inherited by the threads it starts): elsewhere this would lower the whole process.
 */
const NICER_THAN_WRITER = 9;
if (process.platform === "linux") setPriority(Math.min(19, getPriority() + NICER_THAN_WRITER));

const { dialect } = workerData as { dialect: Parameters<typeof prepareImportedVersion>[1] };

parentPort?.on("message", ({ id, jobs }: { id: number; jobs: ImportJob[] }) => {
  parentPort?.postMessage({ id, prepared: jobs.map((job) => prepareImportedVersion(job, dialect)) });
});
