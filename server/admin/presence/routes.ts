/** Admin API: who has a language version open in the editor (under /api/admin/articles; decision 0152). */
import { Hono, type Context } from "hono";
import { articleIdParam, languageCodeParam } from "#core/admin/articles/schema.ts";
import { versionPresenceSchema } from "#core/admin/presence/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { validateInput } from "#server/http/validate.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { heartbeat, leave } from "./service.ts";

const PRESENCE = "/:id/versions/:code/presence";

export function presenceAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  const version = (c: Context<HttpEnv>) => ({ id: validateInput(articleIdParam, c.req.param("id"), "id"), code: validateInput(languageCodeParam, c.req.param("code"), "code") });
  const params = { id: articleIdParam, code: languageCodeParam };

  app.put(
    PRESENCE,
    apiRoute({
      tag: "Articles",
      summary: "The editor's heartbeat: I have this version open; answers who else has (seen within a minute)",
      params,
      success: { status: 200, description: "{ others: [{ uid, name, seenAt }] }", schema: versionPresenceSchema },
      otherResponses: { 404: "No article with this id, or no such language." },
    }),
    async (c) => {
      const { id, code } = version(c);
      return c.json((await heartbeat(services, actorUid(c), id, code)) satisfies Answer<typeof versionPresenceSchema>);
    },
  );

  app.delete(PRESENCE, apiRoute({ tag: "Articles", summary: "I closed the editor of this version", params, success: { status: 204, description: "Gone." } }), async (c) => {
    const { id, code } = version(c);
    await leave(services, actorUid(c), id, code);
    return c.body(null, 204);
  });

  return app;
}
