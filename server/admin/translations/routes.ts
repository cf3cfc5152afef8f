/** Admin API: translations (mounted under /api/admin/translations behind the admin gate). */
import { Hono } from "hono";
import type { AppServices } from "../../../app/context.ts";
import type { HttpEnv } from "../../http/env.ts";

export function translationsAdminApi(_services: AppServices) {
  const app = new Hono<HttpEnv>();
  return app;
}
