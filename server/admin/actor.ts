/** Who is making an admin request, for the audit log. */
import type { Context } from "hono";
import type { HttpEnv } from "#server/http/env.ts";

/** The admin's user id: adminOnly() in front of every admin router has already refused anyone else. */
export function actorUid(c: Context<HttpEnv>): string {
  return c.get("user")!.uid;
}

/** How a file the admin exports names them: their display name, else their e-mail address, else their id. */
export function actorName(c: Context<HttpEnv>): string {
  const user = c.get("user")!;
  return user.displayName ?? user.email ?? user.uid;
}
