// Which section a `{page}` URL segment names in a language, and the reverse (docs/product.md §2).

import { encodeSegment, normalizeName } from "./paths.ts";
import type { LanguageRef, SectionKey, SectionName } from "./types.ts";

/**
 * Comparable form of a page name as stored (already decoded text): lowercase only.
 * Stored names are not percent-decoded, so a name containing "%" still matches the URL
 * the site generates for it (encodeSegment escapes the "%").
 * NFC so that a decomposed "é" (macOS input) equals the composed one.
 */
function storedNameKey(name: string): string {
  return name.toLowerCase().normalize("NFC");
}

/** Comparable form of a URL segment: decoded, lowercased, NFC; null when malformed or empty. */
function urlSegmentKey(rawPage: string): string | null {
  const name = normalizeName(rawPage);
  return name === null || name === "" ? null : name.normalize("NFC");
}

/**
 * The section a URL `{page}` segment names in a language, or null.
 * Order: the language's welcome (HOME), then any entry's label, then any entry's search;
 * a label match anywhere beats a search match anywhere.
 */
export function resolvePage(
  rawPage: string,
  language: Pick<LanguageRef, "welcome">,
  sectionNames: SectionName[],
): SectionKey | null {
  const key = urlSegmentKey(rawPage);
  if (key === null) return null;
  if (storedNameKey(language.welcome) === key) return "HOME";
  const byLabel = sectionNames.find((entry) => storedNameKey(entry.label) === key);
  if (byLabel) return byLabel.section;
  const bySearch = sectionNames.find((entry) => entry.search !== null && storedNameKey(entry.search) === key);
  return bySearch?.section ?? null;
}

/**
 * The canonical page name of a section in a language (HOME: the welcome; otherwise the first
 * entry's label), or null when the language has no (non-empty) name for it.
 */
export function pageNameFor(
  section: SectionKey,
  language: Pick<LanguageRef, "welcome">,
  sectionNames: SectionName[],
): string | null {
  const name = section === "HOME" ? language.welcome : sectionNames.find((entry) => entry.section === section)?.label;
  // An empty name would make "/fr/" — not a page.
  return name === undefined || name === "" ? null : name;
}

/** A page name that resolves to a different section than the one it names (an admin data error). */
export interface PageNameConflict {
  /** The section whose canonical name is shadowed. */
  section: SectionKey;
  name: string;
  /** What the name resolves to instead (null: it does not resolve at all, e.g. it contains a control character). */
  resolvesTo: SectionKey | null;
}

/**
 * Canonical page names of a language that would not lead back to their own section
 * (e.g. a label equal to the welcome or to another section's label). For the admin
 * translations screen: such a section's links would open another page.
 */
export function findPageNameConflicts(
  language: Pick<LanguageRef, "welcome">,
  sectionNames: SectionName[],
): PageNameConflict[] {
  const sections = [...new Set<SectionKey>(["HOME", ...sectionNames.map((entry) => entry.section)])];
  const conflicts: PageNameConflict[] = [];
  for (const section of sections) {
    const name = pageNameFor(section, language, sectionNames);
    if (name === null) continue;
    const resolvesTo = resolvePage(encodeSegment(name), language, sectionNames);
    if (resolvesTo !== section) conflicts.push({ section, name, resolvesTo });
  }
  return conflicts;
}
