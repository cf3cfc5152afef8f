/** First-party analytics: events are rows in our own database, charted in the admin area. */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#server/db/schema.ts";

export const eventNameSchema = z
  .string()
  .regex(/^(lang_\d{1,9}|page_view|sign_in|sign_out)$/, 'must be "lang_{id}", "page_view", "sign_in" or "sign_out"');

export const clientEventSchema = z.strictObject({
  name: eventNameSchema,
  path: z.string().max(2048, "must be at most 2048 characters").startsWith("/", 'must start with "/"').optional(),
});

export interface AnalyticsEvent {
  name: string;
  uid?: string | null;
  language?: string | null;
  path?: string | null;
}

export async function recordEvent(db: Kysely<Database>, event: AnalyticsEvent, now = new Date()): Promise<void> {
  await db
    .insertInto("analytics_events")
    .values({
      name: event.name,
      uid: event.uid ?? null,
      language: event.language ?? null,
      path: event.path ?? null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Deletes the events older than the retention period; returns how many went. */
export async function pruneEvents(db: Kysely<Database>, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  const result = await db.deleteFrom("analytics_events").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
