/**
 * The visitor's language choice, kept in browser storage under "language-id"
 * (spec) and mirrored in a cookie so the server can honour it on "/".
 */
import { parseSavedLanguage, SAVED_LANGUAGE_KEY, serializeSavedLanguage } from "#core/language-switch.ts";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function writeCookie(value: string | null) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie =
    value === null
      ? `${SAVED_LANGUAGE_KEY}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${SAVED_LANGUAGE_KEY}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

export function saveLanguageChoice(language: { id: number; shortCode: string }) {
  const value = serializeSavedLanguage(language);
  try {
    localStorage.setItem(SAVED_LANGUAGE_KEY, value);
  } catch {
    // Storage can be disabled (private mode, policies); the cookie still carries the choice.
  }
  writeCookie(value);
}

/** At start: keep a saved choice only if that language still exists and is enabled (docs/seed-spec.md §4). */
export function restoreLanguageChoice(enabledLanguageIds: readonly number[]) {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(SAVED_LANGUAGE_KEY);
  } catch {
    return;
  }
  const saved = parseSavedLanguage(stored);
  if (stored !== null && (!saved || !enabledLanguageIds.includes(saved.id))) {
    localStorage.removeItem(SAVED_LANGUAGE_KEY);
    writeCookie(null);
    return;
  }
  if (saved && !document.cookie.split("; ").some((cookie) => cookie.startsWith(`${SAVED_LANGUAGE_KEY}=`))) {
    writeCookie(serializeSavedLanguage(saved));
  }
}
