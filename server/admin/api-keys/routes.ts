/** Admin API: keys of the content delivery API — each endpoint declared once (server/http/endpoint.ts, decision 0175; docs/api.md "Content delivery API"). */
import {
  apiKeyCreatedResponse,
  apiKeyIdParam,
  apiKeyInput,
  apiKeyListResponse,
  apiKeyResponse,
} from "#core/admin/api-keys/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import type { Answer } from "#server/http/openapi.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./service.ts";

const tag = "API keys";
const access = need("settings.manage");

export const apiKeyEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/api-keys",
    access,
    tag,
    summary: "Every content API key, newest first, with when it was last used (never its token)",
    success: { status: 200, description: "{ apiKeys }", schema: apiKeyListResponse },
    handle: async (c, _input, { services }) =>
      c.json({ apiKeys: await listApiKeys(services) } satisfies Answer<typeof apiKeyListResponse>),
  }),

  endpoint({
    method: "POST",
    path: "/api-keys",
    access,
    tag,
    summary:
      "Create a key for the content API: its name, languages, allowed origins and rate; the answer holds its token, this once",
    body: apiKeyInput,
    success: { status: 201, description: "{ apiKey, token }", schema: apiKeyCreatedResponse },
    handle: async (c, { body }, { services }) =>
      c.json((await createApiKey(services, actorUid(c), body)) satisfies Answer<typeof apiKeyCreatedResponse>, 201),
  }),

  endpoint({
    method: "POST",
    path: "/api-keys/:id/revoke",
    access,
    tag,
    summary: "Revoke a key: every request with it is refused (401) from now on; it stays listed",
    params: { id: apiKeyIdParam },
    success: { status: 200, description: "{ apiKey }", schema: apiKeyResponse },
    otherResponses: { 404: "No API key with this id." },
    handle: async (c, { params: { id } }, { services }) =>
      c.json({ apiKey: await revokeApiKey(services, actorUid(c), id) } satisfies Answer<typeof apiKeyResponse>),
  }),
];
