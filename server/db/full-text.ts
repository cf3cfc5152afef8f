/**
 * The search index's SQL, per dialect (docs/decisions/0090-search-feeds-and-tags.md): how entries
 * are stored and matched. What is indexed and queried — the terms, made in JavaScript (folded,
 * segmented, Snowball-stemmed), and each entry's index form — is server/search/ (terms.ts,
 * index-form.ts); both dialects index and query the same terms, so a search finds the same versions on either
 * database. SQLite: a contentless FTS5 table (migration 0023) over the terms, each prefixed
 * with its language so one index serves every language without a filter; ranked by bm25.
 * PostgreSQL: a weighted tsvector of them (migration 0024), ranked by ts_rank. Both read only
 * published versions (isPublishedVersion) and cap their counts.
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import type { DialectName } from "./connect.ts";
import type { Database } from "./schema.ts";
import { isInsufficientPrivilege, isLockTimeout } from "./errors.ts";
import { isPublishedVersion } from "./published.ts";
import { languagePrefix, quoteLexeme, type IndexForm } from "./full-text-form.ts";

type Db = Kysely<Database> | Transaction<Database>;

interface SearchEntryColumns {
  article_id: number;
  code: string;
  title: string;
  summary: string;
  /** bodyFingerprint of the Markdown body the entry was made from (server/search/body-fingerprint.ts). */
  source_fingerprint: string | null;
}

/**
 * An entry to index from its body's words as a reader sees them (no Markdown): indexed, not stored (snippets are made
 * from the body, decision 0230). A bulk import's and the search catch-up's workers send the index form alone
 * (IndexedSearchEntry): the words stay on the worker.
 */
export type SearchEntry = SearchEntryColumns & { body_text: string; indexed?: undefined };

/** An entry with its index form, as its dialect stores it (its words too when an older shape stores them). */
export type IndexedSearchEntry = SearchEntryColumns & { body_text?: string; indexed: IndexForm };

export interface SearchHit {
  articleId: number;
  slug: string;
  title: string;
  summary: string;
  /** The published version's Markdown body, for the hit's snippet. */
  body: string;
}

/** Rows per insert statement: well under SQLite's bound-parameter limit. */
const INSERT_CHUNK = 100;

/** The FTS5 tokenizer of search_fts: terms are made in JavaScript already folded and stemmed; "_" joins a term to its language prefix. */
export const SQLITE_TOKENIZER = `"unicode61 remove_diacritics 0 tokenchars '_'"`;

/** The dialect behind a connection or transaction: the write paths that index do not all know it. */
export function dialectOf(db: Db): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * The columns of a search entry besides its index: since migration 0060 its fingerprint only; before, its text too
 * (`text`), and before 0026 its text only (`fingerprints: false`). The older shapes serve the migrations and the
 * migration tests that write entries on a database as an older release left it.
 */
export interface EntryColumns {
  fingerprints?: boolean;
  text?: boolean;
}

/** The words an entry of an older shape stores: the migrations that write those index from the bodies, never from index forms alone. */
function storedText(entry: IndexedSearchEntry): string {
  if (entry.body_text === undefined)
    throw new Error(`the search entry of ${entry.article_id}:${entry.code} has no words for the text column`);
  return entry.body_text;
}

/**
 * Adds entries with their index forms (server/search/entries.ts makes them); the caller removed the versions'
 * previous ones. SQLite's index is contentless (migration 0023): the entries are inserted first, then their
 * terms under the same rowids.
 */
export async function insertIndexedEntries(
  db: Db,
  entries: readonly IndexedSearchEntry[],
  { fingerprints = true, text = !fingerprints }: EntryColumns = {},
): Promise<void> {
  const dialect = dialectOf(db);
  const columns = sql.raw(
    [
      "article_id",
      "code",
      "title",
      "summary",
      ...(text ? ["body_text"] : []),
      ...(fingerprints ? ["source_fingerprint"] : []),
    ].join(", "),
  );
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    const chunk = entries.slice(start, start + INSERT_CHUNK);
    const common = (entry: IndexedSearchEntry) =>
      sql.join([
        entry.article_id,
        entry.code,
        entry.title,
        entry.summary,
        ...(text ? [storedText(entry)] : []),
        ...(fingerprints ? [entry.source_fingerprint] : []),
      ]);
    if (dialect === "postgres") {
      await sql`insert into search_entries (${columns}, document)
        values ${sql.join(chunk.map((entry) => sql`(${common(entry)}, ${entry.indexed[0]}::tsvector)`))}`.execute(db);
      continue;
    }
    const { rows } = await sql<{ id: number; article_id: number; code: string }>`insert into search_entries (${columns})
      values ${sql.join(chunk.map((entry) => sql`(${common(entry)})`))} returning id, article_id, code`.execute(db);
    // RETURNING's order is not promised: each row is matched by its version.
    const idOf = new Map(rows.map((row) => [`${row.article_id}:${row.code}`, row.id]));
    const terms = chunk.map(
      (entry) => sql`(${idOf.get(`${entry.article_id}:${entry.code}`)!}, ${sql.join(entry.indexed)})`,
    );
    await sql`insert into search_fts (rowid, fts_title, fts_summary, fts_body) values ${sql.join(terms)}`.execute(db);
  }
}

/** PostgreSQL's GIN index of the documents (migration 0009). */
const DOCUMENT_INDEX = "search_entries_document_index";

/** How long turning the buffering on waits for searches running: past it, the import writes entry by entry. */
const BUFFER_SWITCH_WAIT = "2s";

/**
 * Whether PostgreSQL's GIN index of the documents buffers inserts (decision 0238). It writes each one into its tree
 * (`fastupdate = off`, migration 0020: every search would otherwise read a pending list too), which costs a posting
 * list change per term of each entry; a bulk import turns the buffering on while it writes: entries go to the pending
 * list, merged into the tree a few megabytes at a time, each term's new entries at once (about a quarter of
 * PostgreSQL's CPU in an import, bench/README.md). Searches read the list meanwhile (at most gin_pending_list_limit,
 * 4 MB by default), so turning it off merges what the list holds. Returns whether the index changed: turning it on
 * gives up on searches that keep it busy for more than BUFFER_SWITCH_WAIT and on a role that does not own the index,
 * and SQLite has nothing to change (FTS5 buffers a transaction's terms itself).
 */
export async function bufferSearchInserts(db: Kysely<Database>, on: boolean): Promise<boolean> {
  if (dialectOf(db) !== "postgres") return false;
  try {
    await db.transaction().execute(async (trx) => {
      if (on) await sql.raw(`set local lock_timeout = '${BUFFER_SWITCH_WAIT}'`).execute(trx);
      await sql.raw(`alter index ${DOCUMENT_INDEX} set (fastupdate = ${on ? "on" : "off"})`).execute(trx);
    });
  } catch (error) {
    // An import's role that does not own the index (migrated by another) imports unbuffered.
    if (on && (isLockTimeout(error) || isInsufficientPrivilege(error))) return false;
    throw error;
  }
  if (!on) await sql`select gin_clean_pending_list(${DOCUMENT_INDEX}::regclass)`.execute(db);
  return true;
}

/**
 * Matches ranked and counted at most: the newest COUNT_CAP + 1 of them (highest index ids: the
 * latest written). Ranking every match of a word found in most articles costs as much as the
 * archive; ranking a bounded set costs the same at any size. "More than 1 000" is as useful as
 * the exact number, and the pages reach the end of the ranked set. Decision 0105.
 */
export const COUNT_CAP = 1_000;

/**
 * PostgreSQL: how many of a language's newest rows make the recent part of a search. A little
 * over COUNT_CAP + 1, so a word in more than 5 articles out of 6 is answered from them alone.
 */
const RECENT_ROWS = 1_200;

/** What a search found: a page of hits, their number, and how many of them hold the query's words as one phrase, in its order. */
export interface SearchFound {
  hits: SearchHit[];
  total: number;
  /** Hits holding the whole query as written (every hit when the query is one word); they rank first. */
  whole: number;
}

/**
 * What a query's terms (and its phrase: its terms in order) match in a language, in the database's
 * dialect (server/search/entries.ts makes them from the query): a page of hits, best first, and the number of hits up to
 * COUNT_CAP (+1 means more). Every hit holds every word of the query; those holding them as the
 * query's phrase rank first (issue 44: "存在しない言葉" found an article with 存在, しない and 言葉 apart). One statement: the candidates (the newest matches, bounded, with
 * their score), the page of them, and only then the page's rows with their slug and body, for the snippets (a
 * version's row carries its whole body: reading it for every candidate was most of the cost).
 * A page past the end has no rows and says 0 (the page answers 404).
 */
export async function searchTerms(
  db: Db,
  code: string,
  terms: readonly string[],
  phrase: readonly string[],
  limit: number,
  offset: number,
): Promise<SearchFound> {
  const dialect = dialectOf(db);
  if (terms.length === 0) return { hits: [], total: 0, whole: 0 };
  let candidates;
  if (dialect === "sqlite") {
    // Quoted terms: whatever was typed, FTS5 sees only phrases of letters and digits (no operators).
    const match = terms.map((term) => `"${languagePrefix(code)}${term}"`).join(" AND ");
    // FTS5 walks the terms' lists newest first and stops at the bound; bm25 is computed for those rows only.
    const matched = sql`select rowid as id, bm25(search_fts, 10.0, 4.0, 1.0) as score from search_fts where search_fts match ${match} order by rowid desc limit ${COUNT_CAP + 1}`;
    // The phrase is looked for among the bounded matches only (FTS5 takes the rowid range).
    const whole =
      phrase.length < 2
        ? sql`1`
        : sql`id in (select rowid from search_fts where search_fts match ${`"${phrase.map((term) => languagePrefix(code) + term).join(" ")}"`}
            and rowid >= (select min(id) from matched))`;
    candidates = sql`with matched as (${matched}) select id, score, ${whole} as whole from matched`;
  } else {
    // The query's terms, each a quoted lexeme: operators and quotes typed into the box mean nothing here.
    const tsquery = sql`${terms.map(quoteLexeme).join(" & ")}::tsquery`;
    const phraseQuery = sql`${phrase.map(quoteLexeme).join(" <-> ")}::tsquery`;
    // The newest matches, exactly, in two parts (decision 0105): those among the language's
    // RECENT_ROWS newest rows, then, only when those hold COUNT_CAP or fewer, the older ones. The
    // recent part's range is written as a row comparison, which only the (code, id) index can
    // take: the planner then either walks that range testing each row (a common word: its
    // matches are most of the rows) or ANDs it with the GIN index (a rare word: only its matches
    // are read), never the primary key across every language's rows, testing each one's vector
    // before its language. Vectors are read (from TOAST, migration 0020) for matches only.
    // ts_rank is negated so both dialects sort the score ascending, best first.
    candidates = sql`with recent as materialized (select id from search_entries where code = ${code} order by id desc limit ${RECENT_ROWS}),
        recent_matches as materialized (select id, document from search_entries
          where code = ${code} and (code, id) >= (${code}, (select min(id) from recent)) and document @@ ${tsquery}),
        older_matches as (select id, document from search_entries
          where code = ${code} and id < (select min(id) from recent) and document @@ ${tsquery} and (select count(*) from recent_matches) <= ${COUNT_CAP}
          order by id desc limit ${COUNT_CAP + 1}),
        newest as (select id, document from recent_matches union all select id, document from older_matches order by id desc limit ${COUNT_CAP + 1})
      select id, -ts_rank(document, ${tsquery}) as score, document @@ ${phraseQuery} as whole from newest`;
  }
  // The index holds published versions only (refreshed in each write's transaction); the join also gives the slug.
  const { rows } = await sql<
    SearchHit & { total: number | string; whole: number | string }
  >`with candidates as (${candidates}),
      page as (select id, score, whole from candidates order by whole desc, score, id desc limit ${limit} offset ${offset})
    select search_entries.article_id as "articleId", article_versions.slug as slug, search_entries.title as title, search_entries.summary as summary,
      article_versions.body as body, (select count(*) from candidates) as total, (select count(*) from candidates where whole) as whole
    from page join search_entries on search_entries.id = page.id
      join article_versions on article_versions.article_id = search_entries.article_id and article_versions.code = search_entries.code and ${isPublishedVersion}
    order by page.whole desc, page.score, page.id desc`.execute(db);
  return {
    hits: rows.map(({ total: _total, whole: _whole, ...hit }) => hit),
    total: Number(rows[0]?.total ?? 0),
    whole: Number(rows[0]?.whole ?? 0),
  };
}
