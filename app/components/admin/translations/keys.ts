import { isSectionKey } from "#core/page-names.ts";
/** What a translation key is on the grid, and where its cells live in the admin API. */
export const TRANSLATIONS_API = "/api/admin/translations";

export type SectionKind = "home" | "section" | "text";

export function kindOf(key: string): SectionKind {
  if (key === "HOME") return "home";
  return isSectionKey(key) ? "section" : "text";
}

export function cellId(key: string, code: string): string {
  return `${key}\u0000${code}`;
}

export function cellPath(key: string, code: string): string {
  return `${TRANSLATIONS_API}/${encodeURIComponent(key)}/${encodeURIComponent(code)}`;
}
