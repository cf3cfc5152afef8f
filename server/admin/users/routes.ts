/** Admin API: users (mounted under /api/admin/users behind the admin gate). */
import { Hono } from "hono";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { validateInput } from "#server/http/validate.ts";
import { listUsers, listUsersQuery, setAdmin, setAdminInput, uidParam } from "./service.ts";

export function usersAdminApi(services: AppServices) {
  const { db } = services.database;
  const app = new Hono<HttpEnv>();

  app.get("/", async (c) => {
    const { q } = validateInput(listUsersQuery, c.req.query());
    return c.json(await listUsers(db, q));
  });

  app.post("/:uid/admin", async (c) => {
    const uid = validateInput(uidParam, c.req.param("uid"), "uid");
    const { isAdmin } = await readJson(c, setAdminInput);
    // The gate in front of this router guarantees a signed-in admin.
    return c.json({ user: await setAdmin(db, c.get("user")!.uid, uid, isAdmin) });
  });

  return app;
}
