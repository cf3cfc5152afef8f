/**
 * The media library as admins manage it (/admin/media): upload (through the
 * sharp pipeline), list with keyset pagination and search, alt text per
 * language (alt-texts.ts), delete when unused. Each write is one transaction with its audit
 * entry, through writeContent: an alt-text change refreshes exactly the articles using the image.
 */
import { enqueueWebhookEvent } from "#server/webhooks/outbox.ts";
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import {
  USED_BY_SHOWN,
  type ListMediaQuery,
  type MediaAltTexts,
  type MediaItem,
  type MediaPage,
} from "#core/admin/media/schema.ts";
import { variantFileName } from "#core/media-rules.ts";
import { foldForSearch } from "#core/text.ts";
import { pickLanguages, stringsReading } from "#core/auth/reading.ts";
import type { Grant } from "#core/auth/roles.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import type { AdminServices } from "#server/content/context.ts";
import type { Database } from "#server/db/schema.ts";
import { conflict, notFound } from "#core/errors.ts";
import { entityTag } from "#server/http/preconditions.ts";
import { processImage, type JobRunner, type PipelineLimits, type ProcessedImage } from "#server/media/pipeline.ts";
import { loadRenditions } from "#server/media/renditions.ts";

type Db = Kysely<Database> | Transaction<Database>;

export const MEDIA = "media";

export function searchTextOf(fileName: string, alts: string[]): string {
  return foldForSearch([fileName, ...alts].join(" "));
}

/** LIKE pattern matching `word` anywhere, with LIKE's own wildcards taken literally. */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The ETag of an image's alt texts (decision 0151): of what the reader reads, so a translator's tag covers their languages. */
function altTextsTag(id: number, alt: Record<string, string>): string {
  return entityTag({ id, alt } satisfies MediaAltTexts);
}

async function describe(db: Db, ids: number[]): Promise<MediaItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("media").selectAll().where("id", "in", ids).orderBy("id", "desc").execute();
  const sizes = await db
    .selectFrom("media_variants")
    .select("media_id")
    .select((eb) => eb.fn.sum<number | string>("size").as("stored"))
    .where("media_id", "in", ids)
    .groupBy("media_id")
    .execute();
  const renditions = await loadRenditions(db, ids);
  // The first few articles of each image (by id, the primary key's order), each row carrying how many in all.
  const ranked = db
    .selectFrom("media_usage")
    .select(["media_id", "article_id"])
    .select((eb) =>
      eb.fn
        .agg<number>("row_number")
        .over((over) => over.partitionBy("media_id").orderBy("article_id"))
        .as("rank"),
    )
    .select((eb) =>
      eb.fn
        .countAll<number | string>()
        .over((over) => over.partitionBy("media_id"))
        .as("uses"),
    )
    .where("media_id", "in", ids)
    .as("ranked");
  const uses = await db
    .selectFrom(ranked)
    .innerJoin("articles", "articles.id", "ranked.article_id")
    .select(["ranked.media_id", "ranked.uses", "articles.id", "articles.key"])
    .select((eb) =>
      eb
        .selectFrom("article_versions")
        .select("article_versions.title")
        .whereRef("article_versions.article_id", "=", "articles.id")
        .orderBy("article_versions.code")
        .limit(1)
        .as("title"),
    )
    .where("ranked.rank", "<=", USED_BY_SHOWN)
    .orderBy("articles.id")
    .execute();
  const storedOf = new Map(sizes.map((size) => [size.media_id, Number(size.stored)]));
  const usesOf = Map.groupBy(uses, (use) => use.media_id);
  return rows.flatMap((row) => {
    const rendition = renditions[row.id];
    if (!rendition) return [];
    const named = usesOf.get(row.id) ?? [];
    return {
      id: row.id,
      fileName: row.file_name,
      format: row.format,
      width: row.width,
      height: row.height,
      sourceBytes: row.source_bytes,
      storedBytes: storedOf.get(row.id) ?? 0,
      createdAt: row.created_at,
      thumbnail: (rendition.webp[0] ?? rendition.fallback).url,
      alt: rendition.alt,
      altEtag: altTextsTag(row.id, rendition.alt),
      usedBy: named.map((use) => ({ id: use.id, key: use.key, title: use.title ?? use.key })),
      usedByCount: Number(named[0]?.uses ?? 0),
      rendition,
    };
  });
}

/** Newest first, `limit` at a time after the `before` cursor: an index range scan on the primary key at any library size. */
export async function listMedia(services: Pick<AdminServices, "database">, query: ListMediaQuery): Promise<MediaPage> {
  const { db } = services.database;
  const words = foldForSearch(query.q).split(" ").filter(Boolean);
  const rows = await db
    .selectFrom("media")
    .select("id")
    .$if(query.before !== undefined, (builder) => builder.where("id", "<", query.before!))
    .$if(query.ids !== undefined, (builder) => builder.where("id", "in", query.ids!))
    .$if(words.length > 0, (builder) =>
      builder.where((eb) =>
        eb.and(words.map((word) => sql<boolean>`search_text like ${containsPattern(word)} escape '\\'`)),
      ),
    )
    .orderBy("id", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit).map((row) => row.id);
  return { items: await describe(db, page), next: rows.length > query.limit ? page.at(-1)! : null };
}

async function describeOne(db: Db, id: number): Promise<MediaItem | null> {
  return (await describe(db, [id]))[0] ?? null;
}

/**
 * The image as `reader` may read it (decision 0147): a translator gets the alt texts of their languages and of
 * the favorite one (the source), and the articles using it by key (a title is some language's version).
 */
export function mediaItemAsReadBy(
  reader: Grant | null,
  favorite: string | null | undefined,
  item: MediaItem,
): MediaItem {
  const scope = stringsReading(reader, favorite);
  if (scope === "all") return item;
  const alt = pickLanguages(scope, item.alt);
  return {
    ...item,
    alt,
    altEtag: altTextsTag(item.id, alt),
    rendition: { ...item.rendition, alt: pickLanguages(scope, item.rendition.alt) },
    usedBy: item.usedBy.map((use) => ({ ...use, title: use.key })),
  };
}

/** A page of the library as `reader` may read it: each item as above, and only those the search finds in what they may read. */
export function mediaPageAsReadBy(
  reader: Grant | null,
  favorite: string | null | undefined,
  page: MediaPage,
  q: string,
): MediaPage {
  if (stringsReading(reader, favorite) === "all") return page;
  const words = foldForSearch(q).split(" ").filter(Boolean);
  const items = page.items
    .map((item) => mediaItemAsReadBy(reader, favorite, item))
    .filter((item) => {
      const text = foldForSearch([item.fileName, ...Object.values(item.alt)].join(" "));
      return words.every((word) => text.includes(word));
    });
  return { ...page, items };
}

export async function findMedia(services: Pick<AdminServices, "database">, id: number): Promise<MediaItem | null> {
  return describeOne(services.database.db, id);
}

export async function requireMedia(db: Db, id: number): Promise<MediaItem> {
  const item = await describeOne(db, id);
  if (!item) throw notFound("not_found", `id: no image ${id} in the media library.`, "id");
  return item;
}

async function store(
  trx: Transaction<Database>,
  actorUid: string,
  fileName: string,
  sourceBytes: number,
  image: ProcessedImage,
): Promise<number> {
  const row = await trx
    .insertInto("media")
    .values({
      file_name: fileName,
      source_sha256: image.sourceSha256,
      format: image.format,
      width: image.width,
      height: image.height,
      source_bytes: sourceBytes,
      search_text: searchTextOf(fileName, []),
      uploaded_by: actorUid,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const variant of image.variants) {
    await trx
      .insertInto("media_variants")
      .values({
        file: variantFileName(row.id, variant.sha256, variant.width, variant.format),
        media_id: row.id,
        format: variant.format,
        width: variant.width,
        height: variant.height,
        size: variant.bytes.byteLength,
        bytes: variant.bytes,
      })
      .execute();
  }
  return row.id;
}

/**
 * Checks and encodes an upload, then stores it. The same bytes uploaded again
 * give back the image already in the library (`created: false`). A new image
 * is on no public page yet, so the public content does not reload.
 */
export async function uploadMedia(
  services: AdminServices,
  actorUid: string,
  fileName: string,
  bytes: Buffer,
  options: {
    limits: PipelineLimits;
    /** Runs the decode and encodes when the upload queue gives the turn (upload-gate.ts); at once without one. */
    runJob?: JobRunner;
    /** The request's: a client that cancelled while the image waited or was processed gets nothing stored. */
    signal?: AbortSignal;
  },
): Promise<{ item: MediaItem; created: boolean }> {
  const { limits, runJob, signal } = options;
  const image = await processImage(bytes, fileName, limits, runJob);
  const { db } = services.database;
  const existing = await db
    .selectFrom("media")
    .select("id")
    .where("source_sha256", "=", image.sourceSha256)
    .executeTakeFirst();
  if (existing) return { item: await requireMedia(db, existing.id), created: false };
  return writeContent(
    services,
    async (trx) => {
      signal?.throwIfAborted();
      const id = await store(trx, actorUid, fileName, bytes.byteLength, image);
      const item = await requireMedia(trx, id);
      const { usedBy, usedByCount, thumbnail, rendition, ...audited } = item;
      await recordAudit(trx, { uid: actorUid, action: "upload", entity: MEDIA, entityId: String(id), after: audited });
      await enqueueWebhookEvent(trx, "media.uploaded", { media: audited });
      return { item, created: true };
    },
    {
      conflict: {
        field: "file",
        message: "the same image was being uploaded at the same moment; it is in the library now.",
      },
      changedContent: () => false,
    },
  );
}

/** Deletes an image no article uses; one in use is refused (409) with the articles that use it. */
export async function deleteMedia(services: AdminServices, actorUid: string, id: number): Promise<void> {
  await writeContent(
    services,
    async (trx) => {
      const before = await requireMedia(trx, id);
      if (before.usedByCount > 0) {
        const unnamed = before.usedByCount - before.usedBy.length;
        const list =
          before.usedBy.map((use) => `“${use.title}” (article ${use.id})`).join(", ") +
          (unnamed > 0 ? ` and ${unnamed} more` : "");
        throw conflict(
          "in_use",
          `id: the image is used by ${before.usedByCount === 1 ? "an article" : `${before.usedByCount} articles`}: ${list}. Remove it from them first.`,
          "id",
        );
      }
      // Explicitly rather than through ON DELETE CASCADE, so the write does not depend on SQLite's foreign_keys pragma.
      await trx.deleteFrom("media_variants").where("media_id", "=", id).execute();
      await trx.deleteFrom("media_alt").where("media_id", "=", id).execute();
      await trx.deleteFrom("media").where("id", "=", id).execute();
      const { usedBy, usedByCount, thumbnail, rendition, ...audited } = before;
      await recordAudit(trx, { uid: actorUid, action: "delete", entity: MEDIA, entityId: String(id), before: audited });
    },
    // Refused above while media_usage names any article (covers and bodies, drafts included, kept by every article
    // write and the import), so the image deleted is on no page and no stored rendering: nothing to re-render or refresh.
    { changedContent: () => false },
  );
}
