/** Looks up what pages need to draw library images (sources, size, alt text per language), for the Markdown renderer and covers. */
import type { Kysely, Transaction } from "kysely";
import type { MediaRendition, VariantSource } from "#core/media-rules.ts";
import type { Database } from "#server/db/schema.ts";

export async function loadRenditions(
  db: Kysely<Database> | Transaction<Database>,
  ids: Iterable<number>,
): Promise<Record<number, MediaRendition>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return {};
  const rows = await db.selectFrom("media").select(["id", "width", "height"]).where("id", "in", wanted).execute();
  const variants = await db
    .selectFrom("media_variants")
    .select(["media_id", "file", "format", "width"])
    .where("media_id", "in", wanted)
    .orderBy("width")
    .execute();
  const alts = await db
    .selectFrom("media_alt")
    .select(["media_id", "code", "alt"])
    .where("media_id", "in", wanted)
    .execute();
  const renditions: Record<number, MediaRendition> = {};
  for (const row of rows) {
    const own = variants.filter((variant) => variant.media_id === row.id);
    const sources = (format: string): VariantSource[] =>
      own
        .filter((variant) => variant.format === format)
        .map((variant) => ({ url: `/media/${variant.file}`, width: variant.width }));
    const fallback = own.find((variant) => variant.format === "jpeg" || variant.format === "png");
    if (!fallback) continue;
    renditions[row.id] = {
      id: row.id,
      width: row.width,
      height: row.height,
      avif: sources("avif"),
      webp: sources("webp"),
      fallback: { url: `/media/${fallback.file}`, width: fallback.width },
      alt: Object.fromEntries(alts.filter((alt) => alt.media_id === row.id).map((alt) => [alt.code, alt.alt])),
    };
  }
  return renditions;
}
