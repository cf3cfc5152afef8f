/**
 * A list item with the ETag its own GET answers (decision 0151), so a list screen can edit one item
 * with If-Match without reading it again.
 */
export type WithEntityTag<T> = T & { etag: string };
