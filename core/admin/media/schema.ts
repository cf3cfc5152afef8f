/** What the media admin API accepts (zod for path parameters, query strings and bodies; messages name the field) and answers. */
import { z } from "zod";
import { languageCodeParam } from "#core/admin/articles/schema.ts";
import { MEDIA_LIMITS, type MediaRendition } from "#core/media-rules.ts";

export const mediaIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: "must be a positive whole number" })
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, { error: "must be a positive whole number" });

export { languageCodeParam };

/** The file name the browser sends beside the bytes (?name=…): the stored label, and its extension must match the content. */
export const uploadNameQuery = z.object({
  name: z
    .string({ error: "is required (the file's name)" })
    .trim()
    .min(1, { error: "is required (the file's name)" })
    .max(MEDIA_LIMITS.fileNameLength, { error: `must be at most ${MEDIA_LIMITS.fileNameLength} characters` })
    .refine((name) => !/[\u0000-\u001f\u007f/\\]/.test(name), { error: "must not contain slashes or control characters" }),
});

export const listMediaQuery = z.object({
  /** Words of the file name or of an alt text in any language. */
  q: z
    .string()
    .trim()
    .max(MEDIA_LIMITS.searchLength, { error: `must be at most ${MEDIA_LIMITS.searchLength} characters` })
    .default(""),
  /** Keyset cursor: the last id of the previous page. */
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: "must be a positive whole number" })
    .transform(Number)
    .optional(),
  limit: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be between 1 and 100" })
    .max(100, { error: "must be between 1 and 100" })
    .default(MEDIA_LIMITS.pageSize),
  /** Only these ids (the editor asks for the images an article shows), comma-separated. */
  ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,99}$/, { error: "must be up to 100 comma-separated ids" })
    .transform((value) => value.split(",").map(Number))
    .optional(),
});
export type ListMediaQuery = z.output<typeof listMediaQuery>;

export const altInput = z.strictObject({
  /** Empty removes the alt text in that language. */
  alt: z
    .string({ error: "must be a text" })
    .trim()
    .max(MEDIA_LIMITS.altLength, { error: `must be at most ${MEDIA_LIMITS.altLength} characters` }),
});
export type AltInput = z.output<typeof altInput>;

/** Every alt text of an image saved at once: language code → text ("" removes it); languages not named keep theirs. */
export const altTextsInput = z.strictObject({
  alt: z
    .record(
      languageCodeParam,
      z
        .string({ error: "must be a text" })
        .trim()
        .max(MEDIA_LIMITS.altLength, { error: `must be at most ${MEDIA_LIMITS.altLength} characters` }),
    )
    .refine((alt) => Object.keys(alt).length > 0, { error: "must name at least one language" }),
});
export type AltTextsInput = z.output<typeof altTextsInput>;

/** An image's alt texts as `GET /api/admin/media/{id}/alt` answers them (the languages the reader may read); its ETag is this object's. */
export interface MediaAltTexts {
  id: number;
  alt: Record<string, string>;
}

/** Articles named with an image (the library's list, the refusal to delete it); the rest are counted. */
export const USED_BY_SHOWN = 5;

export interface MediaUse {
  id: number;
  key: string;
  title: string;
}

export interface MediaItem {
  id: number;
  fileName: string;
  format: string;
  width: number;
  height: number;
  /** Bytes of the upload as received. */
  sourceBytes: number;
  /** Bytes of every variant together: what the library stores for it. */
  storedBytes: number;
  createdAt: string;
  /** The smallest WebP variant, for lists and pickers. */
  thumbnail: string;
  alt: Record<string, string>;
  /** The ETag of the image's alt texts as the reader reads them (`MediaAltTexts`): If-Match of an alt-text save. */
  altEtag: string;
  /** The first USED_BY_SHOWN articles using it, by id: an image in every article must not list them all. */
  usedBy: MediaUse[];
  /** How many articles use it. */
  usedByCount: number;
  /** What the editor's preview needs to draw it. */
  rendition: MediaRendition;
}

export interface MediaPage {
  items: MediaItem[];
  /** Pass as `before` for the next page; null on the last page. */
  next: number | null;
}
