/** Admin API: users (mounted under /api/admin/users behind the access gate). */
import { Hono } from "hono";
import { listUsersQuery, setRoleInput, uidParam, userListResponse, userResponse, userRoleSchema } from "#core/admin/users/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/content/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { readQuery } from "#server/http/query.ts";
import { validateInput } from "#server/http/validate.ts";
import { findUserRole, listUsers, setRole } from "./service.ts";

export function usersAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get(
    "/",
    apiRoute({
      tag: "Users",
      summary: "Everyone who signed in, optionally searched",
      query: listUsersQuery,
      success: { status: 200, description: "The users and how many there are; each with `roleEtag`, the ETag of its role", schema: userListResponse },
    }),
    async (c) => {
      const { q } = readQuery(c, listUsersQuery);
      return c.json((await listUsers(services, q)) satisfies Answer<typeof userListResponse>);
    },
  );

  app.get(
    "/:uid/role",
    apiRoute({
      tag: "Users",
      summary: "A user's role",
      params: { uid: uidParam },
      conditional: "read",
      success: { status: 200, description: "{ uid, role, languages, canPublish }; the ETag is this object's", schema: userRoleSchema },
      otherResponses: { 404: "No user with this uid." },
    }),
    async (c) => {
      const uid = validateInput(uidParam, c.req.param("uid"), "uid");
      const role = await findUserRole(services, uid);
      return role ? c.json(withEntityTag(c, role) satisfies Answer<typeof userRoleSchema>) : errorResponse(404, "not_found", `uid: no user "${uid}".`, "uid");
    },
  );

  app.put(
    "/:uid/role",
    apiRoute({
      tag: "Users",
      summary: "Give a user a role (user, translator with languages, editor, admin); never the last admin's away",
      params: { uid: uidParam },
      body: setRoleInput,
      conditional: "write",
      success: { status: 200, description: "{ user }; the ETag is the role's (user.roleEtag)", schema: userResponse },
      otherResponses: { 404: "No user with this uid.", 409: "The last admin keeps their role." },
    }),
    async (c) => {
      const uid = validateInput(uidParam, c.req.param("uid"), "uid");
      const input = await readJson(c, setRoleInput);
      const user = await setRole(services, actorUid(c), uid, input, readPreconditions(c));
      c.header("ETag", user.roleEtag);
      return c.json({ user } satisfies Answer<typeof userResponse>);
    },
  );

  return app;
}
