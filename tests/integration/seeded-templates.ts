/**
 * Vitest global setup: one migrated, seeded database of each kind, made once per run, that every startTestApp
 * copies (a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL) instead of migrating and seeding its own:
 * the same starting state, in a tenth of the time (decision 0201).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDemoContent } from "#server/seed/index.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";

export interface SeededTemplates {
  /** The SQLite file to copy. */
  sqlite: string;
  /**
   * The PostgreSQL database to create others from, or why there is none: a run of unit tests alone needs no
   * PostgreSQL, so its absence fails only the tests that ask for it.
   */
  postgres: string | { unavailable: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    seededTemplates: SeededTemplates;
  }
}

async function migrateAndSeed(url: string): Promise<void> {
  const database = openDatabase(parseDatabaseUrl(url));
  try {
    await migrateToLatest(database);
    await seedDemoContent(database.db);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "pp-template-"));
  const sqlite = join(folder, "site.db");
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let unavailable = "";
  try {
    postgres = await createPostgresDatabase("pp_template");
  } catch (error) {
    unavailable = error instanceof Error ? error.message : String(error);
  }
  await Promise.all([migrateAndSeed(`sqlite:${sqlite}`), postgres && migrateAndSeed(postgres.url)]);
  project.provide("seededTemplates", {
    sqlite,
    postgres: postgres ? new URL(postgres.url).pathname.slice(1) : { unavailable },
  });
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await postgres?.drop();
  };
}
