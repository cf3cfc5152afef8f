/** What the media admin API accepts (zod for path parameters, query strings and bodies; messages name the field) and answers. */
import { z } from "zod";
import { languageCodeParam } from "#core/admin/articles/schema.ts";
import { mediaRenditionSchema } from "#core/media-rendition.ts";
import { MEDIA_LIMITS } from "#core/media-rules.ts";

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
    .refine((name) => !/[\u0000-\u001f\u007f/\\]/.test(name), {
      error: "must not contain slashes or control characters",
    }),
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
export const mediaAltTextsSchema = z.object({ id: z.number().int(), alt: z.record(z.string(), z.string()) });
export type MediaAltTexts = z.infer<typeof mediaAltTextsSchema>;

/** Articles named with an image (the library's list, the refusal to delete it); the rest are counted. */
export const USED_BY_SHOWN = 5;

const mediaUseSchema = z.object({ id: z.number().int(), key: z.string(), title: z.string() });
export type MediaUse = z.infer<typeof mediaUseSchema>;

export const mediaItemSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  format: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the upload as received. */
  sourceBytes: z.number().int(),
  /** Bytes of every variant together: what the library stores for it. */
  storedBytes: z.number().int(),
  createdAt: z.string(),
  /** The smallest WebP variant, for lists and pickers. */
  thumbnail: z.string(),
  alt: z.record(z.string(), z.string()),
  /** The ETag of the image's alt texts as the reader reads them (`MediaAltTexts`): If-Match of an alt-text save. */
  altEtag: z.string(),
  /** The first USED_BY_SHOWN articles using it, by id: an image in every article must not list them all. */
  usedBy: z.array(mediaUseSchema),
  /** How many articles use it. */
  usedByCount: z.number().int(),
  /** What the editor's preview needs to draw it. */
  rendition: mediaRenditionSchema,
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
/** What the endpoints of one image answer (GET, alt-text saves). */
export const mediaItemResponse = z.object({ item: mediaItemSchema });
/** What an upload answers: the image, and false when the same image was already in the library (status 200). */
export const mediaUploadResponse = mediaItemResponse.extend({ created: z.boolean() });

export const mediaPageSchema = z.object({
  items: z.array(mediaItemSchema),
  /** Pass as `before` for the next page; null on the last page. */
  next: z.number().int().nullable(),
});
export type MediaPage = z.infer<typeof mediaPageSchema>;
