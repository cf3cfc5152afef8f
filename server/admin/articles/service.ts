/**
 * Articles as admins manage them (/admin/articles): every version in every
 * state, not only the published ones the public site shows. Each write is
 * one transaction with its audit entry (Markdown rendered at save, tag index
 * kept, server/content/article-writes.ts), then the pages showing the article are refreshed.
 */
import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { AdminServices } from "#server/context.ts";
import { slugify } from "#core/text.ts";
import type { BlogRow, BlogVersionRow, Database } from "#server/db/schema.ts";
import { HttpError } from "#server/http/errors.ts";
import { recordAudit } from "#server/admin/audit.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { replaceTags, versionColumns } from "#server/content/article-writes.ts";
import { renderVersionFrom } from "#server/content/rendering.ts";
import type {
  AdminArticle,
  AdminArticleSummary,
  AdminArticleVersion,
  CreateArticleInput,
  ListArticlesQuery,
  UpdateArticleInput,
  VersionInput,
} from "#core/admin/articles/schema.ts";
import { mediaIdsUsed } from "#core/media-rules.ts";
import { requireMediaExist, syncMediaUsage } from "#server/media/usage.ts";

type Db = Kysely<Database> | Transaction<Database>;

const ARTICLE = "article";
const ARTICLE_VERSION = "article_version";

function toVersion(row: BlogVersionRow): AdminArticleVersion {
  return {
    code: row.code,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    coverAlt: row.cover_alt,
    status: row.status === "published" ? "published" : "draft",
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
  };
}

type ArticleMeta = Omit<AdminArticle, "versions">;

function toMeta(row: BlogRow): ArticleMeta {
  return {
    id: row.id,
    key: row.key,
    author: row.author,
    cover: row.cover,
    tags: JSON.parse(row.tags) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function notFound(id: number): HttpError {
  return new HttpError(404, "not_found", `id: no article ${id}.`, "id");
}

async function requireLanguage(db: Db, code: string, field: string): Promise<void> {
  const language = await db.selectFrom("languages").select("code").where("code", "=", code).executeTakeFirst();
  if (!language) throw new HttpError(400, "invalid_field", `${field}: "${code}" is not a language of this site.`, field);
}

/** Articles with a version matching the filters (all articles without filters), most recently changed first. */
export async function listArticles(services: AdminServices, query: ListArticlesQuery): Promise<AdminArticleSummary[]> {
  const { db } = services.database;
  if (query.language !== undefined) await requireLanguage(db, query.language, "language");
  const filtered = query.language !== undefined || query.status !== undefined;
  const blogs = await db
    .selectFrom("blogs")
    .selectAll()
    .$if(filtered, (builder) =>
      builder.where((eb) =>
        eb.exists(
          eb
            .selectFrom("blog_versions")
            .select("blog_versions.id")
            .whereRef("blog_versions.blog_id", "=", "blogs.id")
            .$if(query.language !== undefined, (versions) => versions.where("blog_versions.code", "=", query.language!))
            .$if(query.status !== undefined, (versions) => versions.where("blog_versions.status", "=", query.status!)),
        ),
      ),
    )
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  if (blogs.length === 0) return [];
  const versions = await db
    .selectFrom("blog_versions")
    .select(["blog_id", "code", "slug", "title", "status", "published_at", "updated_at"])
    .where(
      "blog_id",
      "in",
      blogs.map((blog) => blog.id),
    )
    .orderBy("code")
    .execute();
  const byArticle = Map.groupBy(versions, (version) => version.blog_id);
  return blogs.map((blog) => {
    return {
      ...toMeta(blog),
      versions: (byArticle.get(blog.id) ?? []).map((version) => ({
        code: version.code,
        slug: version.slug,
        title: version.title,
        status: version.status === "published" ? "published" : "draft",
        publishedAt: version.published_at,
        updatedAt: version.updated_at,
      })),
    };
  });
}

export async function findArticle(services: AdminServices, id: number): Promise<AdminArticle | null> {
  return readArticle(services.database.db, id);
}

async function readArticle(db: Db, id: number): Promise<AdminArticle | null> {
  const blog = await db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!blog) return null;
  const versions = await db.selectFrom("blog_versions").selectAll().where("blog_id", "=", id).orderBy("code").execute();
  return { ...toMeta(blog), versions: versions.map(toVersion) };
}

async function requireArticle(db: Db, id: number): Promise<AdminArticle> {
  const article = await readArticle(db, id);
  if (!article) throw notFound(id);
  return article;
}

async function assertKeyFree(db: Db, key: string, exceptId?: number): Promise<void> {
  const taken = await db
    .selectFrom("blogs")
    .select("id")
    .where("key", "=", key)
    .$if(exceptId !== undefined, (builder) => builder.where("id", "<>", exceptId!))
    .executeTakeFirst();
  if (taken) throw new HttpError(409, "conflict", `key: article ${taken.id} already uses the key "${key}".`, "key");
}

/** "article-3f9c2a1b": a key for an article created without one. */
async function freshKey(db: Db): Promise<string> {
  for (;;) {
    const key = `article-${randomBytes(4).toString("hex")}`;
    const taken = await db.selectFrom("blogs").select("id").where("key", "=", key).executeTakeFirst();
    if (!taken) return key;
  }
}

const KEY_CONFLICT = { field: "key", message: "another article already uses this key." };

export async function createArticle(services: AdminServices, actorUid: string, input: CreateArticleInput): Promise<AdminArticle> {
  return writeContent(services, async (trx) => {
    if (input.key !== undefined) await assertKeyFree(trx, input.key);
    await requireMediaExist(trx, mediaIdsUsed(input.cover ?? null, []), "cover");
    const now = new Date().toISOString();
    const row = await trx
      .insertInto("blogs")
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
    await recordAudit(trx, { uid: actorUid, action: "create", entity: ARTICLE, entityId: String(row.id), after: article });
    return article;
  }, { conflict: KEY_CONFLICT, articles: { ids: [], created: (article) => article.id } });
}

export async function updateArticle(services: AdminServices, actorUid: string, id: number, input: UpdateArticleInput): Promise<AdminArticle> {
  return writeContent(services, async (trx) => {
    const before = await requireArticle(trx, id);
    if (input.key !== undefined) await assertKeyFree(trx, input.key, id);
    if (input.cover !== undefined) await requireMediaExist(trx, mediaIdsUsed(input.cover, []), "cover");
    const row = await trx
      .updateTable("blogs")
      .set({
        ...(input.key !== undefined && { key: input.key }),
        ...(input.author !== undefined && { author: input.author }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.tags !== undefined && { tags: JSON.stringify(input.tags) }),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (input.cover !== undefined) await syncMediaUsage(trx, [id]);
    if (input.tags !== undefined) await replaceTags(trx, id, input.tags);
    const { versions, ...metaBefore } = before;
    const metaAfter = toMeta(row);
    await recordAudit(trx, { uid: actorUid, action: "update", entity: ARTICLE, entityId: String(id), before: metaBefore, after: metaAfter });
    return { ...metaAfter, versions };
  }, { conflict: KEY_CONFLICT, articles: { ids: [id] } });
}

/** Creates or replaces one language version. The slug comes from the title when none is given and is unique per language. */
export async function saveVersion(
  services: AdminServices,
  actorUid: string,
  id: number,
  code: string,
  input: VersionInput,
): Promise<{ article: AdminArticle; created: boolean }> {
  const slug = input.slug || slugify(input.title);
  const conflictMessage = `another article in ${code} already uses the slug "${slug}"; choose another.`;
  return writeContent(services, async (trx) => {
    const article = await requireArticle(trx, id);
    await requireLanguage(trx, code, "code");
    await requireMediaExist(trx, mediaIdsUsed(null, [input.body]), "body");
    const taken = await trx
      .selectFrom("blog_versions")
      .select("blog_id")
      .where("code", "=", code)
      .where("slug", "=", slug)
      .where("blog_id", "<>", id)
      .executeTakeFirst();
    if (taken) throw new HttpError(409, "conflict", `slug: article ${taken.blog_id} in ${code} already uses the slug "${slug}"; choose another.`, "slug");

    const before = article.versions.find((version) => version.code === code);
    const now = new Date().toISOString();
    const values = versionColumns({ ...input, slug }, before?.publishedAt, now, await renderVersionFrom(trx, input.body, code));
    const row = before
      ? await trx.updateTable("blog_versions").set(values).where("blog_id", "=", id).where("code", "=", code).returningAll().executeTakeFirstOrThrow()
      : await trx.insertInto("blog_versions").values({ blog_id: id, code, ...values }).returningAll().executeTakeFirstOrThrow();
    await trx.updateTable("blogs").set({ updated_at: now }).where("id", "=", id).execute();
    await syncMediaUsage(trx, [id]);
    const after = toVersion(row);
    await recordAudit(trx, {
      uid: actorUid,
      action: before ? "update" : "create",
      entity: ARTICLE_VERSION,
      entityId: `${id}:${code}`,
      before,
      after,
    });
    return { article: await requireArticle(trx, id), created: before === undefined };
  }, { conflict: { field: "slug", message: conflictMessage }, articles: { ids: [id] } });
}

export async function deleteVersion(services: AdminServices, actorUid: string, id: number, code: string): Promise<void> {
  await writeContent(services, async (trx) => {
    const article = await requireArticle(trx, id);
    const before = article.versions.find((version) => version.code === code);
    if (!before) throw new HttpError(404, "not_found", `code: article ${id} has no ${code} version.`, "code");
    await trx.deleteFrom("blog_versions").where("blog_id", "=", id).where("code", "=", code).execute();
    await trx.updateTable("blogs").set({ updated_at: new Date().toISOString() }).where("id", "=", id).execute();
    await syncMediaUsage(trx, [id]);
    await recordAudit(trx, { uid: actorUid, action: "delete", entity: ARTICLE_VERSION, entityId: `${id}:${code}`, before });
  }, { articles: { ids: [id] } });
}

export async function deleteArticle(services: AdminServices, actorUid: string, id: number): Promise<void> {
  await writeContent(services, async (trx) => {
    const before = await requireArticle(trx, id);
    // Explicitly rather than through ON DELETE CASCADE, so the write does not depend on SQLite's foreign_keys pragma.
    await trx.deleteFrom("blog_versions").where("blog_id", "=", id).execute();
    await trx.deleteFrom("media_usage").where("blog_id", "=", id).execute();
    await replaceTags(trx, id, []);
    await trx.deleteFrom("blogs").where("id", "=", id).execute();
    await recordAudit(trx, { uid: actorUid, action: "delete", entity: ARTICLE, entityId: String(id), before });
  }, { articles: { ids: [id] } });
}
