/**
 * Which articles use which library images (their cover and the images in
 * their bodies), kept in media_usage so the library lists "where used",
 * refuses to delete an image in use and finds the versions an alt-text change
 * re-renders, without scanning articles.
 */
import type { Transaction } from "kysely";
import { mediaIdsUsed } from "#core/media-rules.ts";
import type { Database } from "#server/db/schema.ts";
import { invalid } from "#core/errors.ts";

/** Refuses (400) references to images that are not in the library, naming `field`. */
export async function requireMediaExist(trx: Transaction<Database>, ids: number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(
    (await trx.selectFrom("media").select("id").where("id", "in", ids).execute()).map((row) => row.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw invalid(
      "invalid_field",
      `${field}: ${missing.map((id) => `media:${id}`).join(", ")} ${missing.length === 1 ? "is" : "are"} not in the media library.`,
      field,
    );
  }
}

/** Articles per statement: well under SQLite's bound-parameter limit. */
const SYNC_CHUNK = 200;

/**
 * Recomputes the images these articles use from their stored covers and versions
 * (call inside the write that changed them). Only bodies naming a library image
 * are read; references to images not in the library are not recorded. `given`
 * holds every version's body of articles the caller has them all for (a bulk
 * import's new articles): those are not read again (scanning them was a quarter
 * of PostgreSQL's work in an import).
 */
export async function syncMediaUsage(
  trx: Transaction<Database>,
  blogIds: readonly number[],
  given: ReadonlyMap<number, readonly string[]> = new Map(),
): Promise<void> {
  for (let start = 0; start < blogIds.length; start += SYNC_CHUNK) {
    const ids = blogIds.slice(start, start + SYNC_CHUNK);
    const unknown = ids.filter((id) => !given.has(id));
    // Pending changes (article_drafts) use their images too: an image only a draft shows must not be deleted.
    const [blogs, bodies] = await Promise.all([
      trx.selectFrom("articles").select(["id", "cover"]).where("id", "in", ids).execute(),
      unknown.length === 0
        ? []
        : trx
            .selectFrom("article_versions")
            .select(["article_id", "body"])
            .where("article_id", "in", unknown)
            .where("body", "like", "%media:%")
            .unionAll(
              trx
                .selectFrom("article_drafts")
                .select(["article_id", "body"])
                .where("article_id", "in", unknown)
                .where("body", "like", "%media:%"),
            )
            .execute(),
    ]);
    const stored = Map.groupBy(bodies, (row) => row.article_id);
    const bodiesOf = (id: number) => given.get(id) ?? (stored.get(id) ?? []).map((row) => row.body);
    const uses = blogs.flatMap((blog) =>
      mediaIdsUsed(blog.cover, bodiesOf(blog.id)).map((mediaId) => ({ media_id: mediaId, article_id: blog.id })),
    );
    await trx.deleteFrom("media_usage").where("article_id", "in", ids).execute();
    if (uses.length === 0) continue;
    const known = new Set(
      (
        await trx
          .selectFrom("media")
          .select("id")
          .where("id", "in", [...new Set(uses.map((use) => use.media_id))])
          .execute()
      ).map((row) => row.id),
    );
    const recorded = uses.filter((use) => known.has(use.media_id));
    if (recorded.length > 0) await trx.insertInto("media_usage").values(recorded).execute();
  }
}
