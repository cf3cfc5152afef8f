/** Webhook endpoints and their deliveries, for the admin API (server/webhooks has the sending). */
import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type {
  ListedWebhook,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookInput,
  WebhookUpdate,
} from "#core/admin/webhooks/schema.ts";
import type { AdminServices } from "#server/content/context.ts";
import { lockedForWrite } from "#server/db/locks.ts";
import type { Database } from "#server/db/schema.ts";
import type { WebhookDeliveriesTable } from "#server/db/platform-schema.ts";
import type { Selectable } from "kysely";
import { conflict, invalid, notFound } from "#core/errors.ts";
import { entityTag, requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { refusedHost } from "#server/webhooks/address-guard.ts";

type Db = Kysely<Database> | Transaction<Database>;

const WEBHOOK = "webhook";
/** Deliveries an endpoint's log lists, newest first. */
export const DELIVERIES_LISTED = 100;

/** The ETag of an endpoint: its own settings, not its latest delivery (which changes as events are sent). */
export const webhookTag = ({ lastDelivery: _, ...settings }: Webhook) => entityTag(settings);

function toDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    event: row.event as WebhookEvent,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.next_attempt_at : null,
    lastAttemptAt: row.last_attempt_at,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    responseExcerpt: row.response_excerpt,
    error: row.error,
    createdAt: row.created_at,
  };
}

async function readWebhooks(db: Db, id?: number): Promise<Webhook[]> {
  let query = db
    .selectFrom("webhooks")
    .select(["id", "url", "description", "events", "enabled", "created_at", "updated_at"])
    .orderBy("id");
  if (id !== undefined) query = query.where("id", "=", id);
  const rows = await query.execute();
  return Promise.all(
    rows.map(async (row) => {
      const last = await db
        .selectFrom("webhook_deliveries")
        .select(["status", "created_at", "response_status"])
        .where("webhook_id", "=", row.id)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return {
        id: row.id,
        url: row.url,
        description: row.description,
        events: JSON.parse(row.events) as WebhookEvent[],
        enabled: row.enabled === 1,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        lastDelivery: last
          ? { status: last.status, createdAt: last.created_at, responseStatus: last.response_status }
          : null,
      };
    }),
  );
}

export async function listWebhooks(services: AdminServices): Promise<ListedWebhook[]> {
  return (await readWebhooks(services.database.db)).map((webhook) => ({ ...webhook, etag: webhookTag(webhook) }));
}

export async function findWebhook(db: Db, id: number): Promise<Webhook | null> {
  return (await readWebhooks(db, id))[0] ?? null;
}

const noWebhook = (id: number) => notFound("not_found", `id: no webhook ${id}.`, "id");

/** Refuses an endpoint on the site's own network (unless allowed): a 400 naming the address. */
async function requireReachable(services: AdminServices, url: string): Promise<void> {
  const problem = await refusedHost(new URL(url).hostname, services.config.webhooks.allowPrivateAddresses);
  if (problem) throw invalid("invalid_field", `url: ${problem}; webhooks go to public addresses only.`, "url");
}

export async function createWebhook(
  services: AdminServices,
  actorUid: string,
  input: WebhookInput,
): Promise<{ webhook: Webhook; secret: string }> {
  await requireReachable(services, input.url);
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const now = new Date().toISOString();
  return services.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("webhooks")
      .values({
        url: input.url,
        description: input.description,
        events: JSON.stringify(input.events),
        secret,
        enabled: input.enabled ? 1 : 0,
        created_by: actorUid,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const webhook = (await findWebhook(trx, row.id))!;
    // The secret never reaches the audit log.
    await recordAudit(trx, {
      uid: actorUid,
      action: "create",
      entity: WEBHOOK,
      entityId: String(row.id),
      after: { ...webhook, lastDelivery: undefined },
    });
    return { webhook, secret };
  });
}

async function lockedWebhook(
  trx: Transaction<Database>,
  services: AdminServices,
  id: number,
  preconditions: Preconditions,
): Promise<Webhook> {
  await lockedForWrite(
    trx.selectFrom("webhooks").select("id").where("id", "=", id),
    services.database.dialect,
  ).execute();
  const current = await findWebhook(trx, id);
  if (!current) throw noWebhook(id);
  requireCurrent(preconditions, current, `webhook ${id}`, webhookTag);
  return current;
}

export async function updateWebhook(
  services: AdminServices,
  actorUid: string,
  id: number,
  patch: WebhookUpdate,
  preconditions: Preconditions,
): Promise<Webhook> {
  if (patch.url !== undefined) await requireReachable(services, patch.url);
  return services.database.db.transaction().execute(async (trx) => {
    const before = await lockedWebhook(trx, services, id, preconditions);
    await trx
      .updateTable("webhooks")
      .set({
        ...(patch.url !== undefined && { url: patch.url }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.events !== undefined && { events: JSON.stringify(patch.events) }),
        ...(patch.enabled !== undefined && { enabled: patch.enabled ? 1 : 0 }),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .execute();
    const after = (await findWebhook(trx, id))!;
    await recordAudit(trx, {
      uid: actorUid,
      action: "update",
      entity: WEBHOOK,
      entityId: String(id),
      before: { ...before, lastDelivery: undefined },
      after: { ...after, lastDelivery: undefined },
    });
    return after;
  });
}

/** Deletes an endpoint with its delivery log; what was still to send is dropped. */
export async function deleteWebhook(
  services: AdminServices,
  actorUid: string,
  id: number,
  preconditions: Preconditions,
): Promise<void> {
  await services.database.db.transaction().execute(async (trx) => {
    const before = await lockedWebhook(trx, services, id, preconditions);
    await trx.deleteFrom("webhook_deliveries").where("webhook_id", "=", id).execute();
    await trx.deleteFrom("webhooks").where("id", "=", id).execute();
    await recordAudit(trx, {
      uid: actorUid,
      action: "delete",
      entity: WEBHOOK,
      entityId: String(id),
      before: { ...before, lastDelivery: undefined },
    });
  });
}

export async function listDeliveries(services: AdminServices, id: number): Promise<WebhookDelivery[]> {
  const { db } = services.database;
  if (!(await db.selectFrom("webhooks").select("id").where("id", "=", id).executeTakeFirst())) throw noWebhook(id);
  const rows = await db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", id)
    .orderBy("id", "desc")
    .limit(DELIVERIES_LISTED)
    .execute();
  return rows.map(toDelivery);
}

/** Sends a delivery again (a failed one, or one the receiver lost): pending now, with its attempts counted on. */
export async function redeliver(
  services: AdminServices,
  actorUid: string,
  id: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  return services.database.db.transaction().execute(async (trx) => {
    const row = await lockedForWrite(
      trx.selectFrom("webhook_deliveries").selectAll().where("id", "=", deliveryId).where("webhook_id", "=", id),
      services.database.dialect,
    ).executeTakeFirst();
    if (!row) throw notFound("not_found", `deliveryId: webhook ${id} has no delivery ${deliveryId}.`, "deliveryId");
    if (row.status === "pending")
      throw conflict(
        "conflict",
        `deliveryId: delivery ${deliveryId} is still being sent; wait for its outcome.`,
        "deliveryId",
      );
    const now = new Date().toISOString();
    const { id: _, ...event } = row;
    // A redelivery is a new delivery of the same event (same Webhook-Id), with 24 hours of its own to succeed.
    const again = await trx
      .insertInto("webhook_deliveries")
      .values({
        ...event,
        status: "pending",
        attempts: 0,
        next_attempt_at: now,
        last_attempt_at: null,
        response_status: null,
        duration_ms: null,
        response_excerpt: null,
        error: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      uid: actorUid,
      action: "redeliver",
      entity: WEBHOOK,
      entityId: String(id),
      after: { delivery: deliveryId, eventId: row.event_id, event: row.event },
    });
    return toDelivery(again);
  });
}
