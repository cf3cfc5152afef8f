/**
 * The one owner of a language version's writes (docs/decisions/0150-drafts-beside-the-live-text.md):
 * save (the live or working text, or pending changes beside the live text), publish, unpublish,
 * discard, mark up to date, delete. Each runs inside the caller's transaction (writeContent for the
 * admin API and the scheduler, which then refresh the search index and announce the change) and does
 * all of a version write: the precondition on the version as its GET shows it (If-Match, decision
 * 0151, on the row read with lockedForWrite), the version row or its pending changes, the translation
 * facts, media usage, schedules voided by a status change, a numbered revision and the audit entry.
 * The NDJSON import writes many versions at once through upsertArticles (imported-articles.ts), which
 * follows the same rules without preconditions: last write wins. What a write reads first, and what a
 * version's GET answers (findVersion, versionTag), is in version-reads.ts; the steps each write is made of in version-steps.ts.
 */
import type { Transaction } from "kysely";
import type { ArticleVersionRow, Database } from "#server/db/schema.ts";
import type { ArticleStatus } from "#core/article-rules.ts";
import { conflict, forbidden, invalid } from "#core/errors.ts";
import { forgetVersionPublishing } from "#server/content/schedules.ts";
import { requireMediaExist, syncMediaUsage } from "#server/media/usage.ts";
import { loadTranslationState, storeTranslationState, textRevisions } from "./translation-state.ts";
import { detailOf, pendingOf, readStored, requireBlog, type Stored } from "./version-reads.ts";
import {
  audit,
  basedOn,
  refusePublishing,
  requireMadeFrom,
  requireVersionAsRead,
  revision,
  type RevisionMarks,
  storeVersion,
  textOf,
  touchArticle,
  type Text,
  type VersionWrite,
} from "./version-steps.ts";
import { slugify } from "#core/text.ts";
import { mediaIdsUsed } from "#core/media-rules.ts";
import type { AdminVersionDetail, VersionInput } from "#core/admin/articles/schema.ts";
import { afterDelete, markUpToDate } from "#core/translation-status.ts";
import { tellWebhooksOfDeletion } from "#server/webhooks/version-events.ts";
import { refusePageBreakingTranslation } from "./translation-checks.ts";

/** What a save did: the version as its GET now answers it, whether it was created, and whether the public site changed. */
export interface SavedVersion {
  version: AdminVersionDetail;
  created: boolean;
  /** False when only pending changes were saved: nothing public changed. */
  changedPublic: boolean;
}

/**
 * Saves `text` as the pending changes beside a published version's live text (decision 0150): the public page keeps
 * the live text. Returns the version as its GET now answers it.
 */
async function savePendingChanges(
  trx: Transaction<Database>,
  write: VersionWrite,
  stored: Stored,
  text: Text,
  sourceRevision: number | undefined,
  now: string,
  marks: RevisionMarks,
): Promise<AdminVersionDetail> {
  const { id } = stored.blog;
  const { code } = stored.row;
  const state = await loadTranslationState(trx, id);
  const draft = {
    slug: text.slug,
    title: text.title,
    summary: text.summary,
    body: text.body,
    cover_alt: text.coverAlt,
    source_revision: basedOn(state, code, sourceRevision) ?? state.revision,
    updated_at: now,
    updated_by: write.actor.uid,
  };
  if (stored.draft)
    await trx.updateTable("article_drafts").set(draft).where("article_id", "=", id).where("code", "=", code).execute();
  else
    await trx
      .insertInto("article_drafts")
      .values({ article_id: id, code, ...draft })
      .execute();
  await touchArticle(trx, id, now);
  await syncMediaUsage(trx, [id]);
  const action = marks.restoredFrom !== undefined ? "restore" : "save-draft";
  const number = await revision(trx, write, id, code, action, text, "draft", now, marks);
  const updater =
    write.actor.uid === null
      ? undefined
      : await trx
          .selectFrom("users")
          .select((eb) => eb.fn.coalesce("display_name", "email").as("name"))
          .where("uid", "=", write.actor.uid)
          .executeTakeFirst();
  return detailOf({
    ...stored,
    draft: { article_id: id, code, ...draft, updater: updater?.name ?? null },
    revision: number,
  });
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
  const marks: RevisionMarks = { restoredFrom, machineSegments: input.machineSegments };

  if (stored && before && input.status === "draft" && stored.row.status === "published") {
    const version = await savePendingChanges(trx, write, stored, text, input.sourceRevision, now, marks);
    await audit(trx, write, action ?? "save_draft", id, code, before.pendingChanges, {
      ...version.pendingChanges,
      ...(restoredFrom !== undefined && { restoredFrom }),
    });
    return { version, created: false, changedPublic: false };
  }

  // The revision first: a change of the source's text moves the source revision to its number.
  const number = await revision(trx, write, id, code, action ?? "save", text, input.status, now, marks);
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
 * A publish or an unpublish: the pending changes, if any, become the version's text (else its text stays), with
 * `status`, a numbered revision named `action`, and the translation facts that follow.
 */
async function changeStatus(
  trx: Transaction<Database>,
  write: VersionWrite,
  stored: Stored,
  status: ArticleStatus,
  action: string,
): Promise<{ version: AdminVersionDetail; row: ArticleVersionRow }> {
  const { id } = stored.blog;
  const { code } = stored.row;
  const now = new Date().toISOString();
  const text = stored.draft && { ...textOf(stored.draft), sourceRevision: stored.draft.source_revision };
  const number = await revision(trx, write, id, code, action, text ?? textOf(stored.row), status, now);
  const { row, state } = await storeVersion(trx, id, code, stored, text, status, now, number);
  const version = detailOf({
    blog: { id, source_code: state.source, source_revision: state.revision },
    row,
    draft: null,
    revision: number,
  });
  return { version, row };
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
  const { version, row } = await changeStatus(trx, write, stored, "published", action);
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
  const { version } = await changeStatus(trx, write, stored, "draft", action);
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
  // History first: deleting the version would give its revisions their text back (migration 0061) for nothing.
  for (const table of ["article_revisions", "article_drafts", "article_versions"] as const)
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
