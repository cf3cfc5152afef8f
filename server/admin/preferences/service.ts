/**
 * The admin area's language for the signed-in person (decisions 0076, 0153): their
 * stored choice, else the public language they came from (the page they were
 * reading), else the public language they chose on the site (the "language-id"
 * cookie), else the favorite language. Only languages shown on the site.
 */
import { parse, serialize } from "hono/utils/cookie";
import { firstSegmentOfReferer, savedLanguageInCookies } from "#core/language-switch.ts";
import type { AdminPreferences, AdminPreferencesInput } from "#core/admin/preferences/schema.ts";
import type { AdminServices } from "#server/content/context.ts";
import { favoriteLanguage, findEnabledLanguage } from "#server/content/public-sections.ts";
import type { Language, Resident } from "#server/content/resident.ts";
import { invalid, notFound } from "#core/errors.ts";

/** Remembers, for the browser session, the short code of the public language the person came to the admin from. */
export const ADMIN_CAME_FROM_COOKIE = "pp_admin_from";

/** The public page's language this request comes from (its Referer on this site), if that language is shown. */
export function refererLanguage(resident: Resident, request: Request): Language | null {
  const segment = firstSegmentOfReferer(request.headers.get("referer"), new URL(request.url).origin);
  return segment === null ? null : findEnabledLanguage(resident, segment);
}

/** The Set-Cookie value remembering `language` as where the person came from (a session cookie). */
export function cameFromCookie(language: Language, secure: boolean): string {
  return serialize(ADMIN_CAME_FROM_COOKIE, language.shortCode, { path: "/", sameSite: "Lax", httpOnly: true, secure });
}

/**
 * The language the admin is shown in: the stored choice; else the public language the person came from (this
 * request's Referer, else the one remembered for the session); else the visitor's saved public choice; else the
 * favorite. Hidden languages are never the admin's: a stored hidden one is passed over.
 */
export function resolveAdminLanguage(resident: Resident, stored: string | null, request: Request): Language | null {
  const chosen =
    stored === null ? undefined : resident.languages.find((language) => language.code === stored && language.enabled);
  if (chosen) return chosen;
  const cookieHeader = request.headers.get("cookie");
  const cookies = cookieHeader === null ? {} : parse(cookieHeader, ADMIN_CAME_FROM_COOKIE);
  const remembered = cookies[ADMIN_CAME_FROM_COOKIE];
  const cameFrom =
    refererLanguage(resident, request) ?? (remembered === undefined ? null : findEnabledLanguage(resident, remembered));
  if (cameFrom) return cameFrom;
  const saved = savedLanguageInCookies(cookieHeader);
  const visited =
    saved === null ? undefined : resident.languages.find((language) => language.id === saved.id && language.enabled);
  return visited ?? favoriteLanguage(resident);
}

export async function storedAdminLanguage(services: AdminServices, uid: string): Promise<string | null> {
  const row = await services.database.db
    .selectFrom("users")
    .select("admin_language")
    .where("uid", "=", uid)
    .executeTakeFirst();
  return row?.admin_language ?? null;
}

export async function adminLanguageOf(
  services: AdminServices,
  uid: string,
  request: Request,
): Promise<Language | null> {
  return resolveAdminLanguage(services.content.current(), await storedAdminLanguage(services, uid), request);
}

/** A personal setting, not content: written directly, not audited. */
export async function setAdminPreferences(
  services: AdminServices,
  uid: string,
  input: AdminPreferencesInput,
): Promise<AdminPreferences> {
  const { adminLanguage } = input;
  if (adminLanguage !== null) {
    const language = await services.database.db
      .selectFrom("languages")
      .select(["code", "enabled"])
      .where("code", "=", adminLanguage)
      .executeTakeFirst();
    if (!language)
      throw invalid("unknown_language", `adminLanguage: no language with code ${adminLanguage}.`, "adminLanguage");
    if (language.enabled !== 1)
      throw invalid(
        "language_disabled",
        `adminLanguage: ${adminLanguage} is hidden on the site; the admin is offered in shown languages only.`,
        "adminLanguage",
      );
  }
  const updated = await services.database.db
    .updateTable("users")
    .set({ admin_language: adminLanguage })
    .where("uid", "=", uid)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound("unknown_user", "The signed-in user no longer exists.");
  return { adminLanguage };
}
