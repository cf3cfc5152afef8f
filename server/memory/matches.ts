/**
 * Translation-memory lookups (issue 45 item 2, decisions 0215 and 0225): for a segment in one language, the
 * translations the memory holds of the same text (exact) and of texts at least 70 % alike (fuzzy), with the score and
 * the words that differ. Never a scan, and a bounded amount of work whatever the memory's size:
 * 1. the segment's sketch keys, each an index-only read of at most CANDIDATES_PER_KEY distinct texts (their exact
 *    keys, no text);
 * 2. the SCORED_CANDIDATES texts sharing the most keys, and the segment's own exact key: one text of each, read once
 *    whatever the number of places holding it, and scored;
 * 3. for the best-scored texts, the places holding them with their translation, the newest PLACES_PER_SOURCE each.
 */
import type { Kysely } from "kysely";
import { likeliestCandidates, rankMatches, type PairRow, type RankedMatch } from "#core/memory/ranking.ts";
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

/** Distinct texts read per sketch key (index entries only): a very common key's list is cut here. */
export const CANDIDATES_PER_KEY = 200;
/** Texts scored per lookup: those sharing the most keys with the segment. */
export const SCORED_CANDIDATES = 40;
/** Places read per matching source text (the newest): `uses` counts among these. */
export const PLACES_PER_SOURCE = 50;
/** Matching source texts whose places are read, at most. */
const MAX_SOURCES = 30;
export const MAX_MATCHES = 10;

export interface MemoryMatch extends RankedMatch {
  /** The memory's source against the segment asked about, word by word. */
  differences: SegmentDifference[];
}

/** Steps 1 and 2: the exact keys of the texts worth scoring, the segment's own first. */
async function candidateKeys(db: Kysely<Database>, from: string, text: string): Promise<string[]> {
  const lists = await Promise.all(
    sketchKeys(from, segmentTokens(text)).map((key) =>
      db.selectFrom("memory_keys").select("exact_key").where("key", "=", key).limit(CANDIDATES_PER_KEY).execute(),
    ),
  );
  const own = exactKey(text);
  const likeliest = likeliestCandidates(
    lists.map((rows) => rows.map((row) => row.exact_key)),
    SCORED_CANDIDATES + 1,
  );
  return [own, ...likeliest.filter((key) => key !== own)].slice(0, SCORED_CANDIDATES + 1);
}

/** One text per exact key in `from` (the first stored), whatever the number of places holding it. */
async function textsOf(db: Kysely<Database>, from: string, keys: readonly string[]) {
  return db
    .selectFrom("memory_units")
    .select(["exact_key", "text"])
    .where(
      "id",
      "in",
      db
        .selectFrom("memory_units")
        .select((eb) => eb.fn.min("id").as("id"))
        .where("code", "=", from)
        .where("exact_key", "in", keys)
        .groupBy("exact_key"),
    )
    .execute();
}

/** Step 3: the newest places holding a source text (by its exact key) with their translation into `to`. */
function placesOf(db: Kysely<Database>, from: string, to: string, key: string): Promise<PairRow[]> {
  return db
    .selectFrom("memory_units as u")
    .innerJoin("memory_units as t", (join) => join.onRef("t.unit_key", "=", "u.unit_key").on("t.code", "=", to))
    .select(["u.text as source", "t.text as target", "t.updated_at as updatedAt"])
    .where("u.code", "=", from)
    .where("u.exact_key", "=", key)
    .orderBy("u.id", "desc")
    .limit(PLACES_PER_SOURCE)
    .execute();
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
  const texts = await textsOf(db, from, await candidateKeys(db, from, text));
  const sources = texts
    .map((row) => ({ key: row.exact_key, score: similarity(text, row.text) }))
    .filter((source) => source.score >= FUZZY_THRESHOLD)
    .sort((a, b) => b.score - a.score);
  const rows: PairRow[] = [];
  const pairs = new Set<string>();
  for (const [index, source] of sources.slice(0, MAX_SOURCES).entries()) {
    // Enough pairs, and every text as good as the last read has been read: the rest would rank below them.
    if (pairs.size >= limit && source.score < sources[index - 1]!.score) break;
    for (const row of await placesOf(db, from, to, source.key)) {
      rows.push(row);
      if (row.target.trim() !== "") pairs.add(`${row.source}\u0000${row.target}`);
    }
  }
  return rankMatches(text, rows, limit).map((match) => ({
    ...match,
    differences: segmentDifferences(match.source, text, from),
  }));
}
