/**
 * The translation-memory benchmark (issue 45 item 2, decision 0215):
 * `npm run bench:memory -- --articles 10000,100000 [--distinct 2000] [--languages en,fr,es,de,pt,ar,ja]`.
 * Fills a freshly migrated SQLite database, size after size, with the memory of generated articles
 * (bench/generate-articles.ts: ~1 000 words, ~50 blocks per version) in the languages given, cut and keyed by the
 * memory's own code (core/memory/segments.ts, similarity.ts, server/memory/units.ts's articleUnits), then times the
 * admin API's lookup (server/memory/matches.ts findMatches, English → French) for an exact match, a fuzzy one
 * (two words of a paragraph changed, about 93 %), a far one (a fifth of its words changed) and a miss.
 * Past `--distinct` articles the rest are copies of the distinct ones under their own article ids (cutting 700 000
 * Markdown bodies takes longer than the machine has): a copy's texts and keys are its original's, which is the memory's
 * worst case — every key's list is full, every exact text found in many places. Rows are written with prepared
 * statements of node:sqlite (the lookup alone is what is measured). Prints one table per size, with the load average.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { markdownSegments } from "#core/memory/segments.ts";
import { exactKey, segmentTokens, sketchKeys } from "#core/memory/similarity.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { findMatches } from "#server/memory/matches.ts";
import { articleUnits, type MemoryUnit } from "#server/memory/units.ts";
import { articleLine, VOCABULARY } from "./generate-articles.ts";

const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "1000" },
    distinct: { type: "string", default: "2000" },
    languages: { type: "string", default: "en,fr,es,de,pt,ar,ja" },
    lookups: { type: "string", default: "200" },
  },
});
const SIZES = (values.articles ?? "").split(",").map(Number);
const DISTINCT = Number(values.distinct);
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

const quantile = (numbers: number[], q: number) =>
  [...numbers].sort((a, b) => a - b)[Math.min(numbers.length - 1, Math.floor(numbers.length * q))]!;
const round = (value: number) => +value.toFixed(2);

interface DistinctArticle {
  /** Per language: the units of article 0 (their keys rewritten per copy), with their sketch keys. */
  units: Map<string, { unit: MemoryUnit; exact: string; keys: number[] }[]>;
  englishParagraphs: string[];
}

function cut(index: number): DistinctArticle {
  const line = JSON.parse(articleLine(index)) as {
    versions: Record<string, { title: string; summary: string; body: string }>;
  };
  const units = new Map<string, { unit: MemoryUnit; exact: string; keys: number[] }[]>();
  for (const language of LANGUAGES) {
    const version = line.versions[language]!;
    const code = CODES[language]!;
    units.set(
      language,
      articleUnits(0, version, markdownSegments(version.body)).map((unit) => ({
        unit,
        exact: exactKey(unit.text),
        keys: sketchKeys(code, segmentTokens(unit.text)),
      })),
    );
  }
  const english = markdownSegments(line.versions.en!.body);
  return {
    units,
    englishParagraphs: english.filter((segment) => segment.kind === "paragraph").map((segment) => segment.text),
  };
}

function fill(path: string, from: number, to: number, distinct: DistinctArticle[]) {
  const db = new DatabaseSync(path);
  db.exec("pragma journal_mode = wal; pragma synchronous = off; pragma cache_size = -2000000;");
  const unit = db.prepare(
    "insert into memory_units (unit_key, article_id, code, text, exact_key, updated_at) values (?, ?, ?, ?, ?, ?) returning id",
  );
  const key = db.prepare("insert or ignore into memory_keys (key, unit_id) values (?, ?)");
  for (let start = from; start < to; start += 500) {
    db.exec("begin");
    for (let article = start + 1; article <= Math.min(to, start + 500); article += 1) {
      const source = distinct[(article - 1) % distinct.length]!;
      const at = new Date(Date.UTC(2020, 0, 1) + article * 60_000).toISOString();
      for (const [language, units] of source.units)
        for (const entry of units) {
          const unitKey = entry.unit.unitKey.replace(/^a0:/, `a${article}:`);
          const { id } = unit.get(unitKey, article, CODES[language]!, entry.unit.text, entry.exact, at) as {
            id: number;
          };
          for (const sketch of entry.keys) key.run(sketch, id);
        }
    }
    db.exec("commit");
  }
  db.close();
}

function changed(text: string, share: number, seed: number): string {
  const words = text.split(" ");
  const count = Math.max(2, Math.round(words.length * share));
  for (let index = 0; index < count; index += 1) words[(seed * 7 + index * 5) % words.length] = "zebra";
  return words.join(" ");
}

async function measure(path: string, distinct: DistinctArticle[], size: number) {
  const handle = openDatabase({ kind: "sqlite", path });
  const kinds: Record<string, (seed: number) => string> = {
    exact: (seed) => pick(seed),
    "fuzzy (2 words changed)": (seed) => changed(pick(seed), 0, seed),
    "far (20 % changed)": (seed) => changed(pick(seed), 0.2, seed),
    miss: (seed) =>
      Array.from({ length: 25 }, (_, index) => VOCABULARY.en![(seed * 13 + index * index) % 22]).join(" "),
  };
  function pick(seed: number) {
    const article = distinct[seed % distinct.length]!;
    return article.englishParagraphs[seed % article.englishParagraphs.length]!;
  }
  const rows = [];
  for (const [kind, query] of Object.entries(kinds)) {
    const times: number[] = [];
    let found = 0;
    for (let seed = 0; seed < LOOKUPS; seed += 1) {
      const started = performance.now();
      const matches = await findMatches(handle.db, "en-US", "fr-FR", query(seed));
      times.push(performance.now() - started);
      if (matches.length > 0) found += 1;
    }
    rows.push({
      kind,
      p50: round(quantile(times, 0.5)),
      p95: round(quantile(times, 0.95)),
      found: `${found}/${LOOKUPS}`,
    });
  }
  const { units } = await handle.db
    .selectFrom("memory_units")
    .select((eb) => eb.fn.countAll().as("units"))
    .executeTakeFirstOrThrow();
  await handle.close();
  console.log(
    `\n${size} articles × ${LANGUAGES.length} languages: ${String(units)} units; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}`,
  );
  console.table(rows);
}

const dir = mkdtempSync(join(tmpdir(), "pp-bench-memory-"));
const path = join(dir, "memory.db");
try {
  const migrated = openDatabase({ kind: "sqlite", path });
  await migrateToLatest(migrated);
  await migrated.close();
  const started = performance.now();
  const distinct = Array.from({ length: Math.min(DISTINCT, SIZES.at(-1)!) }, (_, index) => cut(index + 1));
  console.log(`Cut ${distinct.length} distinct articles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  let filled = 0;
  for (const size of SIZES) {
    const fillStarted = performance.now();
    fill(path, filled, size, distinct);
    filled = size;
    console.log(`Filled to ${size} articles in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);
    await measure(path, distinct, size);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
