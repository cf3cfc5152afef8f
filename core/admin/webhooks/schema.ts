/** What the webhooks admin API accepts and answers (/admin/webhooks, docs/api.md "Webhooks"). */
import { z } from "zod";

/** The events an endpoint can take; each delivery's `event`, and its `Webhook-Event` header. */
export const WEBHOOK_EVENTS = [
  /** A language version went live (its first publish, or a publish after an unpublish). */
  "version.published",
  /** A live version went off the site (unpublished or deleted). */
  "version.unpublished",
  /** A live version's text changed (a save of the live text, or its pending changes published). */
  "version.updated",
  /** A translation stopped following its source: the source's text changed. */
  "translation.outdated",
  /** An image was added to the media library. */
  "media.uploaded",
  /** UI strings were added, changed or deleted. */
  "strings.changed",
  /** Public pages changed: the cache keys (Surrogate-Key) of what a shared cache must drop, for a CDN's purge API. */
  "cache.purge",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const MAX_WEBHOOK_URL_CHARS = 2_000;
export const MAX_WEBHOOK_DESCRIPTION_CHARS = 200;

const webhookUrl = z
  .string({ error: "must be a URL" })
  .trim()
  .max(MAX_WEBHOOK_URL_CHARS, { error: `must be at most ${MAX_WEBHOOK_URL_CHARS} characters` })
  .refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), {
    error: "must be an http:// or https:// URL",
  })
  .refine((value) => !URL.canParse(value) || (new URL(value).username === "" && new URL(value).password === ""), {
    error: "must not carry a user name or password (the deliveries are signed instead)",
  });

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` }), {
    error: "must be a list of events",
  })
  .min(1, { error: "must name at least one event" })
  .max(WEBHOOK_EVENTS.length)
  .transform((names) => [...new Set(names)]);

const description = z
  .string({ error: "must be text" })
  .trim()
  .max(MAX_WEBHOOK_DESCRIPTION_CHARS, { error: `must be at most ${MAX_WEBHOOK_DESCRIPTION_CHARS} characters` });

export const webhookInput = z.strictObject({
  url: webhookUrl,
  description: description.default(""),
  events,
  enabled: z.boolean({ error: "must be true or false" }).default(true),
});
export type WebhookInput = z.output<typeof webhookInput>;

export const webhookUpdate = z
  .strictObject({ url: webhookUrl, description, events, enabled: z.boolean({ error: "must be true or false" }) })
  .partial();
export type WebhookUpdate = z.output<typeof webhookUpdate>;

export const webhookIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: "must be a positive whole number" })
  .transform(Number);
export const deliveryIdParam = webhookIdParam;

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The event's id: the same on every attempt (the `Webhook-Id` header), so a receiver can drop repeats. */
  eventId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status of the last attempt; null when none answered. */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The start of the receiver's answer (at most 500 characters). */
  responseExcerpt: z.string().nullable(),
  /** Why the last attempt failed without an answer (refused address, time-out, connection). */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The newest delivery's status and time, if any. */
  lastDelivery: webhookDeliverySchema.pick({ status: true, createdAt: true, responseStatus: true }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookResponse = z.object({ webhook: webhookSchema });
/** A creation answers the signing secret, this once. */
export const webhookCreatedResponse = webhookResponse.extend({ secret: z.string() });
/** The list: each endpoint with `etag`, the ETag its own GET answers (a change from the list names it in If-Match). */
export const webhookListResponse = z.object({ webhooks: z.array(webhookSchema.extend({ etag: z.string() })) });
export type ListedWebhook = z.infer<typeof webhookListResponse>["webhooks"][number];
export const deliveryListResponse = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const deliveryResponse = z.object({ delivery: webhookDeliverySchema });
