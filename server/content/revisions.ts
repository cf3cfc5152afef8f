/**
 * Revisions are written with the version they record, in the same transaction,
 * by every write of a version (admin save, restore, publish, scheduler, import);
 * a version keeps its newest `keep` revisions, the oldest dropped in that transaction.
 */
import type { Kysely, Transaction } from "kysely";
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
}

/** Rows per insert statement: well under SQLite's bound-parameter limit (13 columns each). */
const INSERT_CHUNK = 200;

function revisionRow(entry: RevisionEntry, now: string) {
  const { content } = entry;
  return {
    blog_id: entry.blogId,
    code: entry.code,
    action: entry.action,
    uid: entry.uid,
    title: content.title,
    summary: content.summary,
    body: content.body,
    slug: content.slug,
    cover_alt: content.coverAlt,
    status: content.status,
    restored_from: entry.restoredFrom ?? null,
    created_at: now,
  };
}

/** Drops a version's revisions beyond the newest `keep`: one bounded read, at most one delete. */
async function prune(db: Db, blogId: number, code: string, keep: number): Promise<void> {
  const newest = await db
    .selectFrom("blog_revisions")
    .select("id")
    .where("blog_id", "=", blogId)
    .where("code", "=", code)
    .orderBy("id", "desc")
    .limit(keep + 1)
    .execute();
  const cutoff = pruneCutoff(
    newest.map((row) => row.id),
    keep,
  );
  if (cutoff !== null) await db.deleteFrom("blog_revisions").where("blog_id", "=", blogId).where("code", "=", code).where("id", "<=", cutoff).execute();
}

/**
 * Records revisions and keeps each version's history bounded. `fresh` versions
 * (just created) cannot be over the bound and skip the pruning read.
 */
export async function recordRevisions(db: Db, entries: RevisionEntry[], keep: number, now: string, fresh: ReadonlySet<string> = new Set()): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    const chunk = entries.slice(start, start + INSERT_CHUNK);
    const rows = await db
      .insertInto("blog_revisions")
      .values(chunk.map((entry) => revisionRow(entry, now)))
      .returning("id")
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  for (const entry of entries) {
    if (!fresh.has(`${entry.blogId}:${entry.code}`)) await prune(db, entry.blogId, entry.code, keep);
  }
  return ids;
}
