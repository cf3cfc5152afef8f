/**
 * Sends the enqueued deliveries (./outbox.ts): every instance looks for due ones each second and claims a few
 * (FOR UPDATE SKIP LOCKED on PostgreSQL, server/db/locks.ts), moving their next attempt a lease ahead, so no
 * other instance sends them meanwhile; then it sends them, signed, and records the outcome. A failure is tried
 * again after 1, 4, 16… times WEBHOOK_RETRY_BASE_SECONDS (at most 4 hours apart) until 24 hours after the
 * event, then the delivery is failed; an admin can send it again (redeliver).
 */
import type { Config } from "#server/base/config.ts";
import type { Logger } from "#server/base/log.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { claimingRows } from "#server/db/locks.ts";
import { attemptDelivery, DELIVERY_TIMEOUT_MS } from "./sender.ts";
import { signature, SIGNATURE_HEADER } from "./signature.ts";

const POLL_MS = 1_000;
const CLAIMED_PER_ROUND = 10;
/** A claimed delivery is the claimer's this long: longer than an attempt can take. */
const LEASE_MS = DELIVERY_TIMEOUT_MS * 6;
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const MAX_RETRY_DELAY_MS = 4 * 60 * 60 * 1000;

/** When a delivery that failed its `attempts`-th attempt at `now` is tried again; null once 24 hours have passed. */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date, retryBaseMs: number): Date | null {
  const delay = Math.min(retryBaseMs * 4 ** (attempts - 1), MAX_RETRY_DELAY_MS);
  const next = new Date(now.getTime() + delay);
  return next.getTime() - createdAt.getTime() > GIVE_UP_AFTER_MS ? null : next;
}

/** What sending needs of the site's services. */
export interface DeliveryServices {
  database: DatabaseHandle;
  config: Pick<Config, "webhooks">;
}

/** The due deliveries this instance claims (at most CLAIMED_PER_ROUND), their next attempt moved a lease ahead. */
async function claimDue({ database }: DeliveryServices, now: Date) {
  const { db, dialect } = database;
  const at = now.toISOString();
  // Most rounds find nothing: one indexed read, no transaction.
  const any = await db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", at)
    .limit(1)
    .executeTakeFirst();
  if (!any) return [];
  return db.transaction().execute(async (trx) => {
    const query = trx
      .selectFrom("webhook_deliveries")
      .innerJoin("webhooks", "webhooks.id", "webhook_deliveries.webhook_id")
      .select([
        "webhook_deliveries.id",
        "webhook_deliveries.event_id",
        "webhook_deliveries.event",
        "webhook_deliveries.payload",
        "webhook_deliveries.attempts",
        "webhook_deliveries.created_at",
        "webhooks.url",
        "webhooks.secret",
      ])
      .where("webhook_deliveries.status", "=", "pending")
      .where("webhook_deliveries.next_attempt_at", "<=", at)
      .orderBy("webhook_deliveries.next_attempt_at")
      .orderBy("webhook_deliveries.id")
      .limit(CLAIMED_PER_ROUND);
    const rows = await claimingRows(query, dialect).execute();
    if (rows.length > 0) {
      const leaseEnd = new Date(now.getTime() + LEASE_MS).toISOString();
      await trx
        .updateTable("webhook_deliveries")
        .set({ next_attempt_at: leaseEnd })
        .where(
          "id",
          "in",
          rows.map((row) => row.id),
        )
        .execute();
    }
    return rows;
  });
}

/** One attempt at a claimed delivery, signed, and its outcome recorded: succeeded, pending a retry, or failed. */
async function send(services: DeliveryServices, delivery: Awaited<ReturnType<typeof claimDue>>[number]) {
  const headers = {
    "User-Agent": "PolyglotPress-Webhooks/1",
    "Webhook-Id": delivery.event_id,
    "Webhook-Event": delivery.event,
    [SIGNATURE_HEADER]: signature(delivery.secret, delivery.payload, Math.floor(Date.now() / 1000)),
  };
  const { webhooks } = services.config;
  const attempt = await attemptDelivery(delivery.url, delivery.payload, headers, webhooks.allowPrivateAddresses);
  const attempts = delivery.attempts + 1;
  const finished = new Date();
  const retryAt = attempt.ok
    ? null
    : nextAttemptAt(new Date(delivery.created_at), attempts, finished, webhooks.retryBaseMs);
  await services.database.db
    .updateTable("webhook_deliveries")
    .set({
      status: attempt.ok ? "succeeded" : retryAt ? "pending" : "failed",
      attempts,
      next_attempt_at: retryAt?.toISOString() ?? null,
      last_attempt_at: finished.toISOString(),
      response_status: attempt.status,
      duration_ms: attempt.durationMs,
      response_excerpt: attempt.excerpt,
      error: attempt.error,
    })
    .where("id", "=", delivery.id)
    .execute();
}

/** Claims and sends the due deliveries once; returns how many were attempted. */
export async function deliverDue(services: DeliveryServices, now = new Date()): Promise<number> {
  const claimed = await claimDue(services, now);
  await Promise.all(claimed.map((delivery) => send(services, delivery)));
  return claimed.length;
}

export interface WebhookDeliveries {
  stop(): Promise<void>;
}

/** Sends due deliveries every second until stopped (the graceful shutdown waits for a round under way). */
export function startWebhookDeliveries(services: DeliveryServices & { log: Logger }): WebhookDeliveries {
  const { database, log } = services;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await deliverDue(services);
      } catch (error) {
        if (!database.availability.failed(error)) log.error({ err: error }, "sending webhook deliveries failed");
      }
    });
  };
  const timer = setInterval(round, POLL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
