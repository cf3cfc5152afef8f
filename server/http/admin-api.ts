/** The admin JSON API: every route under /api/admin passes the access gate first (server/auth/access.ts, one rule per route). */
import { Hono } from "hono";
import type { AppServices } from "#server/context.ts";
import { analyticsAdminApi } from "#server/admin/analytics/routes.ts";
import { articlesAdminApi } from "#server/admin/articles/routes.ts";
import { auditAdminApi } from "#server/admin/audit/routes.ts";
import { languagesAdminApi } from "#server/admin/languages/routes.ts";
import { romesAdminApi } from "#server/admin/romes/routes.ts";
import { translationsAdminApi } from "#server/admin/translations/routes.ts";
import { usersAdminApi } from "#server/admin/users/routes.ts";
import { webhooksAdminApi } from "#server/admin/webhooks/routes.ts";
import { adminAccess } from "#server/auth/access.ts";
import { mediaAdminApi } from "#server/admin/media/routes.ts";
import { preferencesAdminApi } from "#server/admin/preferences/routes.ts";
import { presenceAdminApi } from "#server/admin/presence/routes.ts";
import { publishingAdminApi } from "#server/admin/publishing/routes.ts";
import { revisionsAdminApi } from "#server/admin/revisions/routes.ts";
import type { UploadGate } from "#server/media/upload-gate.ts";
import type { HttpEnv } from "./env.ts";

/** `imageGate`: the process's image queue, which uploads share with link-preview pictures. */
export function adminApi(services: AppServices, imageGate: UploadGate) {
  const app = new Hono<HttpEnv>();
  // What the admin API answers is one person's view of unpublished and personal data: no cache keeps it.
  app.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  app.use("*", adminAccess(services));
  app.route("/languages", languagesAdminApi(services));
  app.route("/translations", translationsAdminApi(services));
  app.route("/articles", articlesAdminApi(services));
  app.route("/articles", publishingAdminApi(services));
  app.route("/articles", revisionsAdminApi(services));
  app.route("/articles", presenceAdminApi(services));
  app.route("/users", usersAdminApi(services));
  app.route("/webhooks", webhooksAdminApi(services));
  app.route("/analytics", analyticsAdminApi(services));
  app.route("/audit", auditAdminApi(services));
  app.route("/romes", romesAdminApi(services));
  app.route("/media", mediaAdminApi(services, imageGate));
  app.route("/preferences", preferencesAdminApi(services));
  return app;
}
