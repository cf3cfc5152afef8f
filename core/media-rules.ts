/**
 * Media library rules both sides use: which files are accepted, how articles
 * refer to a library image (`media:42`, in Markdown `![](media:42)` and as a
 * cover), and what the public pages need to draw one with <picture>.
 */
import type { MediaRendition, VariantSource } from "./media-rendition.ts";

export const MEDIA_FORMATS = ["jpeg", "png", "webp", "avif", "gif"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
export type VariantFormat = "avif" | "webp" | "jpeg" | "png";

/** What the file picker offers; the server decides by content, not by this. */
export const MEDIA_ACCEPT = ".jpg,.jpeg,.png,.webp,.avif,.gif,image/jpeg,image/png,image/webp,image/avif,image/gif";

export const MEDIA_LIMITS = { altLength: 300, fileNameLength: 200, searchLength: 100, pageSize: 24 } as const;

const FORMAT_BY_EXTENSION: Record<string, MediaFormat> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "avif",
  gif: "gif",
};

/** The format a file name claims by its extension, or null when it names none we accept. */
export function mediaFormatOfName(fileName: string): MediaFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (extension && FORMAT_BY_EXTENSION[extension]) || null;
}

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** "42-3f9c2a1b0e4d5c6b-640.avif": the public name of a variant, under /media/. */
export const VARIANT_FILE_PATTERN = /^[1-9]\d{0,9}-[0-9a-f]{16}-\d{1,5}\.(avif|webp|jpg|png)$/;

export function variantFileName(mediaId: number, sha256: string, width: number, format: VariantFormat): string {
  return `${mediaId}-${sha256.slice(0, 16)}-${width}.${format === "jpeg" ? "jpg" : format}`;
}

export function variantContentType(file: string): string {
  const extension = file.slice(file.lastIndexOf(".") + 1);
  return (
    VARIANT_CONTENT_TYPES[extension === "jpg" ? "jpeg" : (extension as VariantFormat)] ?? "application/octet-stream"
  );
}

const REFERENCE_PATTERN = /^media:([1-9]\d{0,9})$/;

/** The library image id of a `media:42` reference, or null for any other address. */
export function mediaIdOf(reference: string | null | undefined): number | null {
  const match = REFERENCE_PATTERN.exec(reference?.trim() ?? "");
  return match ? Number(match[1]) : null;
}

export function mediaReference(id: number): string {
  return `media:${id}`;
}

/** The Markdown that puts a library image in an article body; its alt text comes from the library, per language. */
export function mediaMarkdown(id: number): string {
  return `![](${mediaReference(id)})`;
}

/** Every library image a Markdown body shows, as `![alt](media:ID)` (alt text as typed, "" when none), in order of appearance. */
export function mediaImagesIn(markdown: string): { id: number; alt: string }[] {
  const images: { id: number; alt: string }[] = [];
  for (const match of markdown.matchAll(/!\[([^\]]*)\]\(\s*<?media:([1-9]\d{0,9})>?(?:\s+"[^"]*")?\s*\)/g)) {
    images.push({ id: Number(match[2]), alt: match[1]!.trim() });
  }
  return images;
}

/** Ids of the library images an article uses: its cover and every image in its bodies. */
export function mediaIdsUsed(cover: string | null, bodies: readonly string[]): number[] {
  const ids = new Set<number>();
  const coverId = mediaIdOf(cover);
  if (coverId !== null) ids.add(coverId);
  for (const body of bodies) for (const image of mediaImagesIn(body)) ids.add(image.id);
  return [...ids].sort((a, b) => a - b);
}

// The shape lives beside its zod schema (the admin API documents it); public pages take only the type, not zod.
export type { MediaRendition, VariantSource } from "./media-rendition.ts";

export function srcset(sources: VariantSource[]): string {
  return sources.map((source) => `${source.url} ${source.width}w`).join(", ");
}

/** The article column is at most about 720 CSS pixels wide; on phones images span the screen. */
export const ARTICLE_IMAGE_SIZES = "(min-width: 48rem) 45rem, 100vw";

/** The alt text for an image in a language: what the Markdown says, else the library's for that language, else "". */
export function altTextFor(rendition: MediaRendition, language: string, typed = ""): string {
  return typed.trim() || rendition.alt[language]?.trim() || "";
}

/** Library images a version shows (cover and body) that have no alt text in its language: publishing them warns. */
export function imagesMissingAlt(
  cover: string | null,
  body: string,
  coverAlt: string,
  language: string,
  media: Record<number, MediaRendition>,
): number[] {
  const missing = new Set<number>();
  const coverId = mediaIdOf(cover);
  if (coverId !== null && media[coverId] && altTextFor(media[coverId], language, coverAlt) === "") missing.add(coverId);
  for (const image of mediaImagesIn(body)) {
    const rendition = media[image.id];
    if (rendition && altTextFor(rendition, language, image.alt) === "") missing.add(image.id);
  }
  return [...missing];
}
