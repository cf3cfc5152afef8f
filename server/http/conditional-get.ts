/**
 * Conditional GET for every response (RFC 9110 §13.1.2): If-None-Match uses
 * weak comparison, so a tag that compression made weak (`W/"…"`) still earns a
 * 304. Runs outside the compression middleware so it sees the final ETag.
 */
import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./env.ts";
import { ifNoneMatchHits } from "./page-cache.ts";

/** Headers a 304 keeps (RFC 9110 §15.4.5). */
const KEPT_ON_304 = ["cache-control", "content-location", "date", "etag", "expires", "vary", "set-cookie", "content-security-policy"];

export function conditionalGet(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    const etag = c.res.headers.get("etag");
    if ((method !== "GET" && method !== "HEAD") || c.res.status !== 200 || !etag || !ifNoneMatchHits(c.req.header("if-none-match"), etag)) return;
    const headers = new Headers();
    for (const [name, value] of c.res.headers) if (KEPT_ON_304.includes(name) && name !== "set-cookie") headers.set(name, value);
    for (const cookie of c.res.headers.getSetCookie()) headers.append("set-cookie", cookie);
    await c.res.body?.cancel();
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers });
  };
}
