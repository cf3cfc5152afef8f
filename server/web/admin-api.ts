/**
 * The admin JSON API: the declared endpoints of every admin feature (server/admin/<feature>/routes.ts), each
 * passing the access gate first (server/auth/access.ts: its declaration's access). Nothing else is mounted here:
 * lint refuses a route added any other way (decision 0175).
 */
import { Hono } from "hono";
import type { AppServices } from "#server/content/context.ts";
import { analyticsEndpoints } from "#server/admin/analytics/routes.ts";
import { articleEndpoints } from "#server/admin/articles/routes.ts";
import { auditEndpoints } from "#server/admin/audit/routes.ts";
import { languageEndpoints } from "#server/admin/languages/routes.ts";
import { romeEndpoints } from "#server/admin/romes/routes.ts";
import { translationEndpoints } from "#server/admin/translations/routes.ts";
import { userEndpoints } from "#server/admin/users/routes.ts";
import { webhookEndpoints } from "#server/admin/webhooks/routes.ts";
import { apiKeyEndpoints } from "#server/admin/api-keys/routes.ts";
import { glossaryEndpoints } from "#server/admin/glossary/routes.ts";
import { machineTranslationEndpoints } from "#server/admin/machine-translation/routes.ts";
import { adminAccess } from "#server/auth/access.ts";
import { mediaEndpoints } from "#server/admin/media/routes.ts";
import { preferenceEndpoints } from "#server/admin/preferences/routes.ts";
import { presenceEndpoints } from "#server/admin/presence/routes.ts";
import { publishingEndpoints } from "#server/admin/publishing/routes.ts";
import { revisionEndpoints } from "#server/admin/revisions/routes.ts";
import type { UploadGate } from "#server/media/upload-gate.ts";
import { mountEndpoints } from "#server/http/endpoint.ts";
import type { AdminEndpoint } from "#server/admin/endpoint.ts";
import type { HttpEnv } from "#server/http/env.ts";

/** Every admin endpoint, in the order they are matched (a fixed path before a parameter in the same place). */
export const ADMIN_ENDPOINTS: readonly AdminEndpoint[] = [
  ...languageEndpoints,
  ...translationEndpoints,
  ...articleEndpoints,
  ...publishingEndpoints,
  ...revisionEndpoints,
  ...presenceEndpoints,
  ...userEndpoints,
  ...webhookEndpoints,
  ...apiKeyEndpoints,
  ...glossaryEndpoints,
  ...machineTranslationEndpoints,
  ...analyticsEndpoints,
  ...auditEndpoints,
  ...romeEndpoints,
  ...mediaEndpoints,
  ...preferenceEndpoints,
];

/** `imageGate`: the process's image queue, which uploads share with link-preview pictures. */
export function adminApi(services: AppServices, imageGate: UploadGate) {
  const app = new Hono<HttpEnv>();
  // What the admin API answers is one person's view of unpublished and personal data: no cache keeps it.
  app.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  app.use("*", adminAccess(services));
  mountEndpoints(app, ADMIN_ENDPOINTS, { services, imageGate });
  return app;
}
