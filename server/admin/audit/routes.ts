/** Admin API: audit (mounted under /api/admin/audit behind the admin gate). */
import { Hono } from "hono";
import { auditFacetsSchema, auditPageSchema, auditQuerySchema } from "#core/admin/audit/schema.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { readQuery } from "#server/http/query.ts";
import { auditFacets, listAudit } from "./service.ts";

export function auditAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  const noStore = { "Cache-Control": "no-store" };
  app.get(
    "/",
    apiRoute({
      tag: "Audit",
      summary: "A page of audit-log entries, newest first, filtered",
      query: auditQuerySchema,
      success: { status: 200, description: "The page, its number and the page count.", schema: auditPageSchema },
    }),
    async (c) => c.json((await listAudit(services, readQuery(c, auditQuerySchema))) satisfies Answer<typeof auditPageSchema>, 200, noStore),
  );
  app.get(
    "/facets",
    apiRoute({ tag: "Audit", summary: "The actors and entity types in the log, for the filters", success: { status: 200, description: "The facets.", schema: auditFacetsSchema } }),
    async (c) => c.json((await auditFacets(services)) satisfies Answer<typeof auditFacetsSchema>, 200, noStore),
  );
  return app;
}
