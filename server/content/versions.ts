/**
 * The one owner of a language version's writes (docs/decisions/0150-drafts-beside-the-live-text.md):
 * save (the live or working text, or pending changes beside the live text), publish, unpublish,
 * discard, mark up to date, delete. Each runs inside the caller's transaction (writeContent for the
 * admin API and the scheduler, which then refresh the search index and announce the change) and does
 * all of a version write: the precondition on the version as its GET shows it (If-Match, decision
 * 0151, on the row read with lockedForWrite), the version row or its pending changes, the translation
 * facts, media usage, schedules voided by a status change, a numbered revision and the audit entry.
 * The NDJSON import writes many versions at once through upsertArticles (article-writes.ts), which
 * follows the same rules without preconditions: last write wins. What a write reads first, and what a
 * version's GET answers (findVersion, versionTag), is in version-reads.ts.
 */
import type { Kysely, Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { ArticleVersionRow, Database } from "#server/db/schema.ts";
import { type AppError, conflict, forbidden, invalid, notFound } from "#core/errors.ts";
import { requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { forgetVersionPublishing, voidSchedules } from "#server/content/schedules.ts";
import { requireMediaExist, syncMediaUsage } from "#server/media/usage.ts";
import { versionColumns } from "./article-writes.ts";
import { loadTranslationState, storeTranslationState, textRevisions } from "./translation-state.ts";
import { renderVersionFrom } from "./rendering.ts";
import { recordRevisions } from "./revisions.ts";
import {
  detailOf,
  findVersion,
  pendingOf,
  readStored,
  requireBlog,
  versionName,
  versionRepresentation,
  versionTag,
  type Stored,
} from "./version-reads.ts";
import { slugify } from "#core/text.ts";
import { mediaIdsUsed } from "#core/media-rules.ts";
import type { ArticleStatus } from "#core/article-rules.ts";
import type { AdminVersionDetail, VersionInput } from "#core/admin/articles/schema.ts";
import { afterDelete, afterSave, markUpToDate, textChanged, type TranslationState } from "#core/translation-status.ts";
import { tellWebhooks, tellWebhooksOfDeletion } from "#server/webhooks/version-events.ts";
import { refusePageBreakingTranslation } from "./translation-checks.ts";

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
function requireMadeFrom(write: VersionWrite, current: AdminVersionDetail | null, id: number, code: string): void {
  if (write.preconditions !== null)
    requireCurrent(write.preconditions, current && versionRepresentation(current), versionName(id, code), versionTag);
}

/** The text a version write stores. */
interface Text {
  slug: string;
  title: string;
  summary: string;
  body: string;
  coverAlt: string;
}

function noVersion(id: number, code: string): AppError {
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
async function requireVersionAsRead(
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

function refusePublishing(write: VersionWrite, code: string, what: string): void {
  if (!write.actor.mayPublish) {
    throw forbidden(
      "forbidden",
      `status: ${what} in ${code} is an editor's or an administrator's; save your changes as a draft (or ask for the right to publish).`,
      "status",
    );
  }
}

/** The source revision a translation's text reflects: the one named (at most the current), else the current. */
function basedOn(state: TranslationState, code: string, sourceRevision: number | undefined): number | undefined {
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

async function touchArticle(trx: Transaction<Database>, id: number, now: string): Promise<void> {
  await trx.updateTable("articles").set({ updated_at: now }).where("id", "=", id).execute();
}

/**
 * Stores `text` (or, when null, only the status) as the version's live or working text with its status,
 * dropping its pending changes; the translation facts follow (`sourceRevision`: the revision the text
 * reflects; `revision`: the History number this write recorded, the source's revision when the source's
 * text changed). The one statement of article_versions for admin writes.
 */
async function storeVersion(
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
      await renderVersionFrom(trx, text.body, code, { saving: true }),
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
  return { row, state: after };
}

async function revision(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
  action: string,
  text: Text,
  status: ArticleStatus,
  now: string,
  restoredFrom?: number,
): Promise<number> {
  const [recorded] = await recordRevisions(
    trx,
    [{ blogId: id, code, action, uid: write.actor.uid, content: { ...text, status }, restoredFrom }],
    write.services.config.publishing.revisionsPerVersion,
    now,
  );
  return recorded!.number;
}

function textOf(row: Pick<ArticleVersionRow, "slug" | "title" | "summary" | "body" | "cover_alt">): Text {
  return { slug: row.slug, title: row.title, summary: row.summary, body: row.body, coverAlt: row.cover_alt };
}

async function audit(
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

/** What a save did: the version as its GET now answers it, whether it was created, and whether the public site changed. */
export interface SavedVersion {
  version: AdminVersionDetail;
  created: boolean;
  /** False when only pending changes were saved: nothing public changed. */
  changedPublic: boolean;
}

/**
 * Saves a version's text (decision 0150). `status: "published"` saves and publishes (the publish right);
 * `"draft"` saves the working text of a version not published (or a new one), and the pending changes
 * beside the live text of a published one — the public page keeps the live text. `restoredFrom`: a restore
 * of that revision.
 */
export async function saveVersion(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
  input: VersionInput,
  restoredFrom?: number,
): Promise<SavedVersion> {
  const blog = await requireBlog(trx, id);
  const language = await trx.selectFrom("languages").select("code").where("code", "=", code).executeTakeFirst();
  if (!language) throw invalid("invalid_field", `code: "${code}" is not a language of this site.`, "code");
  const stored = await readStored(trx, blog, code, write.services.database.dialect);
  const before = stored && detailOf(stored);
  requireMadeFrom(write, before, id, code);
  if (input.status === "published") refusePublishing(write, code, "publishing");
  const text: Text = {
    slug: input.slug || slugify(input.title),
    title: input.title,
    summary: input.summary,
    body: input.body,
    coverAlt: input.coverAlt,
  };
  await requireMediaExist(trx, mediaIdsUsed(null, [text.body]), "body");
  await refusePageBreakingTranslation(trx, blog, code, text.body);
  const taken = await trx
    .selectFrom("article_versions")
    .select("article_id")
    .where("code", "=", code)
    .where("slug", "=", text.slug)
    .where("article_id", "<>", id)
    .executeTakeFirst();
  if (taken)
    throw conflict(
      "conflict",
      `slug: article ${taken.article_id} in ${code} already uses the slug "${text.slug}"; choose another.`,
      "slug",
    );
  const now = new Date().toISOString();
  const action = restoredFrom !== undefined ? "restore" : undefined;

  if (stored && before && input.status === "draft" && stored.row.status === "published") {
    const state = await loadTranslationState(trx, id);
    const draft = {
      slug: text.slug,
      title: text.title,
      summary: text.summary,
      body: text.body,
      cover_alt: text.coverAlt,
      source_revision: basedOn(state, code, input.sourceRevision) ?? state.revision,
      updated_at: now,
      updated_by: write.actor.uid,
    };
    if (stored.draft)
      await trx
        .updateTable("article_drafts")
        .set(draft)
        .where("article_id", "=", id)
        .where("code", "=", code)
        .execute();
    else
      await trx
        .insertInto("article_drafts")
        .values({ article_id: id, code, ...draft })
        .execute();
    await touchArticle(trx, id, now);
    await syncMediaUsage(trx, [id]);
    const number = await revision(trx, write, id, code, action ?? "save-draft", text, "draft", now, restoredFrom);
    const updater =
      write.actor.uid === null
        ? undefined
        : await trx
            .selectFrom("users")
            .select((eb) => eb.fn.coalesce("display_name", "email").as("name"))
            .where("uid", "=", write.actor.uid)
            .executeTakeFirst();
    const version = detailOf({
      ...stored,
      draft: { article_id: id, code, ...draft, updater: updater?.name ?? null },
      revision: number,
    });
    await audit(trx, write, action ?? "save_draft", id, code, before.pendingChanges, {
      ...version.pendingChanges,
      ...(restoredFrom !== undefined && { restoredFrom }),
    });
    return { version, created: false, changedPublic: false };
  }

  // The revision first: a change of the source's text moves the source revision to its number.
  const number = await revision(trx, write, id, code, action ?? "save", text, input.status, now, restoredFrom);
  const { row, state } = await storeVersion(
    trx,
    id,
    code,
    stored,
    { ...text, sourceRevision: input.sourceRevision },
    input.status,
    now,
    number,
  );
  const version = detailOf({
    blog: { id, source_code: state.source, source_revision: state.revision },
    row,
    draft: null,
    revision: number,
  });
  await audit(
    trx,
    write,
    stored ? (action ?? "update") : "create",
    id,
    code,
    before,
    restoredFrom === undefined ? version : { ...version, restoredFrom },
  );
  return { version, created: stored === null, changedPublic: true };
}

/**
 * Publishes a version now (the scheduler: when due): a version not published goes live as it is; a published
 * one's pending changes become the live text. 409 when there is nothing to publish. `action`: the revision's
 * and audit entry's names ("publish", or "scheduled-publish" for the scheduler).
 */
export async function publishVersion(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
  action = "publish",
): Promise<AdminVersionDetail> {
  const stored = await requireVersionAsRead(trx, write, id, code);
  refusePublishing(write, code, "publishing");
  if (stored.row.status === "published" && !stored.draft) {
    throw conflict(
      "conflict",
      `code: the ${code} version of article ${id} is already published and has no pending changes to publish.`,
      "code",
    );
  }
  const now = new Date().toISOString();
  const text = stored.draft && { ...textOf(stored.draft), sourceRevision: stored.draft.source_revision };
  const number = await revision(trx, write, id, code, action, text ?? textOf(stored.row), "published", now);
  const { row, state } = await storeVersion(trx, id, code, stored, text, "published", now, number);
  const version = detailOf({
    blog: { id, source_code: state.source, source_revision: state.revision },
    row,
    draft: null,
    revision: number,
  });
  await audit(
    trx,
    write,
    action.replace("-", "_"),
    id,
    code,
    { status: stored.row.status, pendingChanges: stored.draft !== null },
    { status: "published", publishedAt: row.published_at },
  );
  return version;
}

/**
 * Takes a published version off the site (the one way a live page goes down). Its pending changes, if any,
 * become its working text: nothing is lost, and the live text stays in History.
 */
export async function unpublishVersion(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
  action = "unpublish",
): Promise<AdminVersionDetail> {
  const stored = await requireVersionAsRead(trx, write, id, code);
  refusePublishing(write, code, "unpublishing");
  if (stored.row.status !== "published")
    throw conflict("conflict", `code: the ${code} version of article ${id} is not published.`, "code");
  const now = new Date().toISOString();
  const text = stored.draft && { ...textOf(stored.draft), sourceRevision: stored.draft.source_revision };
  const number = await revision(trx, write, id, code, action, text ?? textOf(stored.row), "draft", now);
  const { row, state } = await storeVersion(trx, id, code, stored, text, "draft", now, number);
  const version = detailOf({
    blog: { id, source_code: state.source, source_revision: state.revision },
    row,
    draft: null,
    revision: number,
  });
  await audit(
    trx,
    write,
    action.replace("-", "_"),
    id,
    code,
    { status: "published", pendingChanges: stored.draft !== null },
    { status: "draft" },
  );
  return version;
}

/** Drops a published version's pending changes (their author, or someone with the publish right); 409 without any. */
export async function discardPendingChanges(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
): Promise<AdminVersionDetail> {
  const stored = await requireVersionAsRead(trx, write, id, code);
  if (!stored.draft)
    throw conflict("conflict", `code: the ${code} version of article ${id} has no pending changes.`, "code");
  if (!write.actor.mayPublish && stored.draft.updated_by !== write.actor.uid) {
    throw forbidden(
      "forbidden",
      `code: only their author or an editor may discard the pending changes of the ${code} version of article ${id}.`,
      "code",
    );
  }
  const now = new Date().toISOString();
  await trx.deleteFrom("article_drafts").where("article_id", "=", id).where("code", "=", code).execute();
  await touchArticle(trx, id, now);
  await syncMediaUsage(trx, [id]);
  const number = await revision(trx, write, id, code, "discard", textOf(stored.row), stored.row.status, now);
  await audit(trx, write, "discard", id, code, pendingOf(stored.draft), null);
  return detailOf({ ...stored, draft: null, revision: number });
}

/**
 * A source change that needs no translation (a typo): the translation in `code` is marked as following the
 * current source, its text and dates unchanged. The publish right in that language; audited.
 */
export async function markVersionUpToDate(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
): Promise<AdminVersionDetail> {
  const stored = await requireVersionAsRead(trx, write, id, code);
  refusePublishing(write, code, "marking a translation up to date");
  if (code === stored.blog.source_code)
    throw invalid(
      "invalid_field",
      `code: ${code} is the source of article ${id}; only translations follow it.`,
      "code",
    );
  const before = detailOf(stored);
  const state = await loadTranslationState(trx, id);
  await storeTranslationState(
    trx,
    id,
    state,
    { state: markUpToDate(state, code), snapshot: false },
    new Date().toISOString(),
  );
  const version = detailOf({ ...stored, row: { ...stored.row, base_revision: state.revision } });
  await audit(
    trx,
    write,
    "mark_up_to_date",
    id,
    code,
    { baseRevision: before.baseRevision, translation: before.translation },
    { baseRevision: version.baseRevision, translation: version.translation },
  );
  return version;
}

/** Deletes a version with its pending changes, history, schedules and preview links; deleting the source hands it on. */
export async function deleteVersion(
  trx: Transaction<Database>,
  write: VersionWrite,
  id: number,
  code: string,
): Promise<void> {
  const stored = await requireVersionAsRead(trx, write, id, code);
  const before = detailOf(stored);
  const [state, texts] = await Promise.all([loadTranslationState(trx, id), textRevisions(trx, id)]);
  for (const table of ["article_versions", "article_drafts", "article_revisions"] as const)
    await trx.deleteFrom(table).where("article_id", "=", id).where("code", "=", code).execute();
  const now = new Date().toISOString();
  await forgetVersionPublishing(trx, id, code);
  // Deleting the source hands it on (core/translation-status.ts successorSource).
  await storeTranslationState(trx, id, state, afterDelete(state, code, texts), now);
  await touchArticle(trx, id, now);
  await syncMediaUsage(trx, [id]);
  await audit(trx, write, "delete", id, code, before, null);
  if (stored.row.status === "published") await tellWebhooksOfDeletion(trx, stored.row);
}
