/**
 * A language version as the admin reads it (docs/decisions/0150-drafts-beside-the-live-text.md): the stored
 * row with its pending changes (article_drafts) and newest History number, shaped as the version's GET answers
 * it, and the ETag of that representation (its own state, decision 0167). Reads only: the writes that start
 * from these reads (the row read with lockedForWrite) are all in versions.ts, the one owner of version writes.
 */
import type { Kysely, Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { ArticleDraftRow, ArticleRow, ArticleVersionRow, Database } from "#server/db/schema.ts";
import { lockedForWrite } from "#server/db/locks.ts";
import { notFound } from "#core/errors.ts";
import { entityTag } from "#server/http/preconditions.ts";
import type { ArticleStatus } from "#core/article-rules.ts";
import type { AdminArticleVersion, AdminVersionDetail, PendingChanges } from "#core/admin/articles/schema.ts";
import { translationStatus, type TranslationState } from "#core/translation-status.ts";

type Db = Kysely<Database> | Transaction<Database>;

type Blog = Pick<ArticleRow, "id" | "source_code" | "source_revision">;
type Draft = ArticleDraftRow & { updater: string | null };

/** A version as stored: its row, its pending changes and its newest revision's number. */
export interface Stored {
  blog: Blog;
  row: ArticleVersionRow;
  draft: Draft | null;
  revision: number;
}

/** "version fr-FR of article 3": how messages name a version. */
export function versionName(id: number, code: string): string {
  return `version ${code} of article ${id}`;
}

/** The representation a version's GET answers (and a 412 carries as `current`). */
export function versionRepresentation(version: AdminVersionDetail): { version: AdminVersionDetail } {
  return { version };
}

/**
 * A version's ETag: the digest of what the version itself stores (text, status, dates, pending changes,
 * base and newest revision), without its translation status, which the source's saves change: a
 * translator editing French is not refused because someone saved the English source (decision 0167).
 */
export function versionTag({ version }: { version: AdminVersionDetail }): string {
  const { translation, ...own } = version;
  return entityTag({ version: own });
}

export async function requireBlog(db: Db, id: number): Promise<Blog> {
  const blog = await db
    .selectFrom("articles")
    .select(["id", "source_code", "source_revision"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!blog) throw notFound("not_found", `id: no article ${id}.`, "id");
  return blog;
}

/** The version, its pending changes and newest revision number; with `lock`, its row read to decide a write (lockedForWrite). */
export async function readStored(
  db: Db,
  blog: Blog,
  code: string,
  lock: AdminServices["database"]["dialect"] | null,
): Promise<Stored | null> {
  const query = db
    .selectFrom("article_versions")
    .selectAll()
    .where("article_id", "=", blog.id)
    .where("code", "=", code);
  const row = await (lock === null ? query : lockedForWrite(query, lock)).executeTakeFirst();
  if (!row) return null;
  const [draft, newest] = await Promise.all([
    db
      .selectFrom("article_drafts")
      .leftJoin("users", "users.uid", "article_drafts.updated_by")
      .selectAll("article_drafts")
      .select((eb) => eb.fn.coalesce("users.display_name", "users.email").as("updater"))
      .where("article_drafts.article_id", "=", blog.id)
      .where("article_drafts.code", "=", code)
      .executeTakeFirst(),
    db
      .selectFrom("article_revisions")
      .select("number")
      .where("article_id", "=", blog.id)
      .where("code", "=", code)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { blog, row, draft: draft ?? null, revision: newest?.number ?? 0 };
}

export function pendingOf(draft: Draft): PendingChanges {
  return {
    slug: draft.slug,
    title: draft.title,
    summary: draft.summary,
    body: draft.body,
    coverAlt: draft.cover_alt,
    sourceRevision: draft.source_revision,
    updatedAt: draft.updated_at,
    updatedBy: draft.updated_by === null ? null : { uid: draft.updated_by, name: draft.updater },
  };
}

/** A stored version as the admin reads it, its translation status from the article's `state`. */
export function versionOf(row: ArticleVersionRow, state: TranslationState): AdminArticleVersion {
  const status: ArticleStatus = row.status === "published" ? "published" : "draft";
  return {
    code: row.code,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    coverAlt: row.cover_alt,
    status,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    baseRevision: row.base_revision,
    translation: translationStatus(state, row.code, status),
  };
}

export function detailOf({ blog, row, draft, revision }: Stored): AdminVersionDetail {
  const state: TranslationState = {
    source: blog.source_code,
    revision: blog.source_revision,
    bases: new Map([[row.code, row.base_revision]]),
  };
  return {
    ...versionOf(row, state),
    sourceRevision: row.base_revision,
    revision,
    pendingChanges: draft === null ? null : pendingOf(draft),
  };
}

/** A version as its GET answers it, or null when the article has none in `code`. */
export async function findVersion(db: Db, id: number, code: string): Promise<AdminVersionDetail | null> {
  const blog = await requireBlog(db, id);
  const stored = await readStored(db, blog, code, null);
  return stored && detailOf(stored);
}

/** Every version of an article as its GET answers it (the editor's page: one read, each version's ETag). */
export async function findVersions(db: Db, id: number): Promise<AdminVersionDetail[]> {
  const blog = await requireBlog(db, id);
  const [rows, drafts, revisions] = await Promise.all([
    db.selectFrom("article_versions").selectAll().where("article_id", "=", id).orderBy("code").execute(),
    db
      .selectFrom("article_drafts")
      .leftJoin("users", "users.uid", "article_drafts.updated_by")
      .selectAll("article_drafts")
      .select((eb) => eb.fn.coalesce("users.display_name", "users.email").as("updater"))
      .where("article_drafts.article_id", "=", id)
      .execute(),
    db
      .selectFrom("article_revisions")
      .select(["code", (eb) => eb.fn.max("number").as("number")])
      .where("article_id", "=", id)
      .groupBy("code")
      .execute(),
  ]);
  return rows.map((row) =>
    detailOf({
      blog,
      row,
      draft: drafts.find((draft) => draft.code === row.code) ?? null,
      revision: Number(revisions.find((revision) => revision.code === row.code)?.number ?? 0),
    }),
  );
}
