/** Admin API: audit (mounted under /api/admin/audit behind the admin gate). */
import { Hono } from "hono";
import { auditQuerySchema } from "#core/admin/audit/schema.ts";
import type { AppServices } from "#server/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { readQuery } from "#server/http/query.ts";
import { auditFacets, listAudit } from "./service.ts";

export function auditAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  const noStore = { "Cache-Control": "no-store" };
  app.get("/", async (c) => c.json(await listAudit(services, readQuery(c, auditQuerySchema)), 200, noStore));
  app.get("/facets", async (c) => c.json(await auditFacets(services), 200, noStore));
  return app;
}
