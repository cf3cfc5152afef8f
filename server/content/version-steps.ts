/**
 * The steps every version write of versions.ts is made of (docs/decisions/0150-drafts-beside-the-live-text.md):
 * who writes and from which copy, the precondition on the version as its GET shows it (decision 0151), the
 * one statement of article_versions with the translation facts that follow it, the numbered revision and the
 * audit entry.
 */
import type { Kysely, Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { ArticleVersionRow, Database } from "#server/db/schema.ts";
import { type AppError, forbidden, invalid, notFound } from "#core/errors.ts";
import { requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { voidSchedules } from "#server/content/schedules.ts";
import { syncMediaUsage } from "#server/media/usage.ts";
import { versionColumns } from "./article-writes.ts";
import { loadTranslationState, storeTranslationState } from "./translation-state.ts";
import { renderVersionFrom } from "./rendering.ts";
import { recordRevisions } from "./revisions.ts";
import {
  detailOf,
  findVersion,
  readStored,
  requireBlog,
  versionName,
  versionRepresentation,
  versionTag,
  type Stored,
} from "./version-reads.ts";
import type { ArticleStatus } from "#core/article-rules.ts";
import type { AdminVersionDetail } from "#core/admin/articles/schema.ts";
import { afterSave, textChanged, type TranslationState } from "#core/translation-status.ts";
import { tellWebhooks } from "#server/webhooks/version-events.ts";
import { rememberArticleVersion } from "#server/memory/units.ts";

type Db = Kysely<Database> | Transaction<Database>;

const ARTICLE_VERSION = "article_version";

/** Who writes: the revision names `uid`, the audit log `auditUid` (the scheduler, for a schedule applied). */
export interface VersionActor {
  uid: string | null;
  auditUid: string | null;
  /** The publish right in the version's language (decision 0072): without it only drafts and pending changes are saved. */
  mayPublish: boolean;
}

/** What every version write is given: the services, what the request was made from, and who makes it. */
export interface VersionWrite {
  services: AdminServices;
  /** Null for a write that brings no copy it was made from (a file import, the scheduler): it applies to any state. */
  preconditions: Preconditions | null;
  actor: VersionActor;
}

/** Refuses a write made from another state of the version than `current` (decision 0151), unless it names none. */
export function requireMadeFrom(
  write: VersionWrite,
  current: AdminVersionDetail | null,
  id: number,
  code: string,
): void {
  if (write.preconditions !== null)
    requireCurrent(write.preconditions, current && versionRepresentation(current), versionName(id, code), versionTag);
}

/** The text a version write stores. */
export interface Text {
  slug: string;
  title: string;
  summary: string;
  body: string;
  coverAlt: string;
}

export function noVersion(id: number, code: string): AppError {
  return notFound("not_found", `code: article ${id} has no ${code} version.`, "code");
}

/**
 * After a creation (If-None-Match: *) failed on a unique index: another creation of the same version passed
 * the existence check at the same moment and committed first. That is this write's precondition failing
 * (412 with the version now stored, as a stale If-Match gets), not a conflict of values.
 */
export async function refuseCreatedMeanwhile(
  db: Db,
  preconditions: Preconditions,
  id: number,
  code: string,
): Promise<void> {
  if (!preconditions.ifNoneMatchAny) return;
  const current = await findVersion(db, id, code);
  if (current) requireCurrent(preconditions, versionRepresentation(current), versionName(id, code), versionTag);
}

/**
 * Reads the version to write, locked, and refuses a write made from another state of it than the
 * one its GET shows now (428 without If-Match, 412 with a stale one): every write starts here.
 */
export async function requireVersionAsRead(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
): Promise<Stored> {
  const blog = await requireBlog(trx, id);
  const stored = await readStored(trx, blog, code, write.services.database.dialect);
  requireMadeFrom(write, stored && detailOf(stored), id, code);
  if (!stored) throw noVersion(id, code);
  return stored;
}

/** The schedules of a version are written with its ETag as the precondition: the version as its GET shows it now. */
export async function requireVersionCurrent(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
): Promise<AdminVersionDetail> {
  return detailOf(await requireVersionAsRead(trx, write, id, code));
}

export function refusePublishing(write: VersionWrite, code: string, what: string): void {
  if (!write.actor.mayPublish) {
    throw forbidden(
      "forbidden",
      `status: ${what} in ${code} is an editor's or an administrator's; save your changes as a draft (or ask for the right to publish).`,
      "status",
    );
  }
}

/** The source revision a translation's text reflects: the one named (at most the current), else the current. */
export function basedOn(state: TranslationState, code: string, sourceRevision: number | undefined): number | undefined {
  if (code === state.source) return undefined;
  if (sourceRevision !== undefined && sourceRevision > state.revision) {
    throw invalid(
      "invalid_field",
      `sourceRevision: the source of this article is at revision ${state.revision}; ${sourceRevision} does not exist yet.`,
      "sourceRevision",
    );
  }
  return sourceRevision ?? state.revision;
}

export async function touchArticle(trx: Transaction<Database>, id: number, now: string): Promise<void> {
  await trx.updateTable("articles").set({ updated_at: now }).where("id", "=", id).execute();
}

/**
 * Stores `text` (or, when null, only the status) as the version's live or working text with its status,
 * dropping its pending changes; the translation facts follow (`sourceRevision`: the revision the text
 * reflects; `revision`: the History number this write recorded, the source's revision when the source's
 * text changed). The one statement of article_versions for admin writes. What goes live feeds the translation
 * memory (decision 0215), in the same transaction.
 */
export async function storeVersion(
  trx: Transaction<Database>,
  id: number,
  code: string,
  stored: Stored | null,
  text: (Text & { sourceRevision?: number }) | null,
  status: ArticleStatus,
  now: string,
  revision: number,
): Promise<{ row: ArticleVersionRow; state: TranslationState }> {
  const state = await loadTranslationState(trx, id);
  let row: ArticleVersionRow;
  if (text === null) {
    row = await trx
      .updateTable("article_versions")
      .set({ status, published_at: stored!.row.published_at ?? (status === "published" ? now : null), updated_at: now })
      .where("id", "=", stored!.row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    const values = versionColumns(
      { ...text, status },
      stored?.row.published_at,
      now,
      await renderVersionFrom(trx, text.body, code),
    );
    row = stored
      ? await trx
          .updateTable("article_versions")
          .set(values)
          .where("id", "=", stored.row.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto("article_versions")
          .values({ article_id: id, code, ...values })
          .returningAll()
          .executeTakeFirstOrThrow();
  }
  if (stored?.draft)
    await trx.deleteFrom("article_drafts").where("article_id", "=", id).where("code", "=", code).execute();
  let after = state;
  if (text !== null) {
    const outcome = afterSave(state, code, {
      created: stored === null,
      textChanged: textChanged(stored && { ...stored.row, coverAlt: stored.row.cover_alt }, text),
      revision,
      basedOn: basedOn(state, code, text.sourceRevision),
    });
    await storeTranslationState(trx, id, state, outcome, now);
    after = outcome.state;
    if (after.bases.get(code) !== row.base_revision) row = { ...row, base_revision: after.bases.get(code)! };
  }
  await touchArticle(trx, id, now);
  await syncMediaUsage(trx, [id]);
  await voidSchedules(trx, id, code, status);
  await tellWebhooks(trx, stored?.row.status ?? null, row, text !== null, { before: state, after });
  if (status === "published" && (text !== null || stored?.row.status !== "published"))
    await rememberArticleVersion(trx, id, code, row, now);
  return { row, state: after };
}

/** What a revision records beside its text: the revision a restore brought back, the machine segments a person saved. */
export interface RevisionMarks {
  restoredFrom?: number | undefined;
  machineSegments?: number | undefined;
}

export async function revision(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
  action: string,
  text: Text,
  status: ArticleStatus,
  now: string,
  { restoredFrom, machineSegments }: RevisionMarks = {},
): Promise<number> {
  const [recorded] = await recordRevisions(
    trx,
    [{ blogId: id, code, action, uid: write.actor.uid, content: { ...text, status }, restoredFrom, machineSegments }],
    write.services.config.publishing.revisionsPerVersion,
    now,
  );
  return recorded!.number;
}

export function textOf(row: Pick<ArticleVersionRow, "slug" | "title" | "summary" | "body" | "cover_alt">): Text {
  return { slug: row.slug, title: row.title, summary: row.summary, body: row.body, coverAlt: row.cover_alt };
}

export async function audit(
  trx: Transaction<Database>,
  write: VersionWrite,
  action: string,
  id: number,
  code: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await recordAudit(trx, {
    uid: write.actor.auditUid,
    action,
    entity: ARTICLE_VERSION,
    entityId: `${id}:${code}`,
    before: before ?? undefined,
    after: after ?? undefined,
  });
}
