/**
 * Translation-memory lookups (issue 45 item 2, decision 0215): for a segment in one language, the translations the
 * memory holds of the same text (exact) and of texts at least 70 % alike (fuzzy), with the score and the words that
 * differ. Never a scan: exact candidates come by the (code, exact_key) index, fuzzy ones by the sketch keys'
 * index, at most CANDIDATES_PER_KEY per key (the newest), and only those are scored here.
 */
import type { Kysely } from "kysely";
import {
  exactKey,
  FUZZY_THRESHOLD,
  segmentDifferences,
  segmentTokens,
  similarity,
  sketchKeys,
  type SegmentDifference,
} from "#core/memory/similarity.ts";
import type { Database } from "#server/db/schema.ts";

/** How many units one sketch key brings at most: the newest; bounds a lookup's work whatever the memory's size. */
export const CANDIDATES_PER_KEY = 30;
export const MAX_MATCHES = 10;

export interface MemoryMatch {
  score: number;
  source: string;
  target: string;
  /** The memory's source against the segment asked about, word by word. */
  differences: SegmentDifference[];
  /** How many places (article blocks, UI strings) hold this same pair. */
  uses: number;
  /** When the newest of them was published. */
  updatedAt: string;
}

interface PairRow {
  id: number;
  source: string;
  target: string;
  updated_at: string;
}

function pairs(db: Kysely<Database>, to: string) {
  return db
    .selectFrom("memory_units as u")
    .innerJoin("memory_units as t", (join) => join.onRef("t.unit_key", "=", "u.unit_key").on("t.code", "=", to))
    .select(["u.id as id", "u.text as source", "t.text as target", "t.updated_at as updated_at"]);
}

async function fuzzyCandidates(db: Kysely<Database>, from: string, text: string): Promise<number[]> {
  const ids = new Set<number>();
  for (const key of sketchKeys(from, segmentTokens(text))) {
    const rows = await db
      .selectFrom("memory_keys")
      .select("unit_id")
      .where("key", "=", key)
      .orderBy("unit_id", "desc")
      .limit(CANDIDATES_PER_KEY)
      .execute();
    for (const row of rows) ids.add(row.unit_id);
  }
  return [...ids];
}

/** The pairs found, one per (source, target) text: the best score, the count, the newest date. */
function grouped(text: string, rows: readonly PairRow[]): MemoryMatch[] {
  const byPair = new Map<string, MemoryMatch>();
  const scores = new Map<string, number>();
  const seen = new Set<number>();
  for (const row of rows) {
    // A unit found both ways (exact and by its keys) counts once.
    if (row.target.trim() === "" || seen.has(row.id)) continue;
    seen.add(row.id);
    const score = scores.get(row.source) ?? similarity(text, row.source);
    scores.set(row.source, score);
    if (score < FUZZY_THRESHOLD) continue;
    const id = `${row.source}\u0000${row.target}`;
    const known = byPair.get(id);
    if (known) {
      known.uses += 1;
      if (row.updated_at > known.updatedAt) known.updatedAt = row.updated_at;
    } else
      byPair.set(id, {
        score,
        source: row.source,
        target: row.target,
        differences: [],
        uses: 1,
        updatedAt: row.updated_at,
      });
  }
  return [...byPair.values()];
}

/** Matches of `text` (in `from`) translated into `to`: best score first, then newest, then most used. */
export async function findMatches(
  db: Kysely<Database>,
  from: string,
  to: string,
  text: string,
  limit = MAX_MATCHES,
): Promise<MemoryMatch[]> {
  if (text.trim() === "" || from === to) return [];
  const exact = await pairs(db, to)
    .where("u.code", "=", from)
    .where("u.exact_key", "=", exactKey(text))
    .orderBy("t.updated_at", "desc")
    .limit(CANDIDATES_PER_KEY)
    .execute();
  const ids = await fuzzyCandidates(db, from, text);
  const fuzzy =
    ids.length === 0 ? [] : await pairs(db, to).where("u.id", "in", ids).where("u.code", "=", from).execute();
  const matches = grouped(text, [...exact, ...fuzzy])
    .sort((a, b) => b.score - a.score || b.updatedAt.localeCompare(a.updatedAt) || b.uses - a.uses)
    .slice(0, limit);
  for (const match of matches) match.differences = segmentDifferences(match.source, text, from);
  return matches;
}
