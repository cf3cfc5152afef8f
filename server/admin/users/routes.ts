/** Admin API: users (mounted under /api/admin/users behind the admin gate). */
import { Hono } from "hono";
import type { AppServices } from "../../../app/context.ts";
import type { HttpEnv } from "../../http/env.ts";

export function usersAdminApi(_services: AppServices) {
  const app = new Hono<HttpEnv>();
  return app;
}
