/** Admin API: romes (mounted under /api/admin/romes behind the admin gate). */
import { Hono } from "hono";
import type { AppServices } from "../../../app/context.ts";
import type { HttpEnv } from "../../http/env.ts";

export function romesAdminApi(_services: AppServices) {
  const app = new Hono<HttpEnv>();
  return app;
}
