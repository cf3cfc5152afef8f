/**
 * Publishing states and schedules of a language version, as pure rules the
 * admin API enforces, the scheduler applies and the editor shows
 * (docs/decisions/0095-revisions-schedules-and-previews.md). Times are UTC ISO-8601 text.
 */
import { z } from "zod";
import type { ArticleStatus } from "./article-rules.ts";

export const SCHEDULE_ACTIONS = ["publish", "unpublish"] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];

/** A version's pending changes: at most one publish and one unpublish. */
export const pendingSchedulesSchema = z.object({
  publishAt: z.string().nullable(),
  unpublishAt: z.string().nullable(),
});
export type PendingSchedules = z.infer<typeof pendingSchedulesSchema>;

export const NO_SCHEDULES: PendingSchedules = { publishAt: null, unpublishAt: null };

/** Draft, Scheduled (a draft with a publish time) or Published (perhaps with an unpublish time, or pending changes to publish at a time). */
export const PUBLICATION_STATES = ["draft", "scheduled", "published"] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

export function publicationState(status: ArticleStatus, schedules: PendingSchedules): PublicationState {
  if (status === "published") return "published";
  return schedules.publishAt === null ? "draft" : "scheduled";
}

/** How far ahead a change may be scheduled: far enough for any plan, short of typos like year 20260. */
export const MAX_SCHEDULE_AHEAD_MS = 10 * 366 * 24 * 60 * 60 * 1000;

export type ScheduleCheck = { ok: true } | { ok: false; reason: string };

/**
 * Whether `action` may be scheduled at `at` for a version in this state (`pending`: a published version with
 * pending changes, which a publish makes live), `now` being the server's clock.
 */
export function checkSchedule(
  action: ScheduleAction,
  at: Date,
  now: Date,
  status: ArticleStatus,
  schedules: PendingSchedules,
  pending = false,
): ScheduleCheck {
  const time = at.getTime();
  if (!Number.isFinite(time)) return { ok: false, reason: "must be a date and time" };
  if (time <= now.getTime()) return { ok: false, reason: "must be in the future" };
  if (time - now.getTime() > MAX_SCHEDULE_AHEAD_MS) return { ok: false, reason: "must be at most 10 years ahead" };
  if (action === "publish") {
    if (status === "published" && !pending)
      return {
        ok: false,
        reason: "cannot schedule a publish: the version is already published and has no pending changes",
      };
    if (schedules.unpublishAt !== null && time >= Date.parse(schedules.unpublishAt)) {
      return { ok: false, reason: `must be before the scheduled unpublish (${schedules.unpublishAt})` };
    }
    return { ok: true };
  }
  if (status !== "published" && schedules.publishAt === null) {
    return {
      ok: false,
      reason: "cannot schedule an unpublish: the version is neither published nor scheduled to publish",
    };
  }
  if (schedules.publishAt !== null && time <= Date.parse(schedules.publishAt)) {
    return { ok: false, reason: `must be after the scheduled publish (${schedules.publishAt})` };
  }
  return { ok: true };
}

/**
 * The status a due change leaves, and whether it changes anything: a publish of a published version
 * changes something only when it has pending changes (they go live).
 */
export function applySchedule(
  status: ArticleStatus,
  action: ScheduleAction,
  pending = false,
): { status: ArticleStatus; changed: boolean } {
  const next: ArticleStatus = action === "publish" ? "published" : "draft";
  return { status: next, changed: next !== status || (action === "publish" && pending) };
}

/**
 * Which pending changes a direct status change makes pointless: publishing now
 * drops a pending publish; a draft with no publish ahead has nothing to unpublish.
 */
export function schedulesVoidedBy(status: ArticleStatus, schedules: PendingSchedules): ScheduleAction[] {
  if (status === "published") return schedules.publishAt === null ? [] : ["publish"];
  return schedules.publishAt === null && schedules.unpublishAt !== null ? ["unpublish"] : [];
}
