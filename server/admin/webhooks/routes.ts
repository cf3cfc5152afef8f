/** Admin API: webhooks — each endpoint declared once, beside its handler (server/http/endpoint.ts, decision 0175; docs/api.md "Webhooks"). */
import {
  deliveryIdParam,
  deliveryListResponse,
  deliveryResponse,
  webhookCreatedResponse,
  webhookIdParam,
  webhookInput,
  webhookListResponse,
  webhookResponse,
  webhookUpdate,
} from "#core/admin/webhooks/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import type { Answer } from "#server/http/openapi.ts";
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  updateWebhook,
  webhookTag,
} from "./service.ts";

const tag = "Webhooks";
const access = need("settings.manage");
const params = { id: webhookIdParam };

export const webhookEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/webhooks",
    access,
    tag,
    summary: "Every webhook endpoint, with its latest delivery",
    success: {
      status: 200,
      description: "{ webhooks }: each with `etag`, the ETag its own GET answers",
      schema: webhookListResponse,
    },
    handle: async (c, _input, { services }) =>
      c.json({ webhooks: await listWebhooks(services) } satisfies Answer<typeof webhookListResponse>),
  }),

  endpoint({
    method: "POST",
    path: "/webhooks",
    access,
    tag,
    summary: "Register an endpoint for some events; the answer holds its signing secret, this once",
    body: webhookInput,
    success: { status: 201, description: "{ webhook, secret }", schema: webhookCreatedResponse },
    otherResponses: { 400: "A bad field, or a URL on a private, loopback or link-local address." },
    handle: async (c, { body }, { services }) => {
      const { webhook, secret } = await createWebhook(services, actorUid(c), body);
      c.header("ETag", webhookTag(webhook));
      return c.json({ webhook, secret } satisfies Answer<typeof webhookCreatedResponse>, 201);
    },
  }),

  endpoint({
    method: "GET",
    path: "/webhooks/:id",
    access,
    tag,
    summary: "One endpoint",
    params,
    conditional: "read",
    success: { status: 200, description: "{ webhook }; the ETag is of its settings", schema: webhookResponse },
    otherResponses: { 404: "No webhook with this id." },
    handle: async (c, { params: { id } }, { services }) => {
      const webhook = await findWebhook(services.database.db, id);
      return webhook
        ? c.json({ webhook: withEntityTag(c, webhook, webhookTag) } satisfies Answer<typeof webhookResponse>)
        : errorResponse(404, "not_found", `id: no webhook ${id}.`, "id");
    },
  }),

  endpoint({
    method: "PATCH",
    path: "/webhooks/:id",
    access,
    tag,
    summary: "Change an endpoint's URL, description, events or whether it is enabled (only the fields sent)",
    params,
    body: webhookUpdate,
    conditional: "write",
    success: { status: 200, description: "{ webhook }", schema: webhookResponse },
    otherResponses: { 404: "No webhook with this id." },
    handle: async (c, { params: { id }, body }, { services }) => {
      const webhook = await updateWebhook(services, actorUid(c), id, body, readPreconditions(c));
      return c.json({ webhook: withEntityTag(c, webhook, webhookTag) } satisfies Answer<typeof webhookResponse>);
    },
  }),

  endpoint({
    method: "DELETE",
    path: "/webhooks/:id",
    access,
    tag,
    summary: "Delete an endpoint and its delivery log",
    params,
    conditional: "write",
    success: { status: 204, description: "Deleted." },
    otherResponses: { 404: "No webhook with this id." },
    handle: async (c, { params: { id } }, { services }) => {
      await deleteWebhook(services, actorUid(c), id, readPreconditions(c));
      return c.body(null, 204);
    },
  }),

  endpoint({
    method: "GET",
    path: "/webhooks/:id/deliveries",
    access,
    tag,
    summary: "An endpoint's latest 100 deliveries, newest first: status, attempts, the receiver's answer",
    params,
    success: { status: 200, description: "{ deliveries }", schema: deliveryListResponse },
    otherResponses: { 404: "No webhook with this id." },
    handle: async (c, { params: { id } }, { services }) =>
      c.json({ deliveries: await listDeliveries(services, id) } satisfies Answer<typeof deliveryListResponse>),
  }),

  endpoint({
    method: "POST",
    path: "/webhooks/:id/deliveries/:deliveryId/redeliver",
    access,
    tag,
    summary: "Send a delivery's event again (same Webhook-Id), as a new delivery",
    params: { ...params, deliveryId: deliveryIdParam },
    success: { status: 201, description: "{ delivery }: the new delivery", schema: deliveryResponse },
    otherResponses: { 404: "No such webhook or delivery.", 409: "The delivery is still being sent." },
    handle: async (c, { params: { id, deliveryId } }, { services }) =>
      c.json(
        { delivery: await redeliver(services, actorUid(c), id, deliveryId) } satisfies Answer<typeof deliveryResponse>,
        201,
      ),
  }),
];
