/**
 * What the publishing admin API accepts and answers: revisions (history, diff,
 * restore), publish/unpublish and their schedules, draft-preview links.
 */
import { z } from "zod";
import type { ArticleStatus } from "#core/article-rules.ts";
import { SCHEDULE_ACTIONS, type PendingSchedules, type PublicationState, type ScheduleAction } from "#core/publishing.ts";
import type { FieldDiff, RevisionContent } from "#core/revisions.ts";

const positiveId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: "must be a positive whole number" })
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, { error: "must be a positive whole number" });

export const revisionIdParam = positiveId;
export const previewLinkIdParam = positiveId;

export const scheduleActionParam = z.enum(SCHEDULE_ACTIONS, { error: 'must be "publish" or "unpublish"' });

/** A moment with its offset ("2026-11-24T09:00:00+01:00" or "…Z"): the editor sends its local time converted to UTC. */
export const scheduleInput = z.strictObject({
  at: z.iso.datetime({ offset: true, error: "must be a date and time with its offset, such as 2026-11-24T09:00:00Z" }),
});
export type ScheduleInput = z.output<typeof scheduleInput>;

/** `?from=&to=`: the two revisions to compare. */
export const compareQuery = z.object({ from: positiveId, to: positiveId });

export const createPreviewInput = z.strictObject({
  /** How long the link works; the site's default (PREVIEW_LINK_DAYS) when absent. */
  days: z.number({ error: "must be a number of days" }).int({ error: "must be a whole number of days" }).min(1, { error: "must be at least 1" }).max(90, { error: "must be at most 90" }).optional(),
});
export type CreatePreviewInput = z.output<typeof createPreviewInput>;

export interface RevisionSummary {
  id: number;
  /** Its place in the version's history (1 for the first text): the number History, the editor and the API show. */
  number: number;
  action: string;
  uid: string | null;
  /** The author's name or email, when the user still exists. */
  by: string | null;
  title: string;
  status: ArticleStatus;
  /** The id of the revision a restore brought back. */
  restoredFrom: number | null;
  /** Its number in the version's history; null when it is no longer kept. */
  restoredFromNumber: number | null;
  createdAt: string;
}

export type Revision = RevisionSummary & RevisionContent;

export interface RevisionComparison {
  from: RevisionSummary;
  to: RevisionSummary;
  fields: FieldDiff[];
}

export interface PreviewLink {
  id: number;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Absolute; only in the answer that creates the link (the token is never stored). */
  url?: string;
}

/** A version's publication: its state, pending changes and working (neither expired nor revoked) preview links. */
export interface VersionPublishing {
  state: PublicationState;
  schedules: PendingSchedules;
  previews: PreviewLink[];
}

export type { ScheduleAction };
