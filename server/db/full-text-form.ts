/**
 * How a search entry's terms are written for each database's index, without the database: pure, so that the
 * import's worker threads (server/content/import-worker.ts) load it without Kysely (decision 0226).
 */

/** A language's term prefix in the SQLite index: letters and digits of its code ("fr-FR" → "frfr"). */
export const languagePrefix = (code: string) => `${code.toLowerCase().replace(/[^a-z0-9]/g, "")}_`;

/** tsvector limits (PostgreSQL's tsvector input): a lexeme's UTF-8 bytes, a position, positions kept per lexeme. */
export const MAX_LEXEME_BYTES = 2_047;
export const MAX_POSITION = 16_383;
export const MAX_POSITIONS = 256;

/** A lexeme in tsvector and tsquery literals: quoted, its quotes doubled and backslashes escaped (terms have neither today: they are letters, digits and marks). */
export const quoteLexeme = (term: string) => `'${term.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/**
 * The values of the dialect's index for an entry: SQLite's three FTS5 columns (title, summary, body), PostgreSQL's
 * document as a tsvector in its binary form (server/search/index-form.ts).
 */
export type IndexForm = readonly string[] | readonly [document: Uint8Array];
