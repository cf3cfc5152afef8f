/** Admin API: articles (mounted under /api/admin/articles behind the admin gate). */
import { Hono } from "hono";
import type { AppServices } from "../../../app/context.ts";
import type { HttpEnv } from "../../http/env.ts";

export function articlesAdminApi(_services: AppServices) {
  const app = new Hono<HttpEnv>();
  return app;
}
