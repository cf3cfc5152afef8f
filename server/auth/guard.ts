/**
 * The admin gate, in one place for every admin page and API (PRODUCT.md §7):
 * anonymous → 401, signed in without the admin flag → 403.
 */
import type { MiddlewareHandler } from "hono";
import { data } from "react-router";
import type { SignedInUser } from "#core/shell.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";

export type GateResult = { ok: true; user: SignedInUser } | { ok: false; status: 401 | 403 };

export function checkAdmin(user: SignedInUser | null): GateResult {
  if (!user) return { ok: false, status: 401 };
  if (!user.isAdmin) return { ok: false, status: 403 };
  return { ok: true, user };
}

/** For the JSON API under /api/admin. */
export function adminOnly(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const gate = checkAdmin(c.get("user"));
    if (gate.ok) return next();
    return gate.status === 401
      ? errorResponse(401, "unauthenticated", "Sign in with an administrator account to use this.")
      : errorResponse(403, "forbidden", "Your account does not have access to the admin area.");
  };
}

/** For admin route loaders: throws the 401/403 response the admin layout's error boundary renders. */
export function requireAdmin(user: SignedInUser | null): SignedInUser {
  const gate = checkAdmin(user);
  if (!gate.ok) throw data({ gate: gate.status }, { status: gate.status });
  return gate.user;
}
