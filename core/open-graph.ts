/**
 * What link previews (Open Graph, Twitter cards) need that the pages cannot take as they are:
 * a locale in Open Graph's `language_TERRITORY` form, and a raster picture of a cover.
 */

/**
 * Territories Open Graph readers (Facebook's list of locales) use where the language's most likely
 * territory is not the one they know: Arabic is `ar_AR` there, Latin American Spanish `es_LA`.
 */
const OPEN_GRAPH_TERRITORIES: Readonly<Record<string, string>> = { ar: "AR", "es-419": "LA" };

/**
 * A BCP 47 language code as Open Graph's `og:locale` (`fr-FR` → `fr_FR`, `ja` → `ja_JP`, `ar` → `ar_AR`,
 * `zh-Hant` → `zh_TW`): the code's own territory when it names a two-letter one, else the territory Open
 * Graph readers expect or the language's most likely one (CLDR's likely subtags, through Intl.Locale).
 * Null for a code that names no language, whose page then carries no og:locale.
 */
export function openGraphLocale(code: string): string | null {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(code);
  } catch {
    return null;
  }
  const language = locale.language;
  if (!language || language === "und") return null;
  const region = locale.region;
  if (region !== undefined && /^[A-Z]{2}$/.test(region)) return `${language}_${region}`;
  const known = OPEN_GRAPH_TERRITORIES[region === undefined ? language : `${language}-${region}`];
  if (known !== undefined) return `${language}_${known}`;
  const likely = new Intl.Locale(language, locale.script === undefined ? {} : { script: locale.script }).maximize()
    .region;
  return likely !== undefined && /^[A-Z]{2}$/.test(likely) ? `${language}_${likely}` : null;
}

/** The picture link previews show: one size for every page, the size Facebook, LinkedIn and X ask for. */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;

/** Covers the server can make a social picture of: files of the site's covers folder, and library image variants. */
const SOCIAL_IMAGE_SOURCE =
  /^\/(?:covers\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(?:svg|png|jpe?g|webp|avif)|media\/[1-9]\d{0,9}-[0-9a-f]{16}-\d{1,5}\.(?:avif|webp|jpg|png))$/;

/** Where a social picture is served: `/social` + the source's path + `.jpg`. */
const SOCIAL_IMAGE_PREFIX = "/social";

/**
 * The path of the 1200×630 JPEG made from a cover at `address` (a path on this site), or null when the
 * server cannot make one (another site's address, a file outside the covers folder and the library).
 */
export function socialImagePath(address: string | null): string | null {
  return address !== null && SOCIAL_IMAGE_SOURCE.test(address) ? `${SOCIAL_IMAGE_PREFIX}${address}.jpg` : null;
}

/** The source path a social picture's path names (the inverse of socialImagePath), or null. */
export function socialImageSource(path: string): string | null {
  if (!path.startsWith(`${SOCIAL_IMAGE_PREFIX}/`) || !path.endsWith(".jpg")) return null;
  const source = path.slice(SOCIAL_IMAGE_PREFIX.length, -".jpg".length);
  return SOCIAL_IMAGE_SOURCE.test(source) ? source : null;
}
