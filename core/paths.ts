// URL segments and paths of the site: /{lang}/{page}[/{pageId}/{pageSlug}].
// Generated links are lowercase and percent-encoded; incoming segments are
// compared after decoding and lowercasing (docs/product.md §2).

import type { LanguageRef } from "./types.ts";

/** C0 control characters and DEL: never legitimate in a page name, and NUL breaks databases and logs. */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/u;

/** decodeURIComponent that returns null instead of throwing, and rejects decoded control characters. */
export function decodeSegment(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null; // malformed percent-encoding or invalid UTF-8
  }
  return CONTROL_CHARACTER.test(decoded) ? null : decoded;
}

/** The comparable form of a URL segment: decoded, then lowercased (locale-independent). */
export function normalizeName(raw: string): string | null {
  return decodeSegment(raw)?.toLowerCase() ?? null;
}

/** The URL form of a name: lowercase, then percent-encoded. */
export function encodeSegment(name: string): string {
  // toWellFormed: a lone surrogate would make encodeURIComponent throw.
  return encodeURIComponent(name.toWellFormed().toLowerCase());
}

function joinSegments(names: readonly string[]): string {
  return "/" + names.map(encodeSegment).join("/");
}

/** "/fr/bienvenue": the home page of a language. */
export function homePath(language: Pick<LanguageRef, "shortCode" | "welcome">): string {
  return joinSegments([language.shortCode, language.welcome]);
}

/** "/fr/m%C3%A9tiers": a section page (or any `{page}`) of a language. */
export function sectionPath(shortCode: string, pageName: string): string {
  return joinSegments([shortCode, pageName]);
}

/**
 * "/fr/m%C3%A9tiers/a1101/conduite-d-engins": one item's canonical URL.
 * An empty slug gives the slug-less form, which the item route 301-redirects to the canonical one.
 */
export function itemPath(shortCode: string, pageName: string, itemId: string | number, slug: string): string {
  const segments = [shortCode, pageName, String(itemId)];
  return joinSegments(slug === "" ? segments : [...segments, slug]);
}

/** "/fr/atom.xml": a language's Atom feed (docs/decisions/0090-search-feeds-and-tags.md). */
export function feedPath(shortCode: string): string {
  return `/${encodeSegment(shortCode)}/${FEED_FILE}`;
}

/** The feed's file name under a language: a page name cannot be it (core/page-names.ts). */
export const FEED_FILE = "atom.xml";

/** The segment of draft-preview links under a language: a page name cannot be it (core/page-names.ts). */
export const PREVIEW_SEGMENT = "preview";

/** "/fr/preview/12.1767225600.…": a signed draft-preview link (docs/decisions/0095-revisions-schedules-and-previews.md). */
export function previewPath(shortCode: string, token: string): string {
  return `/${encodeSegment(shortCode)}/${PREVIEW_SEGMENT}/${token}`;
}

/** The scheme and authority of an absolute or protocol-relative address. */
interface Origin {
  /** Lowercase scheme; null for a protocol-relative "//host/…" address. */
  scheme: string | null;
  /** Lowercase host[:port], default port dropped when the URL parser knows the scheme. */
  authority: string;
}

/** An address cut into the parts sameAddress compares. */
interface AddressParts {
  origin: Origin | null;
  path: string;
}

/** scheme://authority or protocol-relative //authority at the start of an address. */
const ORIGIN_PREFIX = /^(?:([a-z][a-z0-9+.-]*):)?\/\/([^/?#]*)/iu;

function splitAddress(address: string): AddressParts {
  // The fragment starts at the first "#", the query at the first "?" before it.
  const withoutFragment = address.split("#", 1)[0] ?? "";
  const withoutQuery = withoutFragment.split("?", 1)[0] ?? "";
  const match = ORIGIN_PREFIX.exec(withoutQuery);
  const path = match === null ? withoutQuery : withoutQuery.slice(match[0].length);
  return {
    origin: match === null ? null : canonicalOrigin(match[0], match[1], match[2] ?? ""),
    // "https://example.com" is the root page.
    path: path === "" ? "/" : path,
  };
}

function canonicalOrigin(text: string, scheme: string | undefined, authority: string): Origin {
  if (scheme !== undefined && URL.canParse(text)) {
    const url = new URL(text);
    // Opaque origins ("null": file:, custom schemes) keep their text instead.
    if (url.origin !== "null") return { scheme: url.protocol.slice(0, -1), authority: url.host.toLowerCase() };
  }
  return { scheme: scheme?.toLowerCase() ?? null, authority: authority.toLowerCase() };
}

/** A protocol-relative address takes the other one's scheme, so only hosts are compared then. */
function sameOrigin(a: Origin, b: Origin): boolean {
  return a.authority === b.authority && (a.scheme === null || b.scheme === null || a.scheme === b.scheme);
}

/** Comparable path: each segment decoded, lowercased and NFC-composed; raw lowercase when any segment is malformed. */
function comparablePath(path: string): string {
  const segments = path.split("/").map(normalizeName);
  if (segments.some((segment) => segment === null)) return "raw:" + path.toLowerCase();
  // Decoded segments may contain "/" (from %2F) but never a control character: join on one.
  return "decoded:" + segments.map((segment) => (segment ?? "").normalize("NFC")).join("\u0000");
}

/**
 * True when two addresses (absolute URLs or paths) name the same page: the query, the fragment,
 * letter case and percent-encoding are ignored; origins are compared only when both addresses have one.
 * A trailing slash counts, except that an empty path is the root.
 */
export function sameAddress(a: string, b: string): boolean {
  const left = splitAddress(a);
  const right = splitAddress(b);
  if (left.origin !== null && right.origin !== null && !sameOrigin(left.origin, right.origin)) return false;
  return comparablePath(left.path) === comparablePath(right.path);
}
