/** Admin API: audit — each endpoint declared once, beside its handler (server/http/endpoint.ts, decision 0175). */
import { auditFacetsSchema, auditPageSchema, auditQuerySchema } from "#core/admin/audit/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import type { Answer } from "#server/http/openapi.ts";
import { auditFacets, listAudit } from "./service.ts";

const noStore = { "Cache-Control": "no-store" };

export const auditEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/audit",
    access: need("settings.manage"),
    tag: "Audit",
    summary: "A page of audit-log entries, newest first, filtered",
    query: auditQuerySchema,
    success: { status: 200, description: "The page, its number and the page count.", schema: auditPageSchema },
    handle: async (c, { query }, { services }) =>
      c.json((await listAudit(services, query)) satisfies Answer<typeof auditPageSchema>, 200, noStore),
  }),
  endpoint({
    method: "GET",
    path: "/audit/facets",
    access: need("settings.manage"),
    tag: "Audit",
    summary: "The actors and entity types in the log, for the filters",
    success: { status: 200, description: "The facets.", schema: auditFacetsSchema },
    handle: async (c, _input, { services }) =>
      c.json((await auditFacets(services)) satisfies Answer<typeof auditFacetsSchema>, 200, noStore),
  }),
];
