/**
 * Rules for URL page names: a language's welcome (HOME) and the ARTICLES/JOBS/SEARCH/TAGS
 * labels and alternative spellings (docs/product.md §2). Pure: shared by the admin
 * services and the admin screens' own checks.
 */
import { encodeSegment, FEED_FILE, normalizeName, PREVIEW_SEGMENT } from "./paths.ts";
import type { SectionKey, SectionName } from "./types.ts";

export const SECTION_KEYS: readonly SectionKey[] = ["HOME", "ARTICLES", "JOBS", "SEARCH", "TAGS"];

export function isSectionKey(key: string): key is SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(key);
}

/**
 * How the router compares a page name with a URL segment (encoded, then decoded
 * and lowercased, NFC); null when the name can never match a URL (control characters).
 */
export function comparablePageName(name: string): string | null {
  return normalizeName(encodeSegment(name))?.normalize("NFC") ?? null;
}

/** Why a (trimmed) text cannot be a page name: a stable code (the admin's form shows its own text for it) and the English sentence. */
export interface PageNameProblem {
  code:
    | "page_name_empty"
    | "page_name_slash"
    | "page_name_dots"
    | "page_name_feed"
    | "page_name_preview"
    | "page_name_control";
  message: string;
}

/** Why a (trimmed) text cannot be a page name, or null when it can. */
export function pageNameCheck(name: string): PageNameProblem | null {
  if (name === "") return { code: "page_name_empty", message: "must not be empty" };
  if (name.includes("/")) return { code: "page_name_slash", message: 'must not contain "/"' };
  if (name === "." || name === "..") return { code: "page_name_dots", message: 'must not be "." or ".."' };
  if (name.toLowerCase() === FEED_FILE)
    return { code: "page_name_feed", message: `must not be "${FEED_FILE}" (the language's feed)` };
  // `/{lang}/preview/{token}` is matched before sections: a section of that name would lose its item pages.
  if (comparablePageName(name) === PREVIEW_SEGMENT)
    return {
      code: "page_name_preview",
      message: `must not be "${PREVIEW_SEGMENT}" (draft preview links are /{lang}/${PREVIEW_SEGMENT}/…)`,
    };
  if (comparablePageName(name) === null)
    return { code: "page_name_control", message: "must not contain control characters" };
  return null;
}

/** Why a (trimmed) text cannot be a page name (the English sentence), or null when it can. */
export function pageNameProblem(name: string): string | null {
  return pageNameCheck(name)?.message ?? null;
}

export interface PageName {
  section: SectionKey;
  name: string;
}

/** Every name a language's URLs accept: the welcome, then each section's label and alternative spelling. */
export function pageNamesOf(welcome: string, sectionNames: readonly SectionName[]): PageName[] {
  const names: PageName[] = [{ section: "HOME", name: welcome }];
  for (const entry of sectionNames) {
    if (entry.section === "HOME") continue;
    names.push({ section: entry.section, name: entry.label });
    if (entry.search) names.push({ section: entry.section, name: entry.search });
  }
  return names;
}

export interface PageNameClash {
  name: string;
  /** The other section that already answers to this name. */
  takenBy: SectionKey;
}

/**
 * A name of `section` that reads the same (case-insensitively) as a name of another
 * section in the same language: one of the two pages would become unreachable.
 * Only clashes involving `section` count, so an older unrelated clash never blocks an edit.
 */
export function findPageNameClash(names: readonly PageName[], section: SectionKey): PageNameClash | null {
  const others = new Map<string, SectionKey>();
  for (const entry of names) {
    const key = comparablePageName(entry.name);
    if (entry.section !== section && key !== null) others.set(key, entry.section);
  }
  for (const entry of names) {
    if (entry.section !== section) continue;
    const takenBy = others.get(comparablePageName(entry.name) ?? "");
    if (takenBy !== undefined) return { name: entry.name, takenBy };
  }
  return null;
}
