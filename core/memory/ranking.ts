/**
 * How a translation-memory lookup chooses and orders (issue 45 item 2, decisions 0215 and 0225): which candidate
 * texts are worth scoring (those sharing the most sketch keys with the segment), and the matches as offered — one per
 * (source, target) text, at least FUZZY_THRESHOLD alike, best score first, then newest, then most used.
 */
import { FUZZY_THRESHOLD, similarity } from "./similarity.ts";

/**
 * The candidates found under the most of the segment's sketch keys, at most `count`: each list is what one key's
 * index entry holds. Sharing more bands means more alike (each band is shared with probability J²), so the few
 * scored are the likeliest matches; ties keep the order found.
 */
export function likeliestCandidates(lists: readonly (readonly string[])[], count: number): string[] {
  const shared = new Map<string, number>();
  for (const list of lists) for (const candidate of list) shared.set(candidate, (shared.get(candidate) ?? 0) + 1);
  return [...shared]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([candidate]) => candidate);
}

/** A place the memory holds a source text and its translation. */
export interface PairRow {
  source: string;
  target: string;
  updatedAt: string;
}

export interface RankedMatch {
  score: number;
  source: string;
  target: string;
  /** How many places (article blocks, UI strings) hold this same pair (among those read). */
  uses: number;
  /** When the newest of them was published. */
  updatedAt: string;
}

/** The pairs alike enough to `text`, one per (source, target) text: best score first, then newest, then most used. */
export function rankMatches(text: string, rows: readonly PairRow[], limit: number): RankedMatch[] {
  const scores = new Map<string, number>();
  const byPair = new Map<string, RankedMatch>();
  for (const row of rows) {
    if (row.target.trim() === "") continue;
    const score = scores.get(row.source) ?? similarity(text, row.source);
    scores.set(row.source, score);
    if (score < FUZZY_THRESHOLD) continue;
    const id = `${row.source}\u0000${row.target}`;
    const known = byPair.get(id);
    if (known) {
      known.uses += 1;
      if (row.updatedAt > known.updatedAt) known.updatedAt = row.updatedAt;
    } else byPair.set(id, { score, source: row.source, target: row.target, uses: 1, updatedAt: row.updatedAt });
  }
  return [...byPair.values()]
    .sort((a, b) => b.score - a.score || b.updatedAt.localeCompare(a.updatedAt) || b.uses - a.uses)
    .slice(0, limit);
}
