import { z } from "zod";

/**
 * A list item with the ETag its own GET answers (decision 0151), so a list screen can edit one item
 * with If-Match without reading it again.
 */
export type WithEntityTag<T> = T & { etag: string };

/** The schema of such an item: the item's own, with `etag`. */
export function withEntityTagSchema<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend({
    etag: z.string().meta({ description: "The ETag the item's own GET answers: send it as If-Match to change it." }),
  });
}
