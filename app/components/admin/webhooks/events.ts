import type { WebhookEvent } from "#core/admin/webhooks/schema.ts";

export const WEBHOOKS_API = "/api/admin/webhooks";

/** The admin text naming an event: "version.published" → admin.webhooks.event.version_published. */
export const eventTextKey = (event: WebhookEvent) => `admin.webhooks.event.${event.replace(".", "_")}`;
