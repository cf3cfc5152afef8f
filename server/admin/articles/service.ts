/**
 * An article's own writes through the admin API (/admin/articles): create, change its fields (key, author,
 * cover, tags, source language: a change of source restates the translations' bases, decision 0168),
 * delete, and the pruning of articles left without a version (decision 0013). Each write is one
 * transaction with its audit entry (tag index kept, server/content/article-writes.ts), then the pages
 * showing the article are refreshed. Reads are in reads.ts, a version's writes in version-writes.ts.
 */
import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { Database } from "#server/db/schema.ts";
import type { DialectName } from "#server/db/connect.ts";
import { lockedForWrite } from "#server/db/locks.ts";
import { conflict, invalid } from "#core/errors.ts";
import { requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { replaceTags } from "#server/content/article-writes.ts";
import { loadTranslationState, storeTranslationState, textRevisions } from "#server/content/translation-state.ts";
import type { AdminArticle, CreateArticleInput, UpdateArticleInput } from "#core/admin/articles/schema.ts";
import { changeSource } from "#core/translation-status.ts";
import { mediaIdsUsed } from "#core/media-rules.ts";
import { requireMediaExist, syncMediaUsage } from "#server/media/usage.ts";
import { forgetVersionPublishing } from "#server/content/schedules.ts";
import { articleFields, requireArticle, toMeta } from "./reads.ts";

type Db = Kysely<Database> | Transaction<Database>;

const ARTICLE = "article";

/** The article a write of its fields changes, locked (PostgreSQL) and checked against the ETag the write was made from. */
async function currentArticle(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: number,
  preconditions: Preconditions,
): Promise<AdminArticle> {
  await lockedForWrite(trx.selectFrom("articles").select("id").where("id", "=", id), dialect).executeTakeFirst();
  const article = await requireArticle(trx, id);
  requireCurrent(preconditions, articleFields(article), `article ${id}`);
  return article;
}

async function assertKeyFree(db: Db, key: string, exceptId?: number): Promise<void> {
  const taken = await db
    .selectFrom("articles")
    .select("id")
    .where("key", "=", key)
    .$if(exceptId !== undefined, (builder) => builder.where("id", "<>", exceptId!))
    .executeTakeFirst();
  if (taken) throw conflict("conflict", `key: article ${taken.id} already uses the key "${key}".`, "key");
}

/** "article-3f9c2a1b": a key for an article created without one. */
async function freshKey(db: Db): Promise<string> {
  for (;;) {
    const key = `article-${randomBytes(4).toString("hex")}`;
    const taken = await db.selectFrom("articles").select("id").where("key", "=", key).executeTakeFirst();
    if (!taken) return key;
  }
}

const KEY_CONFLICT = { field: "key", message: "another article already uses this key." };

export async function createArticle(
  services: AdminServices,
  actorUid: string,
  input: CreateArticleInput,
): Promise<AdminArticle> {
  return writeContent(
    services,
    async (trx) => {
      if (input.key !== undefined) await assertKeyFree(trx, input.key);
      await requireMediaExist(trx, mediaIdsUsed(input.cover ?? null, []), "cover");
      const now = new Date().toISOString();
      const row = await trx
        .insertInto("articles")
        .values({
          key: input.key ?? (await freshKey(trx)),
          author: input.author,
          cover: input.cover ?? null,
          tags: JSON.stringify(input.tags),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await syncMediaUsage(trx, [row.id]);
      await replaceTags(trx, row.id, input.tags);
      const article: AdminArticle = { ...toMeta(row), versions: [] };
      await recordAudit(trx, {
        uid: actorUid,
        action: "create",
        entity: ARTICLE,
        entityId: String(row.id),
        after: article,
      });
      return article;
    },
    { conflict: KEY_CONFLICT, articles: { ids: [], created: (article) => article.id } },
  );
}

export async function updateArticle(
  services: AdminServices,
  actorUid: string,
  id: number,
  input: UpdateArticleInput,
  preconditions: Preconditions,
): Promise<AdminArticle> {
  return writeContent(
    services,
    async (trx) => {
      const before = await currentArticle(trx, services.database.dialect, id, preconditions);
      if (input.key !== undefined) await assertKeyFree(trx, input.key, id);
      if (input.cover !== undefined) await requireMediaExist(trx, mediaIdsUsed(input.cover, []), "cover");
      const now = new Date().toISOString();
      if (input.sourceLanguage !== undefined) {
        const code = input.sourceLanguage;
        if (!before.versions.some((version) => version.code === code)) {
          throw invalid(
            "invalid_field",
            `sourceLanguage: article ${id} has no version in "${code}"; write that version first.`,
            "sourceLanguage",
          );
        }
        const [state, texts] = await Promise.all([loadTranslationState(trx, id), textRevisions(trx, id)]);
        await storeTranslationState(trx, id, state, changeSource(state, code, texts), now);
      }
      const row = await trx
        .updateTable("articles")
        .set({
          ...(input.key !== undefined && { key: input.key }),
          ...(input.author !== undefined && { author: input.author }),
          ...(input.cover !== undefined && { cover: input.cover }),
          ...(input.tags !== undefined && { tags: JSON.stringify(input.tags) }),
          updated_at: now,
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (input.cover !== undefined) await syncMediaUsage(trx, [id]);
      if (input.tags !== undefined) await replaceTags(trx, id, input.tags);
      const { versions, ...metaBefore } = before;
      const metaAfter = toMeta(row);
      await recordAudit(trx, {
        uid: actorUid,
        action: "update",
        entity: ARTICLE,
        entityId: String(id),
        before: metaBefore,
        after: metaAfter,
      });
      return input.sourceLanguage === undefined ? { ...metaAfter, versions } : await requireArticle(trx, id);
    },
    { conflict: KEY_CONFLICT, articles: { ids: [id] } },
  );
}

export async function deleteArticle(
  services: AdminServices,
  actorUid: string,
  id: number,
  preconditions: Preconditions,
): Promise<void> {
  await writeContent(
    services,
    async (trx) => {
      const before = await currentArticle(trx, services.database.dialect, id, preconditions);
      // Explicitly rather than through ON DELETE CASCADE, so the write does not depend on SQLite's foreign_keys pragma.
      // History first: deleting a version gives its revisions their text back (migration 0061), not needed here.
      await trx.deleteFrom("article_revisions").where("article_id", "=", id).execute();
      await trx.deleteFrom("article_versions").where("article_id", "=", id).execute();
      await trx.deleteFrom("media_usage").where("article_id", "=", id).execute();
      await forgetVersionPublishing(trx, id);
      await replaceTags(trx, id, []);
      await trx.deleteFrom("articles").where("id", "=", id).execute();
      await recordAudit(trx, { uid: actorUid, action: "delete", entity: ARTICLE, entityId: String(id), before });
    },
    { articles: { ids: [id] } },
  );
}

/** Empty articles deleted per round at most: the next round (an hour later) takes the rest. */
const PRUNE_BATCH = 200;

/**
 * Deletes articles that have had no version for `hours` since their last change: what an
 * admin leaves behind by pressing "Create article" and never writing a version
 * (decision 0013). Each is audited with the site as the actor, so it can be looked up.
 */
export async function pruneEmptyArticles(services: AdminServices, hours: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - hours * 60 * 60 * 1000).toISOString();
  let pruned: AdminArticle[] = [];
  await writeContent(
    services,
    async (trx) => {
      const rows = await trx
        .selectFrom("articles")
        .selectAll()
        .where("updated_at", "<", cutoff)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("article_versions")
                .select("article_versions.id")
                .whereRef("article_versions.article_id", "=", "articles.id"),
            ),
          ),
        )
        .orderBy("id")
        .limit(PRUNE_BATCH)
        .execute();
      if (rows.length === 0) return;
      const ids = rows.map((row) => row.id);
      await trx.deleteFrom("media_usage").where("article_id", "in", ids).execute();
      await trx.deleteFrom("article_tags").where("article_id", "in", ids).execute();
      await trx.deleteFrom("articles").where("id", "in", ids).execute();
      pruned = rows.map((row) => ({ ...toMeta(row), versions: [] }));
      for (const article of pruned) {
        await recordAudit(trx, {
          uid: null,
          action: "prune",
          entity: ARTICLE,
          entityId: String(article.id),
          before: article,
          after: { reason: `no version for ${hours} hours` },
        });
      }
    },
    // Nothing public changes: an article without a version is on no page.
    { changedContent: () => false },
  );
  return pruned.length;
}
