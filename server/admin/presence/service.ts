/**
 * "Ada is editing" (decision 0152): the editor's heartbeat records that its person has a language
 * version open and answers who else has; leaving the editor removes the record. Not content: no
 * revision, no audit entry, no change announcement. Every heartbeat also deletes the records that
 * stopped counting, so the table holds about one row per open editor.
 */
import { presenceCutoff, type VersionPresence } from "#core/admin/presence/schema.ts";
import type { AdminServices } from "#server/content/context.ts";
import { notFound } from "#core/errors.ts";

async function requireVersionPlace(services: AdminServices, id: number, code: string): Promise<void> {
  const { db } = services.database;
  const article = await db.selectFrom("articles").select("id").where("id", "=", id).executeTakeFirst();
  if (!article) throw notFound("not_found", `id: no article ${id}.`, "id");
  const language = await db.selectFrom("languages").select("code").where("code", "=", code).executeTakeFirst();
  if (!language) throw notFound("not_found", `code: "${code}" is not a language of this site.`, "code");
}

/** `uid` has version `code` of article `id` open at `now`: records it and answers the others who have it open. */
export async function heartbeat(
  services: AdminServices,
  uid: string,
  id: number,
  code: string,
  now = new Date(),
): Promise<VersionPresence> {
  await requireVersionPlace(services, id, code);
  const { db } = services.database;
  const seenAt = now.toISOString();
  const cutoff = presenceCutoff(now);
  await db.deleteFrom("version_presence").where("seen_at", "<", cutoff).execute();
  await db
    .insertInto("version_presence")
    .values({ article_id: id, code, uid, seen_at: seenAt })
    .onConflict((conflict) => conflict.columns(["article_id", "code", "uid"]).doUpdateSet({ seen_at: seenAt }))
    .execute();
  const rows = await db
    .selectFrom("version_presence")
    .innerJoin("users", "users.uid", "version_presence.uid")
    .select(["version_presence.uid", "version_presence.seen_at", "users.display_name", "users.email"])
    .where("version_presence.article_id", "=", id)
    .where("version_presence.code", "=", code)
    .where("version_presence.uid", "<>", uid)
    .where("version_presence.seen_at", ">=", cutoff)
    .execute();
  const others = rows.map((row) => ({
    uid: row.uid,
    name: row.display_name ?? row.email ?? row.uid,
    seenAt: row.seen_at,
  }));
  return { others: others.sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid)) };
}

/** `uid` closed the editor of that version (or went to another one). Leaving twice is no error. */
export async function leave(services: AdminServices, uid: string, id: number, code: string): Promise<void> {
  await services.database.db
    .deleteFrom("version_presence")
    .where("article_id", "=", id)
    .where("code", "=", code)
    .where("uid", "=", uid)
    .execute();
}
