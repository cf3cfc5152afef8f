/**
 * The admin error page's texts when the admin layout's own loader failed, so
 * the admin catalog never arrived (decision 0120). The root loader sends these
 * few texts in the admin's language beside the page shell (built like the
 * catalog: a broken or missing translation is the English source); when even
 * those are missing, the page reads the English source kept here, which the
 * catalog test holds equal to the catalog's English column.
 */
import { createTranslate, type Strings, type Translate } from "./translate.ts";

/** The admin texts the error page uses, with their English source (server/admin/i18n/catalog/layout.json). */
export const ADMIN_ERROR_PAGE_SOURCE: Readonly<Record<string, string>> = {
  "admin.error.not_found_title": "Not found",
  "admin.error.not_found_text": "There is nothing at this address.",
  "admin.error.title": "Something went wrong",
  "admin.error.text": "The admin screen could not be loaded. Please try again.",
  "admin.layout.title": "Polyglot Press admin",
};

/** The error page's texts in one language: what the root loader sends under /admin. */
export interface AdminErrorPageText {
  strings: Strings;
  language: { code: string; dir: "ltr" | "rtl" };
}

export interface ErrorPageLanguage {
  t: Translate;
  lang: string;
  dir: "ltr" | "rtl";
}

const ENGLISH: ErrorPageLanguage = { t: (key) => ADMIN_ERROR_PAGE_SOURCE[key] ?? key, lang: "en-US", dir: "ltr" };

/**
 * The best language the error page can speak: the admin catalog when the layout's loader
 * succeeded (a screen below it failed), else the root's error-page texts, else English.
 * Never throws: a key missing from the texts sent reads its English source.
 */
export function errorPageLanguage(
  catalog: ErrorPageLanguage | null,
  fromRoot: AdminErrorPageText | undefined,
): ErrorPageLanguage {
  if (catalog) return catalog;
  if (!fromRoot) return ENGLISH;
  const translate = createTranslate(fromRoot.strings, fromRoot.language.code, () => {});
  return {
    t: (key) => (key in fromRoot.strings ? translate(key) : ENGLISH.t(key)),
    lang: fromRoot.language.code,
    dir: fromRoot.language.dir,
  };
}
