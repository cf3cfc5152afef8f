/**
 * Which articles use which library images (their cover and the images in
 * their bodies), kept in media_usage so the library lists "where used" and
 * refuses to delete an image in use without scanning articles.
 */
import type { Transaction } from "kysely";
import { mediaIdsUsed } from "#core/media-rules.ts";
import type { Database } from "#server/db/schema.ts";
import { HttpError } from "#server/http/errors.ts";

/** Refuses (400) references to images that are not in the library, naming `field`. */
export async function requireMediaExist(trx: Transaction<Database>, ids: number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set((await trx.selectFrom("media").select("id").where("id", "in", ids).execute()).map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new HttpError(400, "invalid_field", `${field}: ${missing.map((id) => `media:${id}`).join(", ")} ${missing.length === 1 ? "is" : "are"} not in the media library.`, field);
  }
}

/** Recomputes the images an article uses from its stored cover and versions; call inside the write that changed them. */
export async function syncMediaUsage(trx: Transaction<Database>, blogId: number): Promise<void> {
  const blog = await trx.selectFrom("blogs").select("cover").where("id", "=", blogId).executeTakeFirst();
  const bodies = await trx.selectFrom("blog_versions").select("body").where("blog_id", "=", blogId).execute();
  const ids = blog ? mediaIdsUsed(blog.cover, bodies.map((row) => row.body)) : [];
  await trx.deleteFrom("media_usage").where("blog_id", "=", blogId).execute();
  if (ids.length > 0) await trx.insertInto("media_usage").values(ids.map((id) => ({ media_id: id, blog_id: blogId }))).execute();
}
