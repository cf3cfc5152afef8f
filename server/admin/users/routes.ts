/** Admin API: users (mounted under /api/admin/users behind the admin gate). */
import { Hono } from "hono";
import { listUsersQuery, setAdminInput, uidParam } from "#core/admin/users/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute } from "#server/ops/openapi.ts";
import { readQuery } from "#server/http/query.ts";
import { validateInput } from "#server/http/validate.ts";
import { listUsers, setAdmin } from "./service.ts";

export function usersAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get("/", apiRoute({ tag: "Users", summary: "Everyone who signed in, optionally searched", query: listUsersQuery, success: { status: 200, description: "The users." } }), async (c) => {
    const { q } = readQuery(c, listUsersQuery);
    return c.json(await listUsers(services, q));
  });

  app.post("/:uid/admin", apiRoute({ tag: "Users", summary: "Grant or revoke admin rights (never the last admin's)", params: { uid: uidParam }, body: setAdminInput, success: { status: 200, description: "{ user }" }, otherResponses: { 404: "No user with this uid.", 409: "The last admin keeps their rights." } }), async (c) => {
    const uid = validateInput(uidParam, c.req.param("uid"), "uid");
    const { isAdmin } = await readJson(c, setAdminInput);
    return c.json({ user: await setAdmin(services, actorUid(c), uid, isAdmin) });
  });

  return app;
}
