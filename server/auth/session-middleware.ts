/**
 * Reads the session cookie on every request and puts the signed-in user (or
 * null) in the request context. A renewed session's cookie, or the clearing of
 * an unknown one, is added to whatever response the request ends with — JSON,
 * a rendered page or an error (decision 0023).
 */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { SESSION_COOKIE } from "#server/http/session-cookie.ts";
import { findSessionUser } from "./sessions.ts";

export function sessionCookieOptions(secure: boolean, expires: Date) {
  return { path: "/", httpOnly: true, sameSite: "Lax" as const, secure, expires };
}

export function sessionMiddleware(db: Kysely<Database>, options: { secure: boolean }): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const id = getCookie(c, SESSION_COOKIE);
    if (!id) return next();
    const session = await findSessionUser(db, id);
    c.set("user", session?.user ?? null);
    await next();
    // A handler that set the session cookie itself (sign-in, sign-out) has the last word.
    if (c.res.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))) return;
    if (!session) {
      c.res.headers.append(
        "Set-Cookie",
        serialize(SESSION_COOKIE, "", {
          path: "/",
          httpOnly: true,
          sameSite: "Lax",
          secure: options.secure,
          maxAge: 0,
          expires: new Date(0),
        }),
      );
    } else if (session.renewedUntil) {
      c.res.headers.append(
        "Set-Cookie",
        serialize(SESSION_COOKIE, id, sessionCookieOptions(options.secure, session.renewedUntil)),
      );
    }
  };
}
