/** Admin API: users — each endpoint declared once, beside its handler (server/http/endpoint.ts, decision 0175). */
import {
  listUsersQuery,
  setRoleInput,
  uidParam,
  userListResponse,
  userResponse,
  userRoleSchema,
} from "#core/admin/users/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import type { Answer } from "#server/http/openapi.ts";
import { findUserRole, listUsers, setRole } from "./service.ts";

const tag = "Users";
const access = need("users.manage");

export const userEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/users",
    access,
    tag,
    summary: "Everyone who signed in, optionally searched",
    query: listUsersQuery,
    success: {
      status: 200,
      description: "The users and how many there are; each with `roleEtag`, the ETag of its role",
      schema: userListResponse,
    },
    handle: async (c, { query }, { services }) =>
      c.json((await listUsers(services, query.q)) satisfies Answer<typeof userListResponse>),
  }),

  endpoint({
    method: "GET",
    path: "/users/:uid/role",
    access,
    tag,
    summary: "A user's role",
    params: { uid: uidParam },
    conditional: "read",
    success: {
      status: 200,
      description: "{ uid, role, languages, canPublish }; the ETag is this object's",
      schema: userRoleSchema,
    },
    otherResponses: { 404: "No user with this uid." },
    handle: async (c, { params: { uid } }, { services }) => {
      const role = await findUserRole(services, uid);
      return role
        ? c.json(withEntityTag(c, role) satisfies Answer<typeof userRoleSchema>)
        : errorResponse(404, "not_found", `uid: no user "${uid}".`, "uid");
    },
  }),

  endpoint({
    method: "PUT",
    path: "/users/:uid/role",
    access,
    tag,
    summary: "Give a user a role (user, translator with languages, editor, admin); never the last admin's away",
    params: { uid: uidParam },
    body: setRoleInput,
    conditional: "write",
    success: { status: 200, description: "{ user }; the ETag is the role's (user.roleEtag)", schema: userResponse },
    otherResponses: { 404: "No user with this uid.", 409: "The last admin keeps their role." },
    handle: async (c, { params: { uid }, body }, { services }) => {
      const user = await setRole(services, actorUid(c), uid, body, readPreconditions(c));
      c.header("ETag", user.roleEtag);
      return c.json({ user } satisfies Answer<typeof userResponse>);
    },
  }),
];
