// Language switching, the "/" redirect, the picker order and the saved language (docs/product.md §2, §3).

import { pageNameFor } from "./pages.ts";
import { homePath, itemPath, sectionPath } from "./paths.ts";
import type { LanguageRef, SectionKey, SectionName } from "./types.ts";

/** Where the visitor is when they pick another language. */
export type CurrentPage =
  | { kind: "none" }
  | { kind: "section"; section: SectionKey }
  | {
      kind: "item";
      section: SectionKey;
      /** slug of the item in each language that has it, by language id */
      slugs: Record<number, string>;
      itemId: string | number;
      /** The item's id in a language where it differs from itemId (a tag's page is named by the tag's name there: core/tags.ts). */
      itemIds?: Record<number, string>;
    };

/**
 * Where a picker link leads: the same place in the target language, or — when the
 * current item does not exist there — its section's list or the home page instead,
 * which the picker says (decision 0085) rather than silently changing the destination.
 */
export type SwitchDestination = "same" | "section" | "home";

export interface SwitchTarget {
  path: string;
  destination: SwitchDestination;
}

/**
 * The query parameters of a section's list that mean the same in every language, so a switch
 * keeps them (issue 44): the words searched and the jobs directory's domaine. A page number or
 * a tag page's cursor counts through one language's own list and is dropped (it may not exist there).
 */
const LANGUAGE_NEUTRAL_PARAMETERS: Partial<Record<SectionKey, readonly string[]>> = {
  SEARCH: ["q"],
  JOBS: ["q", "domain"],
};

/** `?q=…` of `search` (a location's query string) that a switch keeps on a section's list, or "". */
export function keptQuery(section: SectionKey, search: string): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of LANGUAGE_NEUTRAL_PARAMETERS[section] ?? []) {
    // Trimmed as the page cache keys it: every request sharing a cached page gets the same links.
    const value = current.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text === "" ? "" : `?${text}`;
}

/**
 * The path to go to after switching to `target`: the same item in the target language when it
 * exists there, else the same section (or home), else "/"; and which of these it is. `search`,
 * the current location's query string, keeps what it says in every language (keptQuery).
 */
export function switchLanguageTarget(
  current: CurrentPage,
  target: Pick<LanguageRef, "id" | "shortCode" | "welcome">,
  targetSectionNames: SectionName[],
  search = "",
): SwitchTarget {
  if (current.kind === "none") return { path: "/", destination: "same" };
  const pageName = pageNameFor(current.section, target, targetSectionNames);
  const missingItem = current.kind === "item" && current.section !== "HOME" && current.slugs[target.id] === undefined;
  // The target language has no name for this section: its home decides via "/".
  if (pageName === null)
    return { path: "/", destination: current.section === "HOME" && !missingItem ? "same" : "home" };
  if (current.kind === "item" && current.section !== "HOME" && !missingItem) {
    return {
      path: itemPath(
        target.shortCode,
        pageName,
        current.itemIds?.[target.id] ?? current.itemId,
        current.slugs[target.id]!,
      ),
      destination: "same",
    };
  }
  // For HOME the page name is the welcome, so this is homePath(target).
  if (missingItem) return { path: sectionPath(target.shortCode, pageName), destination: "section" };
  return {
    path: `${sectionPath(target.shortCode, pageName)}${current.kind === "section" ? keptQuery(current.section, search) : ""}`,
    destination: "same",
  };
}

/** The path of switchLanguageTarget. */
export function switchLanguagePath(
  current: CurrentPage,
  target: Pick<LanguageRef, "id" | "shortCode" | "welcome">,
  targetSectionNames: SectionName[],
  search = "",
): string {
  return switchLanguageTarget(current, target, targetSectionNames, search).path;
}

/** Saved language from the cookie / browser storage, as far as it is known. */
export interface SavedLanguageHint {
  id?: number;
  shortCode?: string;
}

/**
 * Where "/" redirects: the home of the saved language if it still exists and is enabled
 * (matched by id, else by short code), else of the favorite enabled language; null when no
 * language is enabled.
 */
export function rootRedirectPath(languages: LanguageRef[], saved: SavedLanguageHint | null): string | null {
  const enabled = languages.filter((language) => language.enabled);
  const chosen = (saved === null ? undefined : findSaved(enabled, saved)) ?? defaultLanguage(enabled);
  return chosen === undefined ? null : homePath(chosen);
}

function findSaved(enabled: LanguageRef[], saved: SavedLanguageHint): LanguageRef | undefined {
  const byId = saved.id === undefined ? undefined : enabled.find((language) => language.id === saved.id);
  if (byId !== undefined) return byId;
  const shortCode = saved.shortCode?.toLowerCase();
  // The id may be stale (languages re-created): the short code still says what the visitor chose.
  return shortCode === undefined || shortCode === ""
    ? undefined
    : enabled.find((language) => language.shortCode.toLowerCase() === shortCode);
}

/** The favorite enabled language; if the favorite is disabled or unset, the first in picker order (never no page). */
function defaultLanguage(enabled: LanguageRef[]): LanguageRef | undefined {
  return enabled.find((language) => language.favorite) ?? orderForPicker(enabled)[0];
}

/** Enabled languages, most speakers first; ties by label (code-unit order, locale-independent), then input order. */
export function orderForPicker(languages: LanguageRef[]): LanguageRef[] {
  return languages.filter((language) => language.enabled).sort(compareForPicker);
}

function compareForPicker(a: LanguageRef, b: LanguageRef): number {
  const byPopulation = compareNumbers(populationRank(b), populationRank(a));
  if (byPopulation !== 0) return byPopulation;
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

/** A missing or invalid population sorts last instead of breaking the comparator (NaN). */
function populationRank(language: LanguageRef): number {
  return Number.isFinite(language.population) ? language.population : Number.NEGATIVE_INFINITY;
}

function compareNumbers(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The browser-storage key and cookie name of the visitor's language choice (spec). */
export const SAVED_LANGUAGE_KEY = "language-id";

/** What is saved under the browser-storage key "language-id" and in the cookie. */
export interface SavedLanguage {
  id: number;
  shortCode: string;
}

/** Longer values are not something this site wrote; do not spend time parsing them. */
const SAVED_LANGUAGE_MAX_LENGTH = 1000;
const SHORT_CODE_MAX_LENGTH = 64;

/** Reads `{"id":3,"short_code":"fr"}`, plain or URI-encoded; anything malformed gives null (never throws). */
export function parseSavedLanguage(value: string | null | undefined): SavedLanguage | null {
  if (value === null || value === undefined || value === "" || value.length > SAVED_LANGUAGE_MAX_LENGTH) return null;
  return toSavedLanguage(parseJson(value) ?? parseJson(tryDecodeUri(value)));
}

/** The visitor's saved choice from a Cookie header, or null. */
export function savedLanguageInCookies(cookieHeader: string | null): SavedLanguage | null {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SAVED_LANGUAGE_KEY) return parseSavedLanguage(rest.join("="));
  }
  return null;
}

function tryDecodeUri(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toSavedLanguage(data: unknown): SavedLanguage | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const { id, short_code: shortCode } = data as Record<string, unknown>;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 0) return null;
  if (!isPlausibleShortCode(shortCode)) return null;
  return { id, shortCode };
}

/** A short code is URL text: non-empty, short, no whitespace or control characters. */
function isPlausibleShortCode(value: unknown): value is string {
  return (
    typeof value === "string" && value.length > 0 && value.length <= SHORT_CODE_MAX_LENGTH && !/[\s\p{Cc}]/u.test(value)
  );
}

/**
 * `{"id":3,"short_code":"fr"}` — the browser-storage value. A cookie needs it URI-encoded
 * (quotes and commas are not allowed in cookie values); parseSavedLanguage reads both.
 */
export function serializeSavedLanguage(language: Pick<LanguageRef, "id" | "shortCode">): string {
  return JSON.stringify({ id: language.id, short_code: language.shortCode });
}

/**
 * The first segment of a page address on this site, from a Referer header ("https://site/fr/articles/3/x" → "fr"):
 * where a page names its language. Null for another origin (a browser sends only the origin there), no path, or
 * an address that cannot be read.
 */
export function firstSegmentOfReferer(referer: string | null, origin: string): string | null {
  if (referer === null) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const segment = url.pathname.split("/")[1] ?? "";
  return segment === "" ? null : tryDecodeUri(segment);
}
