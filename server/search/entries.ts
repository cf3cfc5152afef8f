/**
 * What the search index holds and how a query is matched, in JavaScript (decisions 0090, 0124): each entry's
 * index form (./index-form.ts, made from its terms: ./terms.ts), and a query's terms and phrase. How each database stores and
 * matches them is server/db/full-text.ts.
 */
import type { Kysely, Transaction } from "kysely";
import {
  dialectOf,
  insertIndexedEntries,
  searchTerms,
  type EntryColumns,
  type IndexedSearchEntry,
  type SearchEntry,
  type SearchFound,
} from "#server/db/full-text.ts";
import type { Database } from "#server/db/schema.ts";
import { queryPhrase, queryTerms } from "./terms.ts";
import { indexForm } from "./index-form.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Adds entries, computing the index form of those that come without one; the caller removed the versions'
 * previous ones. `options`: the entries' columns on a database as an older release left it (EntryColumns).
 */
export async function insertSearchEntries(
  db: Db,
  entries: readonly (SearchEntry | IndexedSearchEntry)[],
  options: EntryColumns = {},
): Promise<void> {
  const dialect = dialectOf(db);
  await insertIndexedEntries(
    db,
    entries.map((entry) =>
      entry.indexed === undefined ? { ...entry, indexed: indexForm(dialect, entry, entry.code) } : entry,
    ),
    options,
  );
}

/**
 * What a query matches in a language: a page of hits, best first, and the number of hits up to COUNT_CAP
 * (+1 means more); those holding the query's words as its phrase first (server/db/full-text.ts, searchTerms).
 */
export async function searchEntries(
  db: Db,
  code: string,
  query: string,
  limit: number,
  offset: number,
): Promise<SearchFound> {
  return searchTerms(db, code, queryTerms(query, code), queryPhrase(query, code), limit, offset);
}
