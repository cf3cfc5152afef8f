/**
 * Methods no route takes (docs/decisions/0149-hosts-origins-and-logged-secrets.md).
 * Pages, probes, sitemaps, feeds and robots.txt answer GET and HEAD only (no
 * React Router route has an action: one that gets one must be let through
 * here). Any other method that reaches this point is answered 405 with
 * `Allow`, in the one error shape, and leaves only its access-log line:
 * React Router would answer it as a server error and log an error each time.
 */
import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./env.ts";
import { refusal, type RenderErrorPage } from "./request-guard.ts";

export const PAGE_METHODS = ["GET", "HEAD"] as const;

export function refuseOtherMethods(renderPage: RenderErrorPage): MiddlewareHandler<HttpEnv> {
  const allowed = new Set<string>(PAGE_METHODS);
  return async (c, next) => {
    if (allowed.has(c.req.method)) return next();
    const response = refusal(c, renderPage, 405, "method_not_allowed", `${c.req.method} is not allowed here: this address answers ${PAGE_METHODS.join(" and ")} only.`);
    response.headers.set("Allow", PAGE_METHODS.join(", "));
    // A declared body is not read here (a chunked one the body limit has read, 64 KiB at most): closing spares reading it.
    if (c.req.header("transfer-encoding") !== undefined || Number(c.req.header("content-length") ?? 0) > 0) response.headers.set("Connection", "close");
    return response;
  };
}
