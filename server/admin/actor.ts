/** Who is making an admin request, for the audit log. */
import type { Context } from "hono";
import type { HttpEnv } from "#server/http/env.ts";

/** The admin's user id: adminOnly() in front of every admin router has already refused anyone else. */
export function actorUid(c: Context<HttpEnv>): string {
  return c.get("user")!.uid;
}
