/**
 * Methods no route takes (docs/decisions/0149-hosts-origins-and-logged-secrets.md).
 * Pages, probes, sitemaps, feeds and robots.txt answer GET and HEAD only (no
 * React Router route has an action: one that gets one must be let through
 * here). Any other method that reaches this point is answered 405 with
 * `Allow`, in the one error shape, and leaves only its access-log line:
 * React Router would answer it as a server error and log an error each time.
 * The API, start-up files, sitemaps and sign-in addresses answer the methods
 * their routes take; another method there is a 405 naming them (`answerOtherMethods`).
 */
import type { MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import type { RouterRoute } from "hono/types";
import type { HttpEnv } from "./env.ts";
import { refusal, type RenderErrorPage } from "./request-guard.ts";

export const PAGE_METHODS = ["GET", "HEAD"] as const;

/** The 405 of a method an address does not take, naming those it takes. */
function methodNotAllowed(
  c: Parameters<MiddlewareHandler<HttpEnv>>[0],
  renderPage: RenderErrorPage,
  allowed: readonly string[],
): Response {
  const response = refusal(
    c,
    renderPage,
    405,
    "method_not_allowed",
    `${c.req.method} is not allowed here: this address answers ${allowed.join(" and ").replace(/ and (?=.* and )/g, ", ")} only.`,
  );
  response.headers.set("Allow", allowed.join(", "));
  return response;
}

const ROUTED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Turns the 404 of an address that routes take with other methods into a 405 with `Allow`
 * (RFC 9110 §15.5.6): `routes` (read once, at the first 404, when every route is registered)
 * say which methods each address takes; GET brings HEAD.
 */
export function answerOtherMethods(
  routes: () => readonly RouterRoute[],
  renderPage: RenderErrorPage,
): MiddlewareHandler<HttpEnv> {
  let router: TrieRouter<string> | null = null;
  const routerOf = () => {
    const built = new TrieRouter<string>();
    for (const route of routes())
      if ((ROUTED_METHODS as readonly string[]).includes(route.method))
        built.add(route.method, route.path, route.method);
    return built;
  };
  return async (c, next) => {
    await next();
    if (c.res.status !== 404) return;
    router ??= routerOf();
    const taken = ROUTED_METHODS.filter((method) => router!.match(method, c.req.path)[0].length > 0);
    const allowed = taken.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method]));
    if (allowed.length > 0 && !allowed.includes(c.req.method)) c.res = methodNotAllowed(c, renderPage, allowed);
  };
}

export function refuseOtherMethods(renderPage: RenderErrorPage): MiddlewareHandler<HttpEnv> {
  const allowed = new Set<string>(PAGE_METHODS);
  return async (c, next) => {
    if (allowed.has(c.req.method)) return next();
    const response = methodNotAllowed(c, renderPage, PAGE_METHODS);
    // A declared body is not read here (a chunked one the body limit has read, 64 KiB at most): closing spares reading it.
    if (c.req.header("transfer-encoding") !== undefined || Number(c.req.header("content-length") ?? 0) > 0)
      response.headers.set("Connection", "close");
    return response;
  };
}
