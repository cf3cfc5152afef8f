/**
 * What a bulk import computes for each version before its transaction, on the import pool's worker threads
 * (import-pool.ts, decision 0226): the reading time lists show, and the search entry's fingerprint and index form.
 * The words indexed are those of a person's save (markdownText: markdown-it's words, no HTML, decision 0237): search
 * finds the same whichever way a text came in; they stay on the worker (an entry stores their index form only, 0230).
 * The HTML is left to the first page that shows the version (decision 0139).
 */
import { markdownText, readingMinutes } from "#core/markdown.ts";
import type { DialectName } from "#server/db/connect.ts";
import type { IndexForm } from "#server/db/full-text-form.ts";
import { bodyFingerprint } from "#server/search/body-fingerprint.ts";
import { indexForm } from "#server/search/index-form.ts";

/** A version to prepare: its body, its language, its title and summary (search terms). */
export interface ImportJob {
  body: string;
  language: string;
  title: string;
  summary: string;
}

/**
 * A prepared version: its reading time, and its body's fingerprint and words' index form for its search entry. Only modules
 * without Kysely are loaded here: each import starts its workers, and a worker loading the database layer took
 * twice as long to start (a one-article import waited for it).
 */
export interface PreparedVersion {
  minutes: number;
  fingerprint: string;
  indexed: IndexForm;
}

export function prepareImportedVersion(job: ImportJob, dialect: DialectName): PreparedVersion {
  return {
    minutes: readingMinutes(job.body),
    fingerprint: bodyFingerprint(job.body),
    indexed: indexForm(
      dialect,
      { title: job.title, summary: job.summary, body_text: markdownText(job.body) },
      job.language,
    ),
  };
}
