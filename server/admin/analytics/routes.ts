/** Admin API: analytics — declared once, beside its handler (server/http/endpoint.ts, decision 0175). */
import { analyticsSummarySchema, summaryQuerySchema } from "#core/admin/analytics/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import type { Answer } from "#server/http/openapi.ts";
import { analyticsSummary } from "./service.ts";

export const analyticsEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/analytics/summary",
    access: need("analytics.read"),
    tag: "Analytics",
    summary: "Events per day and language switches over a date range",
    // Made per request: the default range ends today.
    query: () => summaryQuerySchema(),
    success: { status: 200, description: "The summary.", schema: analyticsSummarySchema },
    handle: async (c, { query }, { services }) =>
      c.json((await analyticsSummary(services, query)) satisfies Answer<typeof analyticsSummarySchema>, 200, {
        "Cache-Control": "no-store",
      }),
  }),
];
