/** Admin API: webhooks (mounted under /api/admin/webhooks behind the access gate; docs/api.md "Webhooks"). */
import { Hono } from "hono";
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
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { validateInput } from "#server/http/validate.ts";
import { apiRoute, type Answer } from "#server/ops/openapi.ts";
import { createWebhook, deleteWebhook, findWebhook, listDeliveries, listWebhooks, redeliver, updateWebhook, webhookTag } from "./service.ts";

const parseId = (raw: string) => validateInput(webhookIdParam, raw, "id");
const tag = "Webhooks";

export function webhooksAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get(
    "/",
    apiRoute({ tag, summary: "Every webhook endpoint, with its latest delivery", success: { status: 200, description: "{ webhooks }: each with `etag`, the ETag its own GET answers", schema: webhookListResponse } }),
    async (c) => c.json({ webhooks: await listWebhooks(services) } satisfies Answer<typeof webhookListResponse>),
  );

  app.post(
    "/",
    apiRoute({
      tag,
      summary: "Register an endpoint for some events; the answer holds its signing secret, this once",
      body: webhookInput,
      success: { status: 201, description: "{ webhook, secret }", schema: webhookCreatedResponse },
      otherResponses: { 400: "A bad field, or a URL on a private, loopback or link-local address." },
    }),
    async (c) => {
      const input = await readJson(c, webhookInput);
      const { webhook, secret } = await createWebhook(services, actorUid(c), input);
      c.header("ETag", webhookTag(webhook));
      return c.json({ webhook, secret } satisfies Answer<typeof webhookCreatedResponse>, 201);
    },
  );

  app.get(
    "/:id",
    apiRoute({
      tag,
      summary: "One endpoint",
      params: { id: webhookIdParam },
      conditional: "read",
      success: { status: 200, description: "{ webhook }; the ETag is of its settings", schema: webhookResponse },
      otherResponses: { 404: "No webhook with this id." },
    }),
    async (c) => {
      const id = parseId(c.req.param("id"));
      const webhook = await findWebhook(services.database.db, id);
      return webhook
        ? c.json({ webhook: withEntityTag(c, webhook, webhookTag) } satisfies Answer<typeof webhookResponse>)
        : errorResponse(404, "not_found", `id: no webhook ${id}.`, "id");
    },
  );

  app.patch(
    "/:id",
    apiRoute({
      tag,
      summary: "Change an endpoint's URL, description, events or whether it is enabled (only the fields sent)",
      params: { id: webhookIdParam },
      body: webhookUpdate,
      conditional: "write",
      success: { status: 200, description: "{ webhook }", schema: webhookResponse },
      otherResponses: { 404: "No webhook with this id." },
    }),
    async (c) => {
      const id = parseId(c.req.param("id"));
      const patch = await readJson(c, webhookUpdate);
      const webhook = await updateWebhook(services, actorUid(c), id, patch, readPreconditions(c));
      return c.json({ webhook: withEntityTag(c, webhook, webhookTag) } satisfies Answer<typeof webhookResponse>);
    },
  );

  app.delete(
    "/:id",
    apiRoute({
      tag,
      summary: "Delete an endpoint and its delivery log",
      params: { id: webhookIdParam },
      conditional: "write",
      success: { status: 204, description: "Deleted." },
      otherResponses: { 404: "No webhook with this id." },
    }),
    async (c) => {
      await deleteWebhook(services, actorUid(c), parseId(c.req.param("id")), readPreconditions(c));
      return c.body(null, 204);
    },
  );

  app.get(
    "/:id/deliveries",
    apiRoute({
      tag,
      summary: "An endpoint's latest 100 deliveries, newest first: status, attempts, the receiver's answer",
      params: { id: webhookIdParam },
      success: { status: 200, description: "{ deliveries }", schema: deliveryListResponse },
      otherResponses: { 404: "No webhook with this id." },
    }),
    async (c) => c.json({ deliveries: await listDeliveries(services, parseId(c.req.param("id"))) } satisfies Answer<typeof deliveryListResponse>),
  );

  app.post(
    "/:id/deliveries/:deliveryId/redeliver",
    apiRoute({
      tag,
      summary: "Send a delivery's event again (same Webhook-Id), as a new delivery",
      params: { id: webhookIdParam, deliveryId: deliveryIdParam },
      success: { status: 201, description: "{ delivery }: the new delivery", schema: deliveryResponse },
      otherResponses: { 404: "No such webhook or delivery.", 409: "The delivery is still being sent." },
    }),
    async (c) => {
      const id = parseId(c.req.param("id"));
      const deliveryId = validateInput(deliveryIdParam, c.req.param("deliveryId"), "deliveryId");
      return c.json({ delivery: await redeliver(services, actorUid(c), id, deliveryId) } satisfies Answer<typeof deliveryResponse>, 201);
    },
  );

  return app;
}
