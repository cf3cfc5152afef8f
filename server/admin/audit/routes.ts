/** Admin API: audit (mounted under /api/admin/audit behind the admin gate). */
import { Hono } from "hono";
import type { AppServices } from "../../../app/context.ts";
import type { HttpEnv } from "../../http/env.ts";

export function auditAdminApi(_services: AppServices) {
  const app = new Hono<HttpEnv>();
  return app;
}
