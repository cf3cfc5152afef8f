/** Admin API: users (mounted under /api/admin/users behind the admin gate). */
import { Hono } from "hono";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute } from "#server/ops/openapi.ts";
import { validateInput } from "#server/http/validate.ts";
import { listUsers, listUsersQuery, setAdmin, setAdminInput, uidParam } from "./service.ts";

export function usersAdminApi(services: AppServices) {
  const { db } = services.database;
  const app = new Hono<HttpEnv>();

  app.get("/", apiRoute({ tag: "Users", summary: "Everyone who signed in, optionally searched", query: listUsersQuery, success: { status: 200, description: "The users." } }), async (c) => {
    const { q } = validateInput(listUsersQuery, c.req.query());
    return c.json(await listUsers(db, q));
  });

  app.post("/:uid/admin", apiRoute({ tag: "Users", summary: "Grant or revoke admin rights (never the last admin's)", params: { uid: uidParam }, body: setAdminInput, success: { status: 200, description: "{ user }" }, otherResponses: { 404: "No user with this uid.", 409: "The last admin keeps their rights." } }), async (c) => {
    const uid = validateInput(uidParam, c.req.param("uid"), "uid");
    const { isAdmin } = await readJson(c, setAdminInput);
    // The gate in front of this router guarantees a signed-in admin.
    return c.json({ user: await setAdmin(db, c.get("user")!.uid, uid, isAdmin) });
  });

  return app;
}
