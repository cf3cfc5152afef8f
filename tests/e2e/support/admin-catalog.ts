/** The admin catalog's texts as the specs compare them (server/admin/i18n/catalog/*.json). */
import { readdirSync, readFileSync } from "node:fs";

const CATALOG_DIR = new URL("../../../server/admin/i18n/catalog/", import.meta.url);
/** The catalog's column order (server/admin/i18n/source.ts CATALOG_LANGUAGES). */
const COLUMNS = ["en-US", "fr-FR", "es-ES", "de-DE", "pt-BR", "ar", "ja-JP"];

export const CATALOG: Readonly<Record<string, string[]>> = Object.assign(
  {},
  ...readdirSync(CATALOG_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(readFileSync(new URL(file, CATALOG_DIR), "utf8")) as Record<string, string[]>),
);

/** A catalog text without arguments (ICU quotes '{…}' read as written), in one language. */
export function catalogText(key: string, code: string): string {
  const texts = CATALOG[key];
  if (!texts) throw new Error(`No admin text ${key}`);
  return texts[COLUMNS.indexOf(code)]!.replace(/'(\{[^}]*\})'/g, "$1");
}
