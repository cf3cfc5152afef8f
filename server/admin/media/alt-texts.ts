/**
 * An image's alt texts per language (/admin/media): set from the copy the writer read, in one transaction
 * that re-renders exactly the versions drawing the image with the library's alt text and refreshes the
 * articles using it.
 */
import type { Transaction } from "kysely";
import type { MediaAltTexts, MediaItem } from "#core/admin/media/schema.ts";
import { mediaImagesIn } from "#core/media-rules.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { STALE_RENDER } from "#server/content/rendering.ts";
import type { AdminServices } from "#server/content/context.ts";
import { lockedForWrite } from "#server/db/locks.ts";
import type { Database } from "#server/db/schema.ts";
import { invalid } from "#core/errors.ts";
import { requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { requireMedia, searchTextOf } from "./service.ts";

/** Articles using a library image (cover or body), from media_usage. */
async function articlesUsing(trx: Transaction<Database>, id: number): Promise<number[]> {
  return (await trx.selectFrom("media_usage").select("article_id").where("media_id", "=", id).execute()).map(
    (row) => row.article_id,
  );
}

/** Versions updated per statement: well under SQLite's bound-parameter limit. */
const STALE_CHUNK = 500;

/**
 * Marks stale the stored HTML of the versions in `code` that draw image `id` with
 * the library's alt text (no alt typed in the Markdown): they are re-rendered on
 * their next read (rendering.ts), not all now. Only bodies of articles using the
 * image are read.
 */
async function markDrawingVersionsStale(trx: Transaction<Database>, id: number, code: string): Promise<void> {
  const candidates = await trx
    .selectFrom("article_versions")
    .select(["id", "body"])
    .where("code", "=", code)
    .where("article_id", "in", (eb) => eb.selectFrom("media_usage").select("article_id").where("media_id", "=", id))
    .where("body", "like", `%media:${id}%`)
    .execute();
  const stale = candidates
    .filter((version) => mediaImagesIn(version.body).some((image) => image.id === id && image.alt === ""))
    .map((version) => version.id);
  for (let start = 0; start < stale.length; start += STALE_CHUNK) {
    await trx
      .updateTable("article_versions")
      .set({ html: null, renderer_version: STALE_RENDER })
      .where("id", "in", stale.slice(start, start + STALE_CHUNK))
      .execute();
  }
}

/**
 * Sets (or, when empty, removes) the alt texts of an image in the languages `alt` names, in one
 * transaction, from the copy `preconditions` names (decision 0151): the image's row is locked
 * (PostgreSQL) and its alt texts as `readable` shows them to the writer must be the ones the writer's
 * ETag was made from. Through the one content-write path with the ids of the articles using it: the
 * versions drawing it are re-rendered and exactly those articles' pages are refreshed.
 */
export async function setAltTexts(
  services: AdminServices,
  actorUid: string,
  id: number,
  alt: Record<string, string>,
  preconditions: Preconditions,
  readable: (alt: Record<string, string>) => Record<string, string>,
): Promise<MediaItem> {
  return writeContent(
    services,
    async (trx) => {
      await lockedForWrite(
        trx.selectFrom("media").select("id").where("id", "=", id),
        services.database.dialect,
      ).executeTakeFirst();
      const before = await requireMedia(trx, id);
      requireCurrent(
        preconditions,
        { id, alt: readable(before.alt) } satisfies MediaAltTexts,
        `the alt texts of image ${id}`,
      );
      const known = new Set(
        (await trx.selectFrom("languages").select("code").execute()).map((language) => language.code),
      );
      const unknown = Object.keys(alt).find((code) => !known.has(code));
      if (unknown !== undefined)
        throw invalid("invalid_field", `code: "${unknown}" is not a language of this site.`, "code");
      const changed = Object.entries(alt).filter(([code, text]) => (before.alt[code] ?? "") !== text);
      for (const [code, text] of changed) {
        if (text === "") {
          await trx.deleteFrom("media_alt").where("media_id", "=", id).where("code", "=", code).execute();
        } else {
          const values = { alt: text, updated_at: new Date().toISOString() };
          const updated = await trx
            .updateTable("media_alt")
            .set(values)
            .where("media_id", "=", id)
            .where("code", "=", code)
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n)
            await trx
              .insertInto("media_alt")
              .values({ media_id: id, code, ...values })
              .execute();
        }
        await markDrawingVersionsStale(trx, id, code);
        await recordAudit(trx, {
          uid: actorUid,
          action: "update",
          entity: "media_alt",
          entityId: `${id}:${code}`,
          before: before.alt[code] === undefined ? undefined : { alt: before.alt[code] },
          after: text === "" ? undefined : { alt: text },
        });
      }
      if (changed.length > 0) {
        const alts = { ...before.alt, ...alt };
        await trx
          .updateTable("media")
          .set({ search_text: searchTextOf(before.fileName, Object.values(alts).filter(Boolean)) })
          .where("id", "=", id)
          .execute();
      }
      return requireMedia(trx, id);
    },
    { articles: { ids: (trx) => articlesUsing(trx, id) }, changedContent: (item) => item.usedByCount > 0 },
  );
}
