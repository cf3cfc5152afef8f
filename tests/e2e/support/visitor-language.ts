/**
 * Sets the visitor's saved language (browser storage and cookie, as the
 * language picker does) before any page loads, for tests that look at
 * screens in a language their URL does not name (the admin).
 */
import type { BrowserContext } from "@playwright/test";
import { SAVED_LANGUAGE_KEY, serializeSavedLanguage } from "#core/language-switch.ts";
import { E2E_URL } from "#tests/e2e/ports.ts";

export async function setVisitorLanguage(context: BrowserContext, shortCode: string) {
  const answer = (await (await context.request.get("/init/file/languages")).json()) as {
    data: { documents: { id: string; data: { short_code: string } }[] };
  };
  const found = answer.data.documents.find((document) => document.data.short_code === shortCode);
  if (!found) throw new Error(`no enabled language with short code ${shortCode}`);
  const value = serializeSavedLanguage({ id: Number(found.id), shortCode });
  await context.addCookies([{ name: SAVED_LANGUAGE_KEY, value: encodeURIComponent(value), url: E2E_URL }]);
  await context.addInitScript(([key, saved]) => localStorage.setItem(key!, saved!), [SAVED_LANGUAGE_KEY, value]);
}
