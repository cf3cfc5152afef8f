/**
 * The whole memory made again from what is published: every published version and every UI string. The
 * migration that made the memory filled it this way (0045), the seed does, and `npm run translations -- tm
 * rebuild` does after a bulk import (which, like the search index, leaves such work to later: decision 0215).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { addUnits, articleUnits, bodySegments, uiUnitKey } from "./units.ts";

/** Versions read per page: their bodies are held at once. */
const PAGE = 200;

export async function rebuildMemory(db: Kysely<Database> | Transaction<Database>): Promise<{ units: number }> {
  const now = new Date().toISOString();
  await db.deleteFrom("memory_keys").execute();
  await db.deleteFrom("memory_units").execute();
  for (let after = 0; ;) {
    const versions = await db
      .selectFrom("article_versions")
      .select(["id", "article_id", "code", "title", "summary", "body", "published_at"])
      .where("status", "=", "published")
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    if (versions.length === 0) break;
    for (const version of versions) {
      const units = articleUnits(version.article_id, version, await bodySegments(version.body));
      await addUnits(db, version.code, version.article_id, units, version.published_at ?? now);
    }
    after = versions.at(-1)!.id;
  }
  const strings = await db.selectFrom("translations").select(["code", "code_component", "label"]).execute();
  for (const [code, rows] of Map.groupBy(strings, (row) => row.code)) {
    const units = rows
      .filter((row) => row.label.trim() !== "")
      .map((row) => ({ unitKey: uiUnitKey(row.code_component), text: row.label }));
    await addUnits(db, code, null, units, now);
  }
  const { count } = await db
    .selectFrom("memory_units")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return { units: Number(count) };
}
