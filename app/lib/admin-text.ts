/**
 * The admin area's strings in the signed-in person's language (decision 0076),
 * from the admin layout's loader: `t("admin.nav.users")`. Broken translations
 * were already replaced by their English source on the server.
 */
import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import type { AdminText } from "#core/i18n/admin-catalog.ts";
import { createTranslate, type Translate } from "#core/i18n/translate.ts";

export const ADMIN_LAYOUT_ROUTE = "routes/admin/layout";

export interface AdminTextHook {
  t: Translate;
  /** The admin's language: its code (for lang and Intl formatting) and direction. */
  lang: string;
  dir: "ltr" | "rtl";
  text: AdminText;
  /** "23 Nov 2026, 14:05 UTC" in the admin's language (UTC, so server and browser agree). */
  dateTime: (iso: string) => string;
  /** "23 Nov 2026" in the admin's language, in UTC. */
  day: (iso: string) => string;
  number: (value: number) => string;
}

function formattersFor(lang: string) {
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const day = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" });
  const number = new Intl.NumberFormat(lang);
  return {
    dateTime: (iso: string) => `${dateTime.format(new Date(iso))} UTC`,
    day: (iso: string) => day.format(new Date(iso)),
    number: (value: number) => number.format(value),
  };
}

/** Null outside the admin layout or when its loader failed (its error page then reads the root's texts, core/i18n/admin-error-page.ts). */
export function useOptionalAdminText(): AdminTextHook | null {
  const data = useRouteLoaderData<{ adminText: AdminText }>(ADMIN_LAYOUT_ROUTE);
  const text = data?.adminText;
  const tools = useMemo(
    () =>
      text ? { t: createTranslate(text.strings, text.language.code), ...formattersFor(text.language.code) } : null,
    [text],
  );
  return text && tools ? { ...tools, lang: text.language.code, dir: text.language.dir, text } : null;
}

export function useAdminText(): AdminTextHook {
  const found = useOptionalAdminText();
  if (!found) throw new Error("useAdminText() needs the admin layout's loader data");
  return found;
}
