/**
 * What the publishing admin API accepts and answers: revisions (history, diff,
 * restore), publish/unpublish and their schedules, draft-preview links.
 */
import { z } from "zod";
import { adminVersionDetailSchema } from "#core/admin/articles/schema.ts";
import { ARTICLE_STATUSES } from "#core/article-rules.ts";
import { pendingSchedulesSchema, PUBLICATION_STATES, SCHEDULE_ACTIONS, type ScheduleAction } from "#core/publishing.ts";
import { fieldDiffSchema, revisionContentShape } from "#core/revisions.ts";

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
  days: z
    .number({ error: "must be a number of days" })
    .int({ error: "must be a whole number of days" })
    .min(1, { error: "must be at least 1" })
    .max(90, { error: "must be at most 90" })
    .optional(),
});
export type CreatePreviewInput = z.output<typeof createPreviewInput>;

export const revisionSummarySchema = z.object({
  id: z.number().int(),
  /** Its place in the version's history (1 for the first text): the number History, the editor and the API show. */
  number: z.number().int(),
  action: z.string(),
  uid: z.string().nullable(),
  /** The author's name or email, when the user still exists. */
  by: z.string().nullable(),
  title: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  /** The id of the revision a restore brought back. */
  restoredFrom: z.number().int().nullable(),
  /** Its number in the version's history; null when it is no longer kept. */
  restoredFromNumber: z.number().int().nullable(),
  createdAt: z.string(),
  /** Segments that were unedited machine suggestions when it was saved (decision 0218); 0 for most. */
  machineSegments: z.number().int(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export const revisionListResponse = z.object({ revisions: z.array(revisionSummarySchema) });

export const revisionSchema = revisionSummarySchema.extend(revisionContentShape);
export type Revision = z.infer<typeof revisionSchema>;
export const revisionResponse = z.object({ revision: revisionSchema });

export const revisionComparisonSchema = z.object({
  from: revisionSummarySchema,
  to: revisionSummarySchema,
  fields: z.array(fieldDiffSchema),
});
export type RevisionComparison = z.infer<typeof revisionComparisonSchema>;
export const revisionComparisonResponse = z.object({ comparison: revisionComparisonSchema });

const previewLinkSchema = z.object({
  id: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Absolute; only in the answer that creates the link (the token is never stored). */
  url: z.string().optional(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;
export const previewLinkResponse = z.object({ preview: previewLinkSchema });

/** A version's publication: its state, pending changes and working (neither expired nor revoked) preview links. */
export const versionPublishingSchema = z.object({
  state: z.enum(PUBLICATION_STATES),
  schedules: pendingSchedulesSchema,
  previews: z.array(previewLinkSchema),
});
export type VersionPublishing = z.infer<typeof versionPublishingSchema>;
export const publishingResponse = z.object({ publishing: versionPublishingSchema });
/** What publishing or unpublishing answers: the publication and the version with its new ETag. */
export const publishingChangedResponse = publishingResponse.extend({ version: adminVersionDetailSchema });

export type { ScheduleAction };
