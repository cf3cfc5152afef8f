/**
 * The admin area's strings as shipped (decision 0076): one file per screen,
 * each key with its text in the seven seeded languages, in CATALOG_LANGUAGES
 * order. The English column is the source: the code's own text, used whenever
 * a translation is missing or broken. The seed writes every column as
 * translation entries, which admins then edit like any other.
 */
import { ADMIN_KEY_PREFIX } from "#core/i18n/admin-catalog.ts";
import articles from "./catalog/articles.json" with { type: "json" };
import checks from "./catalog/checks.json" with { type: "json" };
import common from "./catalog/common.json" with { type: "json" };
import dashboard from "./catalog/dashboard.json" with { type: "json" };
import editor from "./catalog/editor.json" with { type: "json" };
import errors from "./catalog/errors.json" with { type: "json" };
import languages from "./catalog/languages.json" with { type: "json" };
import layout from "./catalog/layout.json" with { type: "json" };
import media from "./catalog/media.json" with { type: "json" };
import reports from "./catalog/reports.json" with { type: "json" };
import romes from "./catalog/romes.json" with { type: "json" };
import translations from "./catalog/translations.json" with { type: "json" };
import users from "./catalog/users.json" with { type: "json" };
import webhooks from "./catalog/webhooks.json" with { type: "json" };
import workbench from "./catalog/workbench.json" with { type: "json" };
import apiKeys from "./catalog/api-keys.json" with { type: "json" };
import glossary from "./catalog/glossary.json" with { type: "json" };
import machine from "./catalog/machine.json" with { type: "json" };

export const CATALOG_LANGUAGES = ["en-US", "fr-FR", "es-ES", "de-DE", "pt-BR", "ar", "ja-JP"] as const;

/** Each screen's strings: key → texts in CATALOG_LANGUAGES order. */
export const ADMIN_CATALOGS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  common,
  layout,
  dashboard,
  users,
  media,
  translations,
  languages,
  editor,
  romes,
  reports,
  articles,
  errors,
  checks,
  webhooks,
  workbench,
  apiKeys,
  glossary,
  machine,
};

function sourceOf(): Map<string, string> {
  const source = new Map<string, string>();
  for (const [file, entries] of Object.entries(ADMIN_CATALOGS)) {
    for (const [key, texts] of Object.entries(entries)) {
      // Checked by the catalog's test too; here so a slip can never ship silently.
      if (!key.startsWith(ADMIN_KEY_PREFIX) || source.has(key) || texts.length !== CATALOG_LANGUAGES.length)
        throw new Error(`Admin catalog ${file}: bad entry ${key}`);
      source.set(key, texts[0]!);
    }
  }
  return source;
}

/** key → English text. */
export const ADMIN_SOURCE: ReadonlyMap<string, string> = sourceOf();

/** Every catalog text as a translation entry, for the seed. */
export function adminSeedEntries(): { key: string; code: string; label: string }[] {
  return Object.values(ADMIN_CATALOGS).flatMap((entries) =>
    Object.entries(entries).flatMap(([key, texts]) =>
      CATALOG_LANGUAGES.map((code, index) => ({ key, code, label: texts[index]! })),
    ),
  );
}
