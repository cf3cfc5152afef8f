/** Admin API: analytics (mounted under /api/admin/analytics behind the admin gate). */
import { Hono } from "hono";
import { analyticsSummarySchema, summaryQuerySchema } from "#core/admin/analytics/schema.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { readQuery } from "#server/http/query.ts";
import { analyticsSummary } from "./service.ts";

export function analyticsAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  app.get(
    "/summary",
    apiRoute({
      tag: "Analytics",
      summary: "Events per day and language switches over a date range",
      query: summaryQuerySchema(),
      success: { status: 200, description: "The summary.", schema: analyticsSummarySchema },
    }),
    async (c) => {
      const range = readQuery(c, summaryQuerySchema());
      return c.json((await analyticsSummary(services, range)) satisfies Answer<typeof analyticsSummarySchema>, 200, { "Cache-Control": "no-store" });
    },
  );
  return app;
}
