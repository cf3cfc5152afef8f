/**
 * The admin area's language for the signed-in person (decision 0076): their
 * stored choice, else the public language they chose on the site (the
 * "language-id" cookie), else the favorite language.
 */
import { savedLanguageInCookies } from "#core/language-switch.ts";
import type { AdminPreferences, AdminPreferencesInput } from "#core/admin/preferences/schema.ts";
import type { AdminServices } from "#server/context.ts";
import { favoriteLanguage } from "#server/content/public-pages.ts";
import type { Language, Resident } from "#server/content/resident.ts";
import { HttpError } from "#server/http/errors.ts";

/** The language the admin is shown in, from the stored choice (any language of the site) or the visitor's public choice (enabled only). */
export function resolveAdminLanguage(resident: Resident, stored: string | null, cookieHeader: string | null): Language | null {
  const chosen = stored === null ? undefined : resident.languages.find((language) => language.code === stored);
  if (chosen) return chosen;
  const saved = savedLanguageInCookies(cookieHeader);
  const visited = saved === null ? undefined : resident.languages.find((language) => language.id === saved.id && language.enabled);
  return visited ?? favoriteLanguage(resident);
}

export async function storedAdminLanguage(services: AdminServices, uid: string): Promise<string | null> {
  const row = await services.database.db.selectFrom("users").select("admin_language").where("uid", "=", uid).executeTakeFirst();
  return row?.admin_language ?? null;
}

export async function adminLanguageOf(services: AdminServices, uid: string, cookieHeader: string | null): Promise<Language | null> {
  return resolveAdminLanguage(services.content.current(), await storedAdminLanguage(services, uid), cookieHeader);
}

/** A personal setting, not content: written directly, not audited. */
export async function setAdminPreferences(services: AdminServices, uid: string, input: AdminPreferencesInput): Promise<AdminPreferences> {
  const { adminLanguage } = input;
  if (adminLanguage !== null) {
    const language = await services.database.db.selectFrom("languages").select("code").where("code", "=", adminLanguage).executeTakeFirst();
    if (!language) throw new HttpError(400, "unknown_language", `adminLanguage: no language with code ${adminLanguage}.`, "adminLanguage");
  }
  const updated = await services.database.db.updateTable("users").set({ admin_language: adminLanguage }).where("uid", "=", uid).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new HttpError(404, "unknown_user", "The signed-in user no longer exists.");
  return { adminLanguage };
}
