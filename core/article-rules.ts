// Rules for article input, shared by the admin API (which enforces them) and
// the editor (which shows them as limits and hints). Pure functions, no I/O.

import { slugify } from "./text.ts";

export const ARTICLE_LIMITS = {
  keyLength: 80,
  authorLength: 120,
  coverLength: 2000,
  tagCount: 20,
  titleLength: 200,
  summaryLength: 500,
  bodyLength: 200_000,
  coverAltLength: 500,
} as const;

export const ARTICLE_STATUSES = ["draft", "published"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** A stable, URL-safe identifier such as "one-story-seven-languages". */
export const ARTICLE_KEY_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,79})$/;

/** A letter or digit, then up to 40 letters, digits or hyphens, in any script. */
export const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}-]{0,40}$/u;
/** A ROME code (one of the 14 domain letters A–N, then four digits). */
const ROME_CODE_PATTERN = /^[A-Na-n]\d{4}$/;

/** ROME codes are written in upper case ("m1805" → "M1805") so they match job pages; other tags stay as typed. */
export function normalizeTag(tag: string): string {
  const trimmed = tag.trim();
  return ROME_CODE_PATTERN.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}

export function isRomeCode(tag: string): boolean {
  return ROME_CODE_PATTERN.test(tag);
}

/** "a, b ,, M1805" → ["a", "b", "M1805"]: the editor's comma-separated tag field. */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
}

/** Tags without repeats (after normalising), first occurrence kept. */
export function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(normalizeTag))];
}

const CONTROL_OR_SPACE = /[\u0000-\u0020\u007F\\]/u;

/**
 * A cover image address: a library image ("media:42"), a path on this site ("/covers/x.webp") or an https URL.
 * Not "//host/…" (another site without a scheme), and no spaces, control characters or backslashes.
 */
export function isAcceptableCover(address: string): boolean {
  if (address.length > ARTICLE_LIMITS.coverLength || CONTROL_OR_SPACE.test(address)) return false;
  if (address.startsWith("/")) return !address.startsWith("//");
  if (/^media:[1-9]\d{0,9}$/.test(address)) return true;
  if (!/^https:\/\//i.test(address)) return false;
  return URL.canParse(address);
}

/** A slug as the site writes it: already in slugify()'s form (lowercase words joined by "-"). */
export function isCanonicalSlug(slug: string): boolean {
  return slug !== "" && slugify(slug) === slug;
}
