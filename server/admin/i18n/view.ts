/**
 * What the admin layout sends to the browser (decision 0076): the admin
 * strings in the person's language, precompiled, with the English source in
 * place of any translation that is missing or cannot be used, and the list of
 * those that cannot. Built once per resident copy and language.
 */
import { buildAdminCatalog, type AdminCatalog, type AdminText } from "#core/i18n/admin-catalog.ts";
import { ADMIN_ERROR_PAGE_SOURCE, type AdminErrorPageText } from "#core/i18n/admin-error-page.ts";
import { memoizedPerCopy } from "#server/content/per-copy.ts";
import type { Language, Resident } from "#server/content/resident.ts";
import { ADMIN_SOURCE } from "./source.ts";

const catalogFor = memoizedPerCopy((translations: Resident["translations"], code): AdminCatalog =>
  buildAdminCatalog(ADMIN_SOURCE, translations.get(code), code),
);

export function adminTextFor(resident: Resident, language: Pick<Language, "code" | "label" | "dir">): AdminText {
  return {
    ...catalogFor(resident.translations, language.code),
    language: { code: language.code, label: language.label, dir: language.dir },
  };
}

const ERROR_PAGE_SOURCE: ReadonlyMap<string, string> = new Map(
  Object.keys(ADMIN_ERROR_PAGE_SOURCE).map((key) => [key, ADMIN_SOURCE.get(key) ?? ADMIN_ERROR_PAGE_SOURCE[key]!]),
);
const errorPageStringsFor = memoizedPerCopy(
  (translations: Resident["translations"], code) =>
    buildAdminCatalog(ERROR_PAGE_SOURCE, translations.get(code), code).strings,
);

/**
 * The admin error page's few texts in the admin's language, for the root loader
 * (decision 0120): when the admin layout's own loader fails, its catalog never
 * arrives. Checked like the catalog, so a broken translation is the English source.
 */
export function adminErrorPageTextFor(
  resident: Resident,
  language: Pick<Language, "code" | "dir">,
): AdminErrorPageText {
  return {
    strings: errorPageStringsFor(resident.translations, language.code),
    language: { code: language.code, dir: language.dir },
  };
}
