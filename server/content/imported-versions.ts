/**
 * What a bulk import computes for each version before its transaction, on the import pool's worker threads
 * (import-pool.ts, decision 0226): the reading time lists show, and the search entry's words and index form.
 * The words are those of a person's save (markdownText: markdown-it's parse, no HTML): search finds the same
 * whichever way a text came in. The HTML is left to the first page that shows the version (decision 0139).
 */
import { markdownText, readingMinutes } from "#core/markdown.ts";
import type { DialectName } from "#server/db/connect.ts";
import type { IndexForm } from "#server/db/full-text-form.ts";
import { indexForm } from "#server/search/index-form.ts";

/** A version to prepare: its body, its language, its title and summary (search terms). */
export interface ImportJob {
  body: string;
  language: string;
  title: string;
  summary: string;
}

/**
 * A prepared version: its reading time, and its words and their index form for its search entry. Only modules
 * without Kysely are loaded here: each import starts its workers, and a worker loading the database layer took
 * twice as long to start (a one-article import waited for it).
 */
export interface PreparedVersion {
  minutes: number;
  text: string;
  indexed: IndexForm;
}

export function prepareImportedVersion(job: ImportJob, dialect: DialectName): PreparedVersion {
  const text = markdownText(job.body);
  return {
    minutes: readingMinutes(job.body),
    text,
    indexed: indexForm(dialect, { title: job.title, summary: job.summary, body_text: text }, job.language),
  };
}
