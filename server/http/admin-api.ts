/** The admin JSON API: every route under /api/admin passes the admin gate first. */
import { Hono } from "hono";
import type { AppServices } from "../../app/context.ts";
import { analyticsAdminApi } from "../admin/analytics/routes.ts";
import { articlesAdminApi } from "../admin/articles/routes.ts";
import { auditAdminApi } from "../admin/audit/routes.ts";
import { languagesAdminApi } from "../admin/languages/routes.ts";
import { mediaAdminApi } from "../admin/media/routes.ts";
import { romesAdminApi } from "../admin/romes/routes.ts";
import { translationsAdminApi } from "../admin/translations/routes.ts";
import { usersAdminApi } from "../admin/users/routes.ts";
import { adminOnly } from "../auth/guard.ts";
import type { HttpEnv } from "./env.ts";

export function adminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  app.use("*", adminOnly());
  app.route("/languages", languagesAdminApi(services));
  app.route("/translations", translationsAdminApi(services));
  app.route("/articles", articlesAdminApi(services));
  app.route("/users", usersAdminApi(services));
  app.route("/analytics", analyticsAdminApi(services));
  app.route("/audit", auditAdminApi(services));
  app.route("/romes", romesAdminApi(services));
  app.route("/media", mediaAdminApi(services));
  return app;
}
