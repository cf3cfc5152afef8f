/**
 * Publishing a language version: publish and unpublish now, schedule either for
 * later (applied by the scheduler, scheduler.ts); signed draft-preview links are in previews.ts.
 * Each is its own function (roles may allow some and not others) and one
 * audited transaction through writeContent, so page caches and other instances follow.
 */
import type { Kysely, Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { Database } from "#server/db/schema.ts";
import { claimingRows } from "#server/db/locks.ts";
import { invalid, notFound } from "#core/errors.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import * as versions from "#server/content/versions.ts";
import { requireVersionCurrent } from "#server/content/version-steps.ts";
import type { VersionRequest } from "#server/admin/articles/version-writes.ts";
import type { AdminVersionDetail } from "#core/admin/articles/schema.ts";
import type { ArticleStatus } from "#core/article-rules.ts";
import { applySchedule, checkSchedule, publicationState, type ScheduleAction } from "#core/publishing.ts";
import type { ScheduleInput, VersionPublishing } from "#core/admin/publishing/schema.ts";
import { pendingSchedules } from "#server/content/schedules.ts";
import { requireVersion, workingPreviewLinks } from "./previews.ts";

type Db = Kysely<Database> | Transaction<Database>;

const ARTICLE_VERSION = "article_version";
/** Who the audit log names for changes the scheduler applies (the revision names who scheduled them). */
export const SCHEDULER_ACTOR = "scheduler";

async function publishingOf(db: Db, id: number, code: string, status: ArticleStatus): Promise<VersionPublishing> {
  const [schedules, previews] = await Promise.all([pendingSchedules(db, id, code), workingPreviewLinks(db, id, code)]);
  return { state: publicationState(status, schedules), schedules, previews };
}

/** A version's state, pending changes and newest working preview links. */
export async function versionPublishing(services: AdminServices, id: number, code: string): Promise<VersionPublishing> {
  const { db } = services.database;
  const row = await requireVersion(db, id, code);
  return publishingOf(db, id, code, row.status);
}

/** A publish or unpublish now: the version (its new ETag) and its publishing state. */
export interface StatusChanged {
  publishing: VersionPublishing;
  version: AdminVersionDetail;
}

async function setStatusNow(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
  change: typeof versions.publishVersion,
): Promise<StatusChanged> {
  return writeContent(
    services,
    async (trx) => {
      const write = {
        services,
        preconditions: request.preconditions,
        actor: { uid: request.actorUid, auditUid: request.actorUid, mayPublish: request.mayPublish },
      };
      const version = await change(trx, write, id, code);
      return { version, publishing: await publishingOf(trx, id, code, version.status) };
    },
    { articles: { ids: [id] } },
  );
}

/** Publishes now: a version not published goes live; a published one's pending changes become the live text. */
export async function publishVersion(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
): Promise<StatusChanged> {
  return setStatusNow(services, request, id, code, versions.publishVersion);
}

/** Takes a published version off the site now; its pending changes become its working text. */
export async function unpublishVersion(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
): Promise<StatusChanged> {
  return setStatusNow(services, request, id, code, versions.unpublishVersion);
}

function requestWrite(services: AdminServices, request: VersionRequest) {
  return {
    services,
    preconditions: request.preconditions,
    actor: { uid: request.actorUid, auditUid: request.actorUid, mayPublish: request.mayPublish },
  };
}

/** Schedules a publish or an unpublish (replacing a pending one of the same kind). Nothing public changes until it is due. */
export async function scheduleChange(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
  action: ScheduleAction,
  input: ScheduleInput,
): Promise<VersionPublishing> {
  const actorUid = request.actorUid;
  return writeContent(
    services,
    async (trx) => {
      const row = await requireVersionCurrent(trx, requestWrite(services, request), id, code);
      const before = await pendingSchedules(trx, id, code);
      const at = new Date(input.at);
      const check = checkSchedule(action, at, new Date(), row.status, before, row.pendingChanges !== null);
      if (!check.ok) throw invalid("invalid_field", `at: ${check.reason}.`, "at");
      const dueAt = at.toISOString();
      await trx
        .deleteFrom("article_schedules")
        .where("article_id", "=", id)
        .where("code", "=", code)
        .where("action", "=", action)
        .execute();
      await trx
        .insertInto("article_schedules")
        .values({
          article_id: id,
          code,
          action,
          due_at: dueAt,
          created_by: actorUid,
          created_at: new Date().toISOString(),
        })
        .execute();
      await recordAudit(trx, {
        uid: actorUid,
        action: `schedule_${action}`,
        entity: ARTICLE_VERSION,
        entityId: `${id}:${code}`,
        before,
        after: { ...before, [`${action}At`]: dueAt },
      });
      return publishingOf(trx, id, code, row.status);
    },
    { changedContent: () => false },
  );
}

export async function cancelSchedule(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
  action: ScheduleAction,
): Promise<VersionPublishing> {
  const actorUid = request.actorUid;
  return writeContent(
    services,
    async (trx) => {
      const row = await requireVersionCurrent(trx, requestWrite(services, request), id, code);
      const before = await pendingSchedules(trx, id, code);
      const result = await trx
        .deleteFrom("article_schedules")
        .where("article_id", "=", id)
        .where("code", "=", code)
        .where("action", "=", action)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0)
        throw notFound(
          "not_found",
          `action: the ${code} version of article ${id} has no ${action} scheduled.`,
          "action",
        );
      await recordAudit(trx, {
        uid: actorUid,
        action: `cancel_${action}`,
        entity: ARTICLE_VERSION,
        entityId: `${id}:${code}`,
        before,
        after: { ...before, [`${action}At`]: null },
      });
      return publishingOf(trx, id, code, row.status);
    },
    { changedContent: () => false },
  );
}

/**
 * Applies the changes due at `now`, at most `limit` of them, in one transaction
 * through writeContent. On PostgreSQL the rows are claimed with SKIP LOCKED and
 * deleted as they are applied, so with several instances each change happens
 * exactly once. Returns how many versions changed.
 */
export async function applyDueSchedules(services: AdminServices, now = new Date(), limit = 100): Promise<number> {
  const { db, dialect } = services.database;
  const dueAt = now.toISOString();
  // Most ticks find nothing: one indexed read, no transaction.
  const any = await db
    .selectFrom("article_schedules")
    .select("id")
    .where("due_at", "<=", dueAt)
    .limit(1)
    .executeTakeFirst();
  if (!any) return 0;
  let claimed: { id: number; article_id: number; code: string; action: ScheduleAction; created_by: string | null }[] =
    [];
  let applied = 0;
  await writeContent(
    services,
    async (trx) => {
      for (const schedule of claimed) {
        await trx.deleteFrom("article_schedules").where("id", "=", schedule.id).execute();
        const row = await trx
          .selectFrom("article_versions")
          .select("status")
          .where("article_id", "=", schedule.article_id)
          .where("code", "=", schedule.code)
          .executeTakeFirst();
        if (!row) continue;
        const pending = await trx
          .selectFrom("article_drafts")
          .select("code")
          .where("article_id", "=", schedule.article_id)
          .where("code", "=", schedule.code)
          .executeTakeFirst();
        // A publish that falls due publishes the pending changes as they stand then.
        if (!applySchedule(row.status, schedule.action, pending !== undefined).changed) continue;
        const write = {
          services,
          preconditions: null,
          actor: { uid: schedule.created_by, auditUid: SCHEDULER_ACTOR, mayPublish: true },
        };
        const change = schedule.action === "publish" ? versions.publishVersion : versions.unpublishVersion;
        await change(trx, write, schedule.article_id, schedule.code, `scheduled-${schedule.action}`);
        applied += 1;
      }
    },
    {
      changedContent: () => applied > 0,
      articles: {
        ids: async (trx) => {
          const query = trx
            .selectFrom("article_schedules")
            .select(["id", "article_id", "code", "action", "created_by"])
            .where("due_at", "<=", dueAt)
            .orderBy("due_at")
            .orderBy("id")
            .limit(limit);
          claimed = await claimingRows(query, dialect).execute();
          return [...new Set(claimed.map((schedule) => schedule.article_id))];
        },
      },
    },
  );
  return applied;
}
