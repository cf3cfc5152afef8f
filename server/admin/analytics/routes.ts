/** Admin API: analytics (mounted under /api/admin/analytics behind the admin gate). */
import { Hono } from "hono";
import type { AppServices } from "../../../app/context.ts";
import type { HttpEnv } from "../../http/env.ts";

export function analyticsAdminApi(_services: AppServices) {
  const app = new Hono<HttpEnv>();
  return app;
}
