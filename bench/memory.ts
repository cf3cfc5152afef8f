/**
 * The translation-memory benchmark (issue 45 item 2, decisions 0215 and 0225):
 * `npm run bench:memory -- --articles 10000,100000 [--database sqlite|postgres] [--distinct 2000]
 * [--languages en,fr,es,de,pt,ar,ja] [--lookups 200]`.
 * Fills a freshly migrated database, size after size, with the memory of generated articles
 * (bench/generate-articles.ts: ~1 000 words, 50 units per version) in the languages given, then times the admin API's
 * lookup (server/memory/matches.ts findMatches, English → French) for an exact match, a fuzzy one (two words of a
 * paragraph changed, about 96 %), a far one (a fifth of its words changed, about 80 %) and a miss.
 * The first `--distinct` articles are cut and keyed by the memory's own code (core/segments/split.ts, similarity.ts,
 * server/memory/units.ts's articleUnits and addUnits); the rest are copies of them under their own article ids and
 * dates, made in SQL (cutting 700 000 Markdown bodies takes longer than the machine has): the memory's worst case for
 * exact matches and places, every text held in many places. The copies' rows go in without the indexes, which are
 * then made again as the migrations define them (read from the database), and the statistics gathered.
 * Prints one table per size, with the time to fill and the load average.
 */
import { loadavg, tmpdir } from "node:os";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { sql, type Kysely } from "kysely";
import { markdownSegments } from "#core/segments/split.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Database } from "#server/db/schema.ts";
import { findMatches } from "#server/memory/matches.ts";
import { addUnits, articleUnits } from "#server/memory/units.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { articleLine, VOCABULARY } from "./generate-articles.ts";

const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "1000" },
    database: { type: "string", default: "sqlite" },
    distinct: { type: "string", default: "2000" },
    languages: { type: "string", default: "en,fr,es,de,pt,ar,ja" },
    lookups: { type: "string", default: "200" },
  },
});
const SIZES = (values.articles ?? "").split(",").map(Number);
const KIND = values.database === "postgres" ? "postgres" : "sqlite";
const DISTINCT = Math.min(Number(values.distinct), SIZES.at(-1)!);
const LOOKUPS = Number(values.lookups);
const CODES: Record<string, string> = {
  en: "en-US",
  fr: "fr-FR",
  es: "es-ES",
  de: "de-DE",
  pt: "pt-BR",
  ar: "ar",
  ja: "ja-JP",
};
const LANGUAGES = (values.languages ?? "").split(",");
if (!LANGUAGES.includes("en") || !LANGUAGES.includes("fr") || LANGUAGES.some((language) => !(language in CODES)))
  throw new Error("--languages must name en and fr, among en,fr,es,de,pt,ar,ja");
const EPOCH_SECONDS = Date.UTC(2020, 0, 1) / 1000;

const quantile = (numbers: number[], q: number) =>
  [...numbers].sort((a, b) => a - b)[Math.min(numbers.length - 1, Math.floor(numbers.length * q))]!;
const round = (value: number) => +value.toFixed(2);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/** Each distinct article's English paragraphs, the texts looked up. */
const paragraphs: string[][] = [];

/** Distinct articles `from + 1` to `to`, cut and stored by the memory's own code. */
async function fillDistinct(db: Kysely<Database>, from: number, to: number) {
  for (let article = from + 1; article <= to; article += 1) {
    const line = JSON.parse(articleLine(article)) as {
      versions: Record<string, { title: string; summary: string; body: string }>;
    };
    const at = new Date((EPOCH_SECONDS + article * 60) * 1000).toISOString();
    await db.transaction().execute(async (trx) => {
      for (const language of LANGUAGES) {
        const version = line.versions[language]!;
        await addUnits(
          trx,
          CODES[language]!,
          article,
          articleUnits(article, version, markdownSegments(version.body)),
          at,
        );
      }
    });
    paragraphs.push(
      markdownSegments(line.versions.en!.body)
        .filter((segment) => segment.kind === "paragraph")
        .map((segment) => segment.text),
    );
  }
}

/** The statements that make memory_units' indexes, as the migrations made them. */
async function unitIndexes(db: Kysely<Database>): Promise<{ name: string; definition: string }[]> {
  const { rows } =
    KIND === "sqlite"
      ? await sql<{ name: string; definition: string }>`
          select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name = 'memory_units' and sql is not null`.execute(db)
      : await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where tablename = 'memory_units' and indexname <> 'memory_units_pkey'`.execute(db);
  return rows;
}

/** The copy statement: articles `first`..`last` of the distinct ones again, `offset` article ids later. */
function copyStatement(offset: number, first: number, last: number): string {
  const date =
    KIND === "sqlite"
      ? `strftime('%Y-%m-%dT%H:%M:%fZ', ${EPOCH_SECONDS} + (article_id + ${offset}) * 60, 'unixepoch')`
      : `to_char(to_timestamp(${EPOCH_SECONDS} + (article_id + ${offset}) * 60) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const colon = KIND === "sqlite" ? "instr(unit_key, ':')" : "strpos(unit_key, ':')";
  return `insert into memory_units (unit_key, article_id, code, exact_key, updated_at, text)
    select 'a' || (article_id + ${offset}) || substr(unit_key, ${colon}), article_id + ${offset}, code, exact_key,
      ${date}, text
    from distinct_units where article_id between ${first} and ${last}`;
}

/** Articles `from + 1` to `to` (past the distinct ones) as copies, without the indexes, which are then made again. */
async function fillCopies(handle: DatabaseHandle, path: string, from: number, to: number) {
  const indexes = await unitIndexes(handle.db);
  const statements: string[] = [];
  for (let offset = Math.floor(from / DISTINCT) * DISTINCT; offset < to; offset += DISTINCT) {
    const first = Math.max(1, from + 1 - offset);
    const last = Math.min(DISTINCT, to - offset);
    if (first <= last) statements.push(copyStatement(offset, first, last));
  }
  const source = `create ${KIND === "sqlite" ? "temp " : ""}table distinct_units as
    select * from memory_units where article_id <= ${DISTINCT} order by id`;
  const recreate = [...indexes.map((index) => index.definition), KIND === "sqlite" ? "analyze" : "vacuum analyze"];
  if (KIND === "postgres") {
    for (const statement of [source, ...indexes.map((index) => `drop index ${index.name}`), ...statements])
      await sql.raw(statement).execute(handle.db);
    await sql.raw("drop table distinct_units").execute(handle.db);
    for (const statement of recreate) await sql.raw(statement).execute(handle.db);
    return;
  }
  // SQLite: alone on the file, without a journal while filling (a bench's database; the server's is WAL).
  await handle.close();
  const db = new DatabaseSync(path);
  db.exec("pragma journal_mode = delete; pragma journal_mode = off; pragma synchronous = off;");
  db.exec("pragma cache_size = -1000000; pragma temp_store = memory; pragma analysis_limit = 1000;");
  db.exec(source);
  for (const index of indexes) db.exec(`drop index ${index.name}`);
  for (const statement of statements) db.exec(statement);
  for (const statement of recreate) db.exec(statement);
  db.exec("pragma journal_mode = wal;");
  db.close();
}

function changed(text: string, share: number, seed: number): string {
  const words = text.split(" ");
  const count = Math.max(2, Math.round(words.length * share));
  for (let index = 0; index < count; index += 1) words[(seed * 7 + index * 5) % words.length] = "zebra";
  return words.join(" ");
}

async function measure(db: Kysely<Database>) {
  const pick = (seed: number) => {
    const article = paragraphs[seed % paragraphs.length]!;
    return article[seed % article.length]!;
  };
  const kinds: Record<string, (seed: number) => [query: string, expected: string | null]> = {
    exact: (seed) => [pick(seed), pick(seed)],
    "fuzzy (2 words changed)": (seed) => [changed(pick(seed), 0, seed), pick(seed)],
    "far (20 % changed)": (seed) => [changed(pick(seed), 0.2, seed), pick(seed)],
    miss: (seed) => [
      Array.from({ length: 25 }, (_, index) => VOCABULARY.en![(seed * 13 + index * index) % 22]).join(" "),
      null,
    ],
  };
  const rows = [];
  for (const [kind, lookup] of Object.entries(kinds)) {
    const times: number[] = [];
    let found = 0;
    let first = 0;
    for (let seed = 0; seed < LOOKUPS; seed += 1) {
      const [query, expected] = lookup(seed);
      const started = performance.now();
      const matches = await findMatches(db, "en-US", "fr-FR", query);
      times.push(performance.now() - started);
      if (matches.length > 0) found += 1;
      if (expected !== null && matches[0]?.source === expected) first += 1;
    }
    rows.push({
      kind,
      p50: round(quantile(times, 0.5)),
      p95: round(quantile(times, 0.95)),
      found: `${found}/${LOOKUPS}`,
      "right source first": kind === "miss" ? "" : `${first}/${LOOKUPS}`,
    });
  }
  return rows;
}

async function count(db: Kysely<Database>, table: "memory_units" | "memory_keys") {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const dir = mkdtempSync(join(tmpdir(), "pp-bench-memory-"));
const path = join(dir, "memory.db");
const postgres = KIND === "postgres" ? await createPostgresDatabase("memory_bench") : null;
const open = () => openDatabase(postgres ? { kind: "postgres", url: postgres.url } : { kind: "sqlite", path });
try {
  let handle = open();
  await migrateToLatest(handle);
  let filled = 0;
  for (const size of SIZES) {
    const started = performance.now();
    await fillDistinct(handle.db, Math.min(filled, DISTINCT), Math.min(size, DISTINCT));
    console.log(`${Math.min(size, DISTINCT)} distinct articles cut and stored in ${seconds(started)}, load ${load()}`);
    if (size > DISTINCT) {
      const copying = performance.now();
      await fillCopies(handle, path, Math.max(filled, DISTINCT), size);
      if (KIND === "sqlite") handle = open();
      console.log(`Copies to ${size} articles, indexes and statistics in ${seconds(copying)}, load ${load()}`);
    }
    filled = size;
    const [units, keys] = [await count(handle.db, "memory_units"), await count(handle.db, "memory_keys")];
    const rows = await measure(handle.db);
    console.log(
      `\n${KIND}: ${size} articles × ${LANGUAGES.length} languages (${DISTINCT} distinct): ${units} units, ${keys} key rows; filled in ${seconds(started)}; load average ${load()}`,
    );
    console.table(rows);
  }
  await handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
  await postgres?.drop();
}
