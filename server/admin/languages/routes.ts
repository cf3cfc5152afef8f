/** Admin API: languages (mounted under /api/admin/languages behind the admin gate). */
import { Hono } from "hono";
import type { AppServices } from "../../../app/context.ts";
import type { HttpEnv } from "../../http/env.ts";

export function languagesAdminApi(_services: AppServices) {
  const app = new Hono<HttpEnv>();
  return app;
}
