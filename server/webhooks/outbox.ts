/**
 * Webhook events are written in the transaction of the change they tell (the outbox pattern): one delivery
 * row per endpoint that takes the event, committed with the change or not at all. So an event is enqueued
 * exactly once whichever instance made the change, and survives restarts; ./deliveries.ts sends the rows.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { WebhookEvent } from "#core/admin/webhooks/schema.ts";
import type { Database } from "#server/db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** What a delivery's body says: the event, its id (the same on every attempt) and time, and what it is about. */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  createdAt: string;
  data: Record<string, unknown>;
}

/** Enqueues `event` for every enabled endpoint that takes it; returns how many deliveries were enqueued. */
export async function enqueueWebhookEvent(
  db: Db,
  event: WebhookEvent,
  data: Record<string, unknown>,
  now = new Date(),
): Promise<number> {
  // The endpoints are few (an admin registers them): read them all rather than index JSON.
  const endpoints = (
    await db.selectFrom("webhooks").select(["id", "events"]).where("enabled", "=", 1).execute()
  ).filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(event));
  if (endpoints.length === 0) return 0;
  const createdAt = now.toISOString();
  const payload: WebhookPayload = { id: randomUUID(), event, createdAt, data };
  const body = JSON.stringify(payload);
  await db
    .insertInto("webhook_deliveries")
    .values(
      endpoints.map((endpoint) => ({
        webhook_id: endpoint.id,
        event_id: payload.id,
        event,
        payload: body,
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: createdAt,
        last_attempt_at: null,
        response_status: null,
        duration_ms: null,
        response_excerpt: null,
        error: null,
        created_at: createdAt,
      })),
    )
    .execute();
  return endpoints.length;
}
