/** Hono middleware timing every request for the metrics, labelled by the route pattern that answered. */
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { observeRequest } from "#server/base/metrics.ts";

/** Label for requests no route matched: raw paths would give every typo its own time series. */
export const UNMATCHED_ROUTE = "(unmatched)";

/** Hono's pattern for every page is its catch-all `/*`; `pagePattern` names the React Router route instead. */
export function requestMetrics(pagePattern?: (pathname: string) => Promise<string>): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // routePath at the deepest handler that ran: the route pattern (e.g. /api/admin/articles/:id), not the path.
      const route = routePath(c) || UNMATCHED_ROUTE;
      const label = route === "/*" && pagePattern ? await pagePattern(c.req.path) : route;
      observeRequest(c.req.method, label, c.res.status, (performance.now() - started) / 1000);
    }
  };
}
