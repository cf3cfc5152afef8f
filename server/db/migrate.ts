/** Runs the migrations, listed in code so the bundled server needs no migrations folder on disk. */
import { inspect } from "node:util";
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely/migration";
import { sql } from "kysely";
import type { DatabaseHandle, DialectName } from "./connect.ts";
import { initialMigration } from "./migrations/0001-initial.ts";
import { signInAttemptsMigration } from "./migrations/0002-sign-in-attempts.ts";
import { romeImportChunksMigration } from "./migrations/0003-rome-import-chunks.ts";
import { contentOnDemandMigration } from "./migrations/0004-content-on-demand.ts";
import { mediaLibraryMigration } from "./migrations/0006-media-library.ts";
import { translationStatusMigration } from "./migrations/0007-translation-status.ts";
import { fallbackChainsMigration } from "./migrations/0008-fallback-chains.ts";
import { searchAndTagsMigration } from "./migrations/0009-search-and-tags.ts";
import { publishingMigration } from "./migrations/0010-publishing.ts";
import { rolesMigration } from "./migrations/0011-roles.ts";
import { adminLanguageMigration } from "./migrations/0013-admin-language.ts";
import { adminTextsMigration } from "./migrations/0014-admin-texts.ts";
import { publicStringsMigration } from "./migrations/0016-public-strings.ts";
import { searchAndTagIndexesMigration } from "./migrations/0017-search-and-tag-indexes.ts";
import { adminCheckTextsMigration } from "./migrations/0018-admin-check-texts.ts";
import { narrowSearchRowsMigration } from "./migrations/0020-narrow-search-rows.ts";
import { sitemapLastmodIndexMigration } from "./migrations/0021-sitemap-lastmod-index.ts";
import { lz4TextCompressionMigration } from "./migrations/0022-lz4-text-compression.ts";
import { contentlessSearchIndexMigration } from "./migrations/0023-contentless-search-index.ts";
import { searchTermsFromJavascriptMigration } from "./migrations/0024-search-terms-from-javascript.ts";
import { mediaUsedInMoreTextMigration } from "./migrations/0025-media-used-in-more-text.ts";
import { searchEntryFingerprintsMigration } from "./migrations/0026-search-entry-fingerprints.ts";
import { sitemapSlugsIndexMigration } from "./migrations/0027-sitemap-slugs-index.ts";
import { searchCatchUpMigration } from "./migrations/0028-search-catch-up.ts";
import { longTextsLastMigration } from "./migrations/0029-long-texts-last.ts";
import { draftsBesideTheLiveTextMigration } from "./migrations/0030-drafts-beside-the-live-text.ts";
import { versionPresenceMigration } from "./migrations/0031-version-presence.ts";
import { searchTextNfkcMigration } from "./migrations/0033-search-text-nfkc.ts";
import { sourceRevisionsFromHistoryMigration } from "./migrations/0034-source-revisions-from-history.ts";
import { adminTextsSince0025Migration } from "./migrations/0035-admin-texts-since-0025.ts";
import { oneVocabularyMigration } from "./migrations/0036-one-vocabulary.ts";
import { webhooksMigration } from "./migrations/0037-webhooks.ts";
import { adminTextsWebhooksMigration } from "./migrations/0038-admin-texts-webhooks.ts";
import { apiKeysMigration } from "./migrations/0039-api-keys.ts";
import { adminTextsApiKeysMigration } from "./migrations/0040-admin-texts-api-keys.ts";
import { adminTextsWorkbenchMigration } from "./migrations/0043-admin-texts-workbench.ts";
import { translationMemoryMigration } from "./migrations/0045-translation-memory.ts";
import { glossaryMigration } from "./migrations/0046-glossary.ts";
import { adminTextsGlossaryMigration } from "./migrations/0047-admin-texts-glossary.ts";
import { machineSegmentsMigration } from "./migrations/0048-machine-segments.ts";
import { adminTextsMachineTranslationMigration } from "./migrations/0049-admin-texts-machine-translation.ts";
import { tagNamesMigration } from "./migrations/0050-tag-names.ts";
import { adminTextsTagsMigration } from "./migrations/0051-admin-texts-tags.ts";
import { memoryKeysByTextMigration } from "./migrations/0054-memory-keys-by-text.ts";
import { adminTextsPagesAndApiMigration } from "./migrations/0056-admin-texts-pages-and-api.ts";
import { searchEntriesWithoutTextMigration } from "./migrations/0060-search-entries-without-text.ts";
import { revisionsShareTheLiveTextMigration } from "./migrations/0061-revisions-share-the-live-text.ts";
import { draftBodiesLz4Migration } from "./migrations/0062-draft-bodies-lz4.ts";

function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    "0001-initial": initialMigration(dialect),
    "0002-sign-in-attempts": signInAttemptsMigration,
    "0003-rome-import-chunks": romeImportChunksMigration(dialect),
    "0004-content-on-demand": contentOnDemandMigration(dialect),
    "0006-media-library": mediaLibraryMigration(dialect),
    "0007-translation-status": translationStatusMigration,
    "0008-fallback-chains": fallbackChainsMigration,
    "0009-search-and-tags": searchAndTagsMigration(dialect),
    "0010-publishing": publishingMigration(dialect),
    "0011-roles": rolesMigration,
    "0013-admin-language": adminLanguageMigration,
    "0014-admin-texts": adminTextsMigration,
    "0016-public-strings": publicStringsMigration,
    "0017-search-and-tag-indexes": searchAndTagIndexesMigration(dialect),
    "0018-admin-check-texts": adminCheckTextsMigration,
    "0020-narrow-search-rows": narrowSearchRowsMigration(dialect),
    "0021-sitemap-lastmod-index": sitemapLastmodIndexMigration,
    "0022-lz4-text-compression": lz4TextCompressionMigration(dialect),
    "0023-contentless-search-index": contentlessSearchIndexMigration(dialect),
    "0024-search-terms-from-javascript": searchTermsFromJavascriptMigration(dialect),
    "0025-media-used-in-more-text": mediaUsedInMoreTextMigration,
    "0026-search-entry-fingerprints": searchEntryFingerprintsMigration,
    "0027-sitemap-slugs-index": sitemapSlugsIndexMigration,
    "0028-search-catch-up": searchCatchUpMigration,
    "0029-long-texts-last": longTextsLastMigration(dialect),
    "0030-drafts-beside-the-live-text": draftsBesideTheLiveTextMigration,
    "0031-version-presence": versionPresenceMigration,
    // The seed's public strings again, for the strings issue 44 added (the French job titles' notice, the not-translated heading).
    "0032-visitor-strings": publicStringsMigration,
    "0033-search-text-nfkc": searchTextNfkcMigration,
    "0034-source-revisions-from-history": sourceRevisionsFromHistoryMigration,
    "0035-admin-texts-since-0025": adminTextsSince0025Migration,
    "0036-one-vocabulary": oneVocabularyMigration(dialect),
    "0037-webhooks": webhooksMigration(dialect),
    "0038-admin-texts-webhooks": adminTextsWebhooksMigration,
    "0039-api-keys": apiKeysMigration(dialect),
    "0040-admin-texts-api-keys": adminTextsApiKeysMigration,
    "0043-admin-texts-workbench": adminTextsWorkbenchMigration,
    "0045-translation-memory": translationMemoryMigration(dialect),
    "0046-glossary": glossaryMigration(dialect),
    "0047-admin-texts-glossary": adminTextsGlossaryMigration,
    "0048-machine-segments": machineSegmentsMigration,
    "0049-admin-texts-machine-translation": adminTextsMachineTranslationMigration,
    "0050-tag-names": tagNamesMigration,
    "0051-admin-texts-tags": adminTextsTagsMigration,
    "0054-memory-keys-by-text": memoryKeysByTextMigration(dialect),
    "0056-admin-texts-pages-and-api": adminTextsPagesAndApiMigration,
    "0060-search-entries-without-text": searchEntriesWithoutTextMigration(dialect),
    "0061-revisions-share-the-live-text": revisionsShareTheLiveTextMigration(dialect),
    "0062-draft-bodies-lz4": draftBodiesLz4Migration(dialect),
  };
}

function migratorFor(handle: DatabaseHandle): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.dialect) };
  return new Migrator({ db: handle.db, provider });
}

/** The names of the migrations this code knows, in the order they run (Kysely's: by name). */
export function knownMigrations(): string[] {
  return Object.keys(migrationsFor("sqlite")).sort((a, b) => a.localeCompare(b));
}

/** A migration row as Kysely keeps it in kysely_migration. */
export interface AppliedMigration {
  name: string;
  timestamp: string;
}

/**
 * Why this code cannot take a database whose kysely_migration holds `applied` (worded to follow
 * "The database …"), or null when it can: they are the first of knownMigrations(), in the order
 * Kysely reads them (by time, then name). Said before Kysely's own refusals ("corrupted
 * migrations: …"), which name no remedy.
 */
export function migrationStateProblem(
  applied: readonly AppliedMigration[],
  known: readonly string[] = knownMigrations(),
): string | null {
  const unknown = applied.map((row) => row.name).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    const last = known.at(-1) ?? "";
    const names = unknown.sort((a, b) => a.localeCompare(b)).join(", ");
    return unknown.every((name) => name.localeCompare(last) > 0)
      ? `was made by a newer Polyglot Press (migration ${names}, unknown to this one): upgrade first`
      : `holds migration ${names}, which no Polyglot Press release makes`;
  }
  const times = applied.map((row) => new Date(row.timestamp).getTime());
  const unreadable = applied.find((_row, index) => Number.isNaN(times[index]));
  if (unreadable) return `has migration ${unreadable.name} with an unreadable time (${unreadable.timestamp})`;
  const order = applied
    .map((row, index) => ({ name: row.name, time: times[index]! }))
    .sort((a, b) => a.time - b.time || a.name.localeCompare(b.name))
    .map((row) => row.name);
  const gap = order.findIndex((name, index) => name !== known[index]);
  if (gap >= 0) return `has migrations out of this release's order (${order[gap]} where ${known[gap]} comes)`;
  return null;
}

async function appliedMigrations(handle: DatabaseHandle): Promise<AppliedMigration[]> {
  const exists =
    handle.dialect === "sqlite"
      ? await sql<{
          found: number;
        }>`select 1 as found from sqlite_schema where type = 'table' and name = 'kysely_migration'`.execute(handle.db)
      : await sql<{ found: number }>`select 1 as found where to_regclass('kysely_migration') is not null`.execute(
          handle.db,
        );
  if (exists.rows.length === 0) return [];
  return (await sql<AppliedMigration>`select name, timestamp from kysely_migration`.execute(handle.db)).rows;
}

/** Runs every migration not yet applied; refuses, changing nothing, a database a newer release (or something else) migrated. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const problem = migrationStateProblem(await appliedMigrations(handle));
  if (problem !== null) throw new Error(`The database ${problem}.`);
  checkMigrationResult(await migratorFor(handle).migrateToLatest());
}

/** Runs the migrations up to and including `name` only: how tests make a database as an older release left it. */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  checkMigrationResult(await migratorFor(handle).migrateTo(name));
}

function checkMigrationResult({ error, results }: MigrationResultSet): void {
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : error === undefined ? "" : inspect(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${cause}`.trim());
  }
}

/** Names of the migrations this code knows but the database has not run (readiness: none may be pending). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const migrations = await migratorFor(handle).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
