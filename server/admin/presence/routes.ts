/** Admin API: who has a language version open in the editor (decision 0152) — declared once, beside the handlers (server/http/endpoint.ts, decision 0175). */
import { articleIdParam, languageCodeParam } from "#core/admin/articles/schema.ts";
import { versionPresenceSchema } from "#core/admin/presence/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import type { Answer } from "#server/http/openapi.ts";
import { heartbeat, leave } from "./service.ts";

const PRESENCE = "/articles/:id/versions/:code/presence";
const params = { id: articleIdParam, code: languageCodeParam };
// "Ada is editing" (decision 0152): whoever may read a version may say they have it open and see who else has.
const access = need("read", { param: "code" });

export const presenceEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "PUT",
    path: PRESENCE,
    access,
    tag: "Articles",
    summary: "The editor's heartbeat: I have this version open; answers who else has (seen within a minute)",
    params,
    success: { status: 200, description: "{ others: [{ uid, name, seenAt }] }", schema: versionPresenceSchema },
    otherResponses: { 404: "No article with this id, or no such language." },
    handle: async (c, { params: { id, code } }, { services }) =>
      c.json((await heartbeat(services, actorUid(c), id, code)) satisfies Answer<typeof versionPresenceSchema>),
  }),
  endpoint({
    method: "DELETE",
    path: PRESENCE,
    access,
    tag: "Articles",
    summary: "I closed the editor of this version",
    params,
    success: { status: 204, description: "Gone." },
    handle: async (c, { params: { id, code } }, { services }) => {
      await leave(services, actorUid(c), id, code);
      return c.body(null, 204);
    },
  }),
];
