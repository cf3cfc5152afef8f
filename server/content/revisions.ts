/**
 * Revisions are written with the version they record, in the same transaction,
 * by every write of a version (admin save, restore, publish, scheduler, import);
 * a version keeps its newest `keep` revisions, the oldest dropped in that transaction.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { pruneCutoff, type RevisionContent } from "#core/revisions.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface RevisionEntry {
  blogId: number;
  code: string;
  action: string;
  uid: string | null;
  content: RevisionContent;
  restoredFrom?: number;
  /** Segments that were unedited machine suggestions when a person saved (decision 0218); 0 when absent. */
  machineSegments?: number;
  /**
   * The content is the version's live text, just written in the same transaction: the revision leaves its title,
   * summary, body and cover description to the version's row (migration 0061, decision 0239). A bulk import's.
   */
  textInVersion?: boolean;
}

/** The text columns a revision may leave to its version's row (migration 0061). */
export type SharedTextColumn = "title" | "summary" | "body" | "cover_alt";

/**
 * A revision's text column as it reads: its version's live one (the row `version` names, joined on the revision's
 * article and language) when the revision leaves its text to it, else its own.
 */
export function revisionText(column: SharedTextColumn, revision: string, version: string) {
  return sql<string>`case when ${sql.ref(`${revision}.text_in_version`)} = 1 then ${sql.ref(`${version}.${column}`)} else ${sql.ref(`${revision}.${column}`)} end`;
}

/** Rows per insert statement: well under SQLite's bound-parameter limit (14 columns each). */
const INSERT_CHUNK = 200;

function revisionRow(entry: RevisionEntry, now: string) {
  const { content } = entry;
  const shared = entry.textInVersion === true;
  return {
    article_id: entry.blogId,
    code: entry.code,
    action: entry.action,
    uid: entry.uid,
    title: shared ? "" : content.title,
    summary: shared ? "" : content.summary,
    body: shared ? "" : content.body,
    slug: content.slug,
    cover_alt: shared ? "" : content.coverAlt,
    status: content.status,
    restored_from: entry.restoredFrom ?? null,
    created_at: now,
    // Only when there are some: the column's default is 0, and the seed also writes to databases older than it.
    ...(entry.machineSegments ? { machine_segments: entry.machineSegments } : {}),
    ...(shared && { text_in_version: 1 as const }),
  };
}

/** The History number of a version's first text. */
export const FIRST_REVISION = 1;

/** A version's newest kept revision ids (newest first) and the number its next revision takes. */
interface History {
  ids: number[];
  next: number;
}

/**
 * Records revisions, each numbered in its version's history (FIRST_REVISION for its first text), and keeps each
 * version's history bounded: per version one bounded read of its newest revisions before the
 * insert, at most one delete after. `fresh` versions (just created) start at FIRST_REVISION and skip the read.
 * Returns each entry's revision id and number, in order.
 */
export async function recordRevisions(
  db: Db,
  entries: RevisionEntry[],
  keep: number,
  now: string,
  fresh: ReadonlySet<string> = new Set(),
): Promise<{ id: number; number: number }[]> {
  const histories = new Map<string, History>();
  for (const entry of entries) {
    const slot = `${entry.blogId}:${entry.code}`;
    if (histories.has(slot)) continue;
    if (fresh.has(slot)) {
      histories.set(slot, { ids: [], next: FIRST_REVISION });
      continue;
    }
    const newest = await db
      .selectFrom("article_revisions")
      .select(["id", "number"])
      .where("article_id", "=", entry.blogId)
      .where("code", "=", entry.code)
      .orderBy("id", "desc")
      .limit(keep)
      .execute();
    histories.set(slot, { ids: newest.map((row) => row.id), next: (newest[0]?.number ?? 0) + 1 });
  }
  const numbers = entries.map((entry) => histories.get(`${entry.blogId}:${entry.code}`)!.next++);
  const recorded: { id: number; number: number }[] = [];
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    const chunk = entries.slice(start, start + INSERT_CHUNK);
    const rows = await db
      .insertInto("article_revisions")
      .values(chunk.map((entry, index) => ({ ...revisionRow(entry, now), number: numbers[start + index]! })))
      .returning("id")
      .execute();
    rows.forEach((row, index) => {
      recorded.push({ id: row.id, number: numbers[start + index]! });
      histories.get(`${chunk[index]!.blogId}:${chunk[index]!.code}`)!.ids.unshift(row.id);
    });
  }
  for (const [slot, history] of histories) {
    if (fresh.has(slot)) continue;
    const cutoff = pruneCutoff(history.ids, keep);
    const [blogId, code] = [Number(slot.slice(0, slot.indexOf(":"))), slot.slice(slot.indexOf(":") + 1)];
    if (cutoff !== null)
      await db
        .deleteFrom("article_revisions")
        .where("article_id", "=", blogId)
        .where("code", "=", code)
        .where("id", "<=", cutoff)
        .execute();
  }
  return recorded;
}
