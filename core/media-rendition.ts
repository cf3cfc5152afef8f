/**
 * What a page needs to draw a library image, as a zod schema: the admin API answers it inside a media item
 * (core/admin/media/schema.ts) and documents it with this schema. Public pages import only its type
 * (through core/media-rules.ts), so no zod reaches their bundle.
 */
import { z } from "zod";

const variantSourceSchema = z.object({ url: z.string(), width: z.number().int() });
export type VariantSource = z.infer<typeof variantSourceSchema>;

/** Sources per format, intrinsic size, alt text per language. */
export const mediaRenditionSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  avif: z.array(variantSourceSchema),
  webp: z.array(variantSourceSchema),
  fallback: variantSourceSchema,
  /** Alt text by language code; a language without one is missing. */
  alt: z.record(z.string(), z.string()),
});
export type MediaRendition = z.infer<typeof mediaRenditionSchema>;
