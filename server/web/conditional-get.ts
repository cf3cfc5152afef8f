/**
 * Conditional GET for every response (RFC 9110 §13.1.2): If-None-Match uses
 * weak comparison, so a tag that compression made weak (`W/"…"`) still earns a
 * 304. Runs outside the compression middleware so it sees the final ETag.
 * Without If-None-Match, If-Modified-Since is compared with Last-Modified
 * (static files carry their file's time) (§13.1.3).
 */
import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "#server/http/env.ts";
import { ifNoneMatchHits } from "./response-cache.ts";

/** Headers a 304 keeps (RFC 9110 §15.4.5). */
const KEPT_ON_304 = [
  "cache-control",
  "content-location",
  "date",
  "etag",
  "expires",
  "last-modified",
  "vary",
  "set-cookie",
  "content-security-policy",
];

/** Whether a response last modified at `lastModified` is unchanged since `ifModifiedSince` (HTTP dates, to the second); an unreadable date never is. */
export function unmodifiedSince(ifModifiedSince: string | undefined, lastModified: string | null): boolean {
  if (!ifModifiedSince || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified);
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
}

/** Whether the request's validators say the client's copy of this 200 is current. */
function clientCopyCurrent(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  headers: Headers,
): boolean {
  const etag = headers.get("etag");
  if (ifNoneMatch !== undefined) return etag !== null && ifNoneMatchHits(ifNoneMatch, etag);
  return unmodifiedSince(ifModifiedSince, headers.get("last-modified"));
}

export function conditionalGet(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if (
      (method !== "GET" && method !== "HEAD") ||
      c.res.status !== 200 ||
      !clientCopyCurrent(c.req.header("if-none-match"), c.req.header("if-modified-since"), c.res.headers)
    )
      return;
    const headers = new Headers();
    for (const [name, value] of c.res.headers)
      if (KEPT_ON_304.includes(name) && name !== "set-cookie") headers.set(name, value);
    for (const cookie of c.res.headers.getSetCookie()) headers.append("set-cookie", cookie);
    await c.res.body?.cancel();
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers });
  };
}
