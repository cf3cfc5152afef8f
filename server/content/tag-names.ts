/**
 * Tag names per language (decision 0221, core/tags.ts): what a page reads of them. A page shows a few tags, so
 * names are read for those only (one index range of tag_names each), never held for the whole archive.
 */
import type { Kysely } from "kysely";
import type { TagNameMatch } from "#core/tags.ts";
import type { Database } from "#server/db/schema.ts";

export interface TagName {
  name: string;
  nameKey: string;
}

/** Names asked for at once: bounded statements whatever an article carries. */
const CHUNK = 200;

export function createTagNameReads(db: Kysely<Database>) {
  return {
    /** The names in a language of these tags (by key), where it has one. */
    async tagNamesIn(code: string, keys: readonly string[]): Promise<Map<string, TagName>> {
      const names = new Map<string, TagName>();
      const unique = [...new Set(keys)];
      for (let at = 0; at < unique.length; at += CHUNK) {
        const rows = await db
          .selectFrom("tag_names")
          .select(["tag_key", "name", "name_key"])
          .where("code", "=", code)
          .where("tag_key", "in", unique.slice(at, at + CHUNK))
          .execute();
        for (const row of rows) names.set(row.tag_key, { name: row.name, nameKey: row.name_key });
      }
      return names;
    },

    /** A tag's names in every language that gives it one, by language code. */
    async tagNamesOf(key: string): Promise<Map<string, TagName>> {
      const rows = await db
        .selectFrom("tag_names")
        .select(["code", "name", "name_key"])
        .where("tag_key", "=", key)
        .execute();
      return new Map(rows.map((row) => [row.code, { name: row.name, nameKey: row.name_key }]));
    },

    /** The names, in any language, whose address key is `nameKey`: which tag an address may mean (tagOfAddress). */
    async tagNameMatches(nameKey: string): Promise<TagNameMatch[]> {
      const rows = await db
        .selectFrom("tag_names")
        .select(["tag_key as tagKey", "code", "name_key as nameKey"])
        .where("name_key", "=", nameKey)
        .execute();
      return rows;
    },
  };
}
