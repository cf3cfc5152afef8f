/** Admin API: the signed-in person's own settings — declared once, beside their handlers (server/http/endpoint.ts, decision 0175). */
import { adminPreferencesInput, adminPreferencesSchema } from "#core/admin/preferences/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import type { Answer } from "#server/http/openapi.ts";
import { setAdminPreferences, storedAdminLanguage } from "./service.ts";

// Everyone's own admin language (decision 0076): a personal setting, no content permission.
export const preferenceEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/preferences",
    access: need("admin.enter"),
    tag: "Preferences",
    summary: "The signed-in person's admin settings",
    success: { status: 200, description: "{ adminLanguage }", schema: adminPreferencesSchema },
    handle: async (c, _input, { services }) =>
      c.json({ adminLanguage: await storedAdminLanguage(services, actorUid(c)) } satisfies Answer<
        typeof adminPreferencesSchema
      >),
  }),
  endpoint({
    method: "PATCH",
    path: "/preferences",
    access: need("admin.enter"),
    tag: "Preferences",
    summary: "Choose the admin area's language (null: the public language you came from)",
    body: adminPreferencesInput,
    success: { status: 200, description: "{ adminLanguage }", schema: adminPreferencesSchema },
    otherResponses: {
      400: "Invalid input, or a language that does not exist or is hidden.",
      404: "The signed-in user no longer exists.",
    },
    handle: async (c, { body }, { services }) =>
      c.json((await setAdminPreferences(services, actorUid(c), body)) satisfies Answer<typeof adminPreferencesSchema>),
  }),
];
