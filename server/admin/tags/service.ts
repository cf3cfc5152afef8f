/**
 * Tags' names per language (decision 0221): list them for a language, set or remove one. A name gives the tag's
 * page its address in that language (core/tags.ts), so two tags may not share one there; a change invalidates
 * only the pages showing that tag's name in that language, and its page's addresses (server/content/changes.ts).
 * Used by the admin API and by the exchange files' import (server/admin/translations/exchange/tags.ts).
 */
import type { Kysely, Transaction } from "kysely";
import type { TagNameList, TagNameResult } from "#core/admin/tags/schema.ts";
import { conflict, invalid, notFound } from "#core/errors.ts";
import { tagKey, tagNameClash, tagNameKey } from "#core/tags.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { recordAudit } from "#server/audit/record.ts";
import type { AdminServices } from "#server/content/context.ts";
import type { ContentChange } from "#server/content/changes.ts";
import type { Database } from "#server/db/schema.ts";
import { entityTag, requireCurrent, type Preconditions } from "#server/http/preconditions.ts";

type Db = Kysely<Database> | Transaction<Database>;

export const TAG_NAME_ENTITY = "tag_names";

/** Tags listed at most on the screen (narrow with a search). */
export const TAG_LIST_LIMIT = 200;

export interface WrittenTag {
  /** tagKey of the tag. */
  key: string;
  /** As first written on an article. */
  written: string;
  articles: number;
}

/** Every tag written on an article, by key ("Travel" and "travel" are one tag), in key order. */
export async function writtenTags(db: Db): Promise<WrittenTag[]> {
  const rows = await db
    .selectFrom("article_tags")
    .select((eb) => ["tag", eb.fn.countAll<number | string>().as("count")])
    .groupBy("tag")
    .execute();
  const byKey = new Map<string, WrittenTag>();
  for (const row of rows) {
    const key = tagKey(row.tag);
    const known = byKey.get(key);
    if (known) known.articles += Number(row.count);
    else byKey.set(key, { key, written: row.tag, articles: Number(row.count) });
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

async function requireLanguage(db: Db, languageCode: string): Promise<void> {
  const found = await db.selectFrom("languages").select("code").where("code", "=", languageCode).executeTakeFirst();
  if (!found) throw invalid("invalid_field", `languageCode: no language "${languageCode}".`, "languageCode");
}

async function requireTag(db: Db, tag: string): Promise<WrittenTag> {
  const key = tagKey(tag);
  const found = (await writtenTags(db)).find((written) => written.key === key);
  if (!found) throw notFound("not_found", `No article carries the tag ${tag}.`, "tag");
  return found;
}

/** A tag's stored name in a language, as its GET answers it (its ETag is this object's). */
export async function tagNameOf(db: Db, key: string, languageCode: string): Promise<TagNameResult | null> {
  const row = await db
    .selectFrom("tag_names")
    .select(["name", "name_key"])
    .where("tag_key", "=", key)
    .where("code", "=", languageCode)
    .executeTakeFirst();
  return row ? { tag: key, languageCode, name: row.name, nameKey: row.name_key } : null;
}

/** The tags of the site with their names in a language (the first TAG_LIST_LIMIT matching `q`, on the key, the tag or the name). */
export async function listTagNames(services: AdminServices, languageCode: string, q = ""): Promise<TagNameList> {
  const { db } = services.database;
  await requireLanguage(db, languageCode);
  const rows = await db
    .selectFrom("tag_names")
    .select(["tag_key", "name", "name_key"])
    .where("code", "=", languageCode)
    .execute();
  const names = new Map(rows.map((row) => [row.tag_key, row]));
  const wanted = q.trim().toLowerCase();
  const matching = (await writtenTags(db)).filter(
    (tag) =>
      wanted === "" || tag.key.includes(wanted) || (names.get(tag.key)?.name.toLowerCase().includes(wanted) ?? false),
  );
  return {
    languageCode,
    more: matching.length > TAG_LIST_LIMIT,
    tags: matching.slice(0, TAG_LIST_LIMIT).map((tag) => {
      const name = names.get(tag.key);
      return {
        tag: tag.key,
        written: tag.written,
        articles: tag.articles,
        name: name?.name ?? null,
        etag: name
          ? entityTag({ tag: tag.key, languageCode, name: name.name, nameKey: name.name_key } satisfies TagNameResult)
          : null,
      };
    }),
  };
}

export async function findTagName(
  services: AdminServices,
  tag: string,
  languageCode: string,
): Promise<TagNameResult | null> {
  const { db } = services.database;
  await requireLanguage(db, languageCode);
  return tagNameOf(db, (await requireTag(db, tag)).key, languageCode);
}

export interface TagNameChange {
  uid: string;
  /** The tag's key. */
  tag: string;
  languageCode: string;
}

/**
 * Stores a tag's name in a language in the caller's transaction, refusing (409) a name whose address is another
 * tag's there; audited. Returns whether anything changed.
 */
export async function writeTagName(
  trx: Transaction<Database>,
  change: TagNameChange & { name: string },
  now = new Date(),
): Promise<boolean> {
  const before = await tagNameOf(trx, change.tag, change.languageCode);
  if (before?.name === change.name) return false;
  const nameKey = tagNameKey(change.name);
  const taken = await trx
    .selectFrom("tag_names")
    .select(["tag_key", "name_key"])
    .where("code", "=", change.languageCode)
    .where("name_key", "=", nameKey)
    .execute();
  const namedHere = new Set(
    (
      await trx
        .selectFrom("tag_names")
        .select("tag_key")
        .where("code", "=", change.languageCode)
        .where("tag_key", "=", nameKey)
        .execute()
    ).map((row) => row.tag_key),
  );
  const written = new Set((await writtenTags(trx)).map((tag) => tag.key));
  const clash = tagNameClash(
    change.tag,
    nameKey,
    new Map(taken.map((row) => [row.tag_key, row.name_key])),
    (candidate) => written.has(candidate) && !namedHere.has(candidate),
  );
  if (clash !== null) throw conflict("tag_name_taken", `name: "${change.name}" ${clash}.`, "name");
  const at = now.toISOString();
  await trx
    .insertInto("tag_names")
    .values({ tag_key: change.tag, code: change.languageCode, name: change.name, name_key: nameKey, updated_at: at })
    .onConflict((onConflict) =>
      onConflict.columns(["tag_key", "code"]).doUpdateSet({ name: change.name, name_key: nameKey, updated_at: at }),
    )
    .execute();
  await recordAudit(
    trx,
    {
      uid: change.uid,
      action: before ? "update" : "create",
      entity: TAG_NAME_ENTITY,
      entityId: `${change.tag}/${change.languageCode}`,
      before: before ? { name: before.name } : undefined,
      after: { name: change.name },
    },
    now,
  );
  return true;
}

/** What a change of these tags' names makes stale (decision 0221). */
export function tagNamesChange(names: readonly { tag: string; code: string }[]): ContentChange {
  return { kind: "tag-names", names: [...names] };
}

const TAKEN = { field: "name", message: "another tag was given this name in this language at the same time." };

/** Sets a tag's name in a language (If-None-Match: * when it has none yet, else If-Match its ETag). */
export async function setTagName(
  services: AdminServices,
  change: TagNameChange & { name: string },
  preconditions: Preconditions,
): Promise<{ changed: boolean; saved: TagNameResult }> {
  const { db } = services.database;
  await requireLanguage(db, change.languageCode);
  const key = (await requireTag(db, change.tag)).key;
  const write = { ...change, tag: key };
  const changed = await writeContent(
    services,
    async (trx) => {
      requireCurrent(preconditions, await tagNameOf(trx, key, change.languageCode), `the name of ${key}`);
      return writeTagName(trx, write);
    },
    {
      conflict: TAKEN,
      changedContent: (result) => result,
      change: () => tagNamesChange([{ tag: key, code: change.languageCode }]),
    },
  );
  return {
    changed,
    saved: { tag: key, languageCode: change.languageCode, name: change.name, nameKey: tagNameKey(change.name) },
  };
}

/** Removes a tag's name in a language: the tag is named there as written again. A 404 when it has none. */
export async function removeTagName(
  services: AdminServices,
  change: TagNameChange,
  preconditions: Preconditions,
): Promise<void> {
  const { db } = services.database;
  await requireLanguage(db, change.languageCode);
  const key = (await requireTag(db, change.tag)).key;
  await writeContent(
    services,
    async (trx) => {
      const before = await tagNameOf(trx, key, change.languageCode);
      if (!before) throw notFound("not_found", `${key} has no name in ${change.languageCode}.`, "languageCode");
      requireCurrent(preconditions, before, `the name of ${key}`);
      await trx.deleteFrom("tag_names").where("tag_key", "=", key).where("code", "=", change.languageCode).execute();
      await recordAudit(trx, {
        uid: change.uid,
        action: "delete",
        entity: TAG_NAME_ENTITY,
        entityId: `${key}/${change.languageCode}`,
        before: { name: before.name },
      });
    },
    { change: () => tagNamesChange([{ tag: key, code: change.languageCode }]) },
  );
}
