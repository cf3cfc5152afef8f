/** Admin API: the signed-in person's own settings (mounted under /api/admin/preferences behind the admin gate). */
import { Hono } from "hono";
import { adminPreferencesInput, adminPreferencesSchema } from "#core/admin/preferences/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/content/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { setAdminPreferences, storedAdminLanguage } from "./service.ts";

export function preferencesAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get(
    "/",
    apiRoute({ tag: "Preferences", summary: "The signed-in person's admin settings", success: { status: 200, description: "{ adminLanguage }", schema: adminPreferencesSchema } }),
    async (c) => c.json({ adminLanguage: await storedAdminLanguage(services, actorUid(c)) } satisfies Answer<typeof adminPreferencesSchema>),
  );

  app.patch(
    "/",
    apiRoute({
      tag: "Preferences",
      summary: "Choose the admin area's language (null: the public language you came from)",
      body: adminPreferencesInput,
      success: { status: 200, description: "{ adminLanguage }", schema: adminPreferencesSchema },
      otherResponses: { 400: "Invalid input, or a language that does not exist or is hidden.", 404: "The signed-in user no longer exists." },
    }),
    async (c) => {
      const input = await readJson(c, adminPreferencesInput);
      return c.json((await setAdminPreferences(services, actorUid(c), input)) satisfies Answer<typeof adminPreferencesSchema>);
    },
  );

  return app;
}
