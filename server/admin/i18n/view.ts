/**
 * What the admin layout sends to the browser (decision 0076): the admin
 * strings in the person's language, precompiled, with the English source in
 * place of any translation that is missing or cannot be used, and the list of
 * those that cannot. Built once per resident copy and language.
 */
import { buildAdminCatalog, type AdminCatalog, type AdminText } from "#core/i18n/admin-catalog.ts";
import type { Language, Resident } from "#server/content/resident.ts";
import { ADMIN_SOURCE } from "./source.ts";

const built = new WeakMap<Resident["translations"], Map<string, AdminCatalog>>();

export function adminTextFor(resident: Resident, language: Pick<Language, "code" | "label" | "dir">): AdminText {
  let byCode = built.get(resident.translations);
  if (!byCode) {
    byCode = new Map();
    built.set(resident.translations, byCode);
  }
  let catalog = byCode.get(language.code);
  if (!catalog) {
    catalog = buildAdminCatalog(ADMIN_SOURCE, resident.translations.get(language.code), language.code);
    byCode.set(language.code, catalog);
  }
  return { ...catalog, language: { code: language.code, label: language.label, dir: language.dir } };
}
