/** Reads the session cookie on every request and puts the signed-in user (or null) in the request context. */
import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { SESSION_COOKIE } from "./session-cookie.ts";
import { findSessionUser } from "./sessions.ts";

export function sessionCookieOptions(secure: boolean, expires: Date) {
  return { path: "/", httpOnly: true, sameSite: "Lax" as const, secure, expires };
}

export function sessionMiddleware(db: Kysely<Database>, options: { secure: boolean }): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const id = getCookie(c, SESSION_COOKIE);
    if (id) {
      const session = await findSessionUser(db, id);
      c.set("user", session?.user ?? null);
      if (!session) deleteCookie(c, SESSION_COOKIE, { path: "/", secure: options.secure });
      else if (session.renewedUntil) setCookie(c, SESSION_COOKIE, id, sessionCookieOptions(options.secure, session.renewedUntil));
    }
    await next();
  };
}
