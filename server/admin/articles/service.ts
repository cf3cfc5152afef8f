/**
 * Articles as admins manage them (/admin/articles): every version in every
 * state, not only the published ones the public site shows. Each write is
 * one transaction with its audit entry (Markdown rendered at save, tag index
 * kept, server/content/article-writes.ts), then the pages showing the article are refreshed.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { AdminServices } from "#server/context.ts";
import { slugify } from "#core/text.ts";
import type { BlogRow, BlogVersionRow, Database } from "#server/db/schema.ts";
import type { DialectName } from "#server/db/connect.ts";
import { lockedForWrite } from "#server/db/locks.ts";
import { HttpError } from "#server/http/errors.ts";
import { entityTag, requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/admin/audit.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { replaceTags } from "#server/content/article-writes.ts";
import { loadTranslationState, storeTranslationState, textRevisions } from "#server/content/translation-state.ts";
import * as versions from "#server/content/versions.ts";
import type { VersionWrite } from "#server/content/versions.ts";
import { versionOf } from "#server/content/version-reads.ts";
import { versionsOf } from "#server/content/articles.ts";
import {
  ARTICLES_PAGE_SIZE,
  currentSourceText,
  type AdminArticle,
  type AdminArticlePage,
  type ArticleFields,
  type AdminVersionDetail,
  type CreateArticleInput,
  type ListArticlesQuery,
  type SourceChanges,
  type SourceText,
  type UpdateArticleInput,
  type VersionInput,
} from "#core/admin/articles/schema.ts";
import { changeSource, translationStatus, type TranslationState } from "#core/translation-status.ts";
import { mediaIdsUsed } from "#core/media-rules.ts";
import { requireMediaExist, syncMediaUsage } from "#server/media/usage.ts";
import { inScope, ownReading, versionsReading } from "#core/auth/reading.ts";
import type { Grant } from "#core/auth/roles.ts";
import { forbidden } from "#server/auth/access.ts";
import { forgetVersionPublishing } from "#server/admin/publishing/schedules.ts";

type Db = Kysely<Database> | Transaction<Database>;

const ARTICLE = "article";

/** What the status rules need of an article: its source, revision and each version's base. */
function stateOf(blog: Pick<BlogRow, "source_code" | "source_revision">, versions: readonly Pick<BlogVersionRow, "code" | "base_revision">[]): TranslationState {
  return { source: blog.source_code, revision: blog.source_revision, bases: new Map(versions.map((version) => [version.code, version.base_revision])) };
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
    sourceLanguage: row.source_code,
    sourceRevision: row.source_revision,
    sourceChangedAt: row.source_changed_at,
  };
}

/** The article's own fields, whose ETag the details form saves with (decision 0151). */
export function articleFields(article: AdminArticle): ArticleFields {
  return { id: article.id, key: article.key, author: article.author, cover: article.cover, tags: article.tags, sourceLanguage: article.sourceLanguage };
}

/** The ETag of the article's own fields. */
export function articleFieldsTag(article: AdminArticle): string {
  return entityTag(articleFields(article));
}

/** The article a write of its fields changes, locked (PostgreSQL) and checked against the ETag the write was made from. */
async function currentArticle(trx: Transaction<Database>, dialect: DialectName, id: number, preconditions: Preconditions): Promise<AdminArticle> {
  await lockedForWrite(trx.selectFrom("blogs").select("id").where("id", "=", id), dialect).executeTakeFirst();
  const article = await requireArticle(trx, id);
  requireCurrent(preconditions, articleFields(article), `article ${id}`);
  return article;
}

function notFound(id: number): HttpError {
  return new HttpError(404, "not_found", `id: no article ${id}.`, "id");
}

async function requireLanguage(db: Db, code: string, field: string): Promise<void> {
  const language = await db.selectFrom("languages").select("code").where("code", "=", code).executeTakeFirst();
  if (!language) throw new HttpError(400, "invalid_field", `${field}: "${code}" is not a language of this site.`, field);
}

/**
 * The article as `reader` may read it (decision 0147): a translator gets the versions in their
 * languages and the article's source version, no other; everyone else every version.
 */
export function articleAsReadBy<T extends { sourceLanguage: string | null; versions: readonly { code: string }[] }>(reader: Grant | null, article: T): T {
  const scope = versionsReading(reader, article.sourceLanguage);
  return scope === "all" ? article : { ...article, versions: article.versions.filter((version) => inScope(scope, version.code)) };
}

/**
 * A page of articles with a version matching the filters (all articles without filters), most
 * recently changed first, by keyset on (updated_at, id): every page costs the same. Translation
 * statuses filter on the stored base flags (blog_versions_translation_index); Missing is the
 * absence of a version, probed per article on the (blog_id, code) key.
 */
export async function listArticles(services: AdminServices, query: ListArticlesQuery, reader: Grant | null): Promise<AdminArticlePage> {
  const { db } = services.database;
  if (query.language !== undefined) await requireLanguage(db, query.language, "language");
  const { language, status, after } = query;
  // A translator filters by their own languages only, and an unnamed language means one of theirs:
  // which articles have a draft, or lack a version, elsewhere is not theirs to learn.
  const ownScope = ownReading(reader);
  if (language !== undefined && !inScope(ownScope, language)) throw forbidden("read", language);
  const ownCodes = ownScope === "all" || language !== undefined ? null : [...(reader?.languages ?? [])];
  const blogs = await db
    .selectFrom("blogs")
    .selectAll()
    .$if(after !== undefined, (builder) => builder.where(sql<boolean>`(updated_at, id) < (${after!.updatedAt}, ${after!.id})`))
    .$if(status !== undefined || language !== undefined, (builder) =>
      builder.where((eb) => {
        const versions = eb
          .selectFrom("blog_versions")
          .select("blog_versions.id")
          .whereRef("blog_versions.blog_id", "=", "blogs.id")
          .$if(language !== undefined, (inner) => inner.where("blog_versions.code", "=", language!))
          .$if(ownCodes !== null, (inner) => inner.where("blog_versions.code", "in", ownCodes!.length > 0 ? ownCodes! : [""]));
        if (status === "missing") return eb.not(eb.exists(versions));
        if (status === "pending") {
          return eb.exists(
            eb
              .selectFrom("blog_drafts")
              .select("blog_drafts.blog_id")
              .whereRef("blog_drafts.blog_id", "=", "blogs.id")
              .$if(language !== undefined, (inner) => inner.where("blog_drafts.code", "=", language!))
              .$if(ownCodes !== null, (inner) => inner.where("blog_drafts.code", "in", ownCodes!.length > 0 ? ownCodes! : [""])),
          );
        }
        return eb.exists(
          versions
            .$if(status === "draft", (inner) => inner.where("blog_versions.status", "=", "draft"))
            .$if(status === "published" || status === "current" || status === "outdated", (inner) => inner.where("blog_versions.status", "=", "published"))
            .$if(status === "current", (inner) => inner.where("blog_versions.outdated", "=", 0))
            .$if(status === "outdated", (inner) => inner.where("blog_versions.outdated", "=", 1)),
        );
      }),
    )
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(ARTICLES_PAGE_SIZE + 1)
    .execute();
  const page = blogs.slice(0, ARTICLES_PAGE_SIZE);
  const last = page.at(-1);
  const next = blogs.length > ARTICLES_PAGE_SIZE && last ? `${last.updated_at}_${last.id}` : null;
  if (page.length === 0) return { articles: [], next };
  const ids = page.map((blog) => blog.id);
  const [byArticle, drafts] = await Promise.all([
    versionsOf(db, ids, ["code", "slug", "title", "status", "published_at", "updated_at", "base_revision"]),
    pendingVersions(db, ids),
  ]);
  return {
    next,
    articles: page.map((blog) => {
      const versions = byArticle.get(blog.id) ?? [];
      const state = stateOf(blog, versions);
      return articleAsReadBy(reader, {
        ...toMeta(blog),
        versions: versions.map((version) => {
          const published = version.status === "published" ? "published" : "draft";
          return {
            code: version.code,
            slug: version.slug,
            title: version.title,
            status: published,
            publishedAt: version.published_at,
            updatedAt: version.updated_at,
            baseRevision: version.base_revision,
            translation: translationStatus(state, version.code, published),
            pendingChanges: drafts.has(`${blog.id}:${version.code}`),
          };
        }),
      });
    }),
  };
}

/** The versions of these articles with pending changes, as "id:code". */
export async function pendingVersions(db: Db, ids: readonly number[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("blog_drafts").select(["blog_id", "code"]).where("blog_id", "in", ids).execute();
  return new Set(rows.map((row) => `${row.blog_id}:${row.code}`));
}

export async function findArticle(services: AdminServices, id: number): Promise<AdminArticle | null> {
  return readArticle(services.database.db, id);
}

async function readArticle(db: Db, id: number): Promise<AdminArticle | null> {
  const blog = await db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!blog) return null;
  const versions = await db.selectFrom("blog_versions").selectAll().where("blog_id", "=", id).orderBy("code").execute();
  const state = stateOf(blog, versions);
  return { ...toMeta(blog), versions: versions.map((version) => versionOf(version, state)) };
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

export async function updateArticle(services: AdminServices, actorUid: string, id: number, input: UpdateArticleInput, preconditions: Preconditions): Promise<AdminArticle> {
  return writeContent(services, async (trx) => {
    const before = await currentArticle(trx, services.database.dialect, id, preconditions);
    if (input.key !== undefined) await assertKeyFree(trx, input.key, id);
    if (input.cover !== undefined) await requireMediaExist(trx, mediaIdsUsed(input.cover, []), "cover");
    const now = new Date().toISOString();
    if (input.sourceLanguage !== undefined) {
      const code = input.sourceLanguage;
      if (!before.versions.some((version) => version.code === code)) {
        throw new HttpError(400, "invalid_field", `sourceLanguage: article ${id} has no version in "${code}"; write that version first.`, "sourceLanguage");
      }
      const [state, texts] = await Promise.all([loadTranslationState(trx, id), textRevisions(trx, id)]);
      await storeTranslationState(trx, id, state, changeSource(state, code, texts), now);
    }
    const row = await trx
      .updateTable("blogs")
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
    await recordAudit(trx, { uid: actorUid, action: "update", entity: ARTICLE, entityId: String(id), before: metaBefore, after: metaAfter });
    return input.sourceLanguage === undefined ? { ...metaAfter, versions } : await requireArticle(trx, id);
  }, { conflict: KEY_CONFLICT, articles: { ids: [id] } });
}

/** Who writes a version through the admin API, and what the request was made from (If-Match). */
export interface VersionRequest {
  actorUid: string;
  preconditions: Preconditions;
  /** The publish right in the version's language (decision 0072). */
  mayPublish: boolean;
}

function versionWrite(services: AdminServices, request: VersionRequest): VersionWrite {
  return { services, preconditions: request.preconditions, actor: { uid: request.actorUid, auditUid: request.actorUid, mayPublish: request.mayPublish } };
}

/** The 409 a slug taken by a concurrent write becomes. */
export function slugConflict(code: string, input: Pick<VersionInput, "slug" | "title">) {
  const slug = input.slug || slugify(input.title);
  return { field: "slug", message: `another article in ${code} already uses the slug "${slug}"; choose another.` };
}

/** A version write's answer: the version as its GET answers it, and the article (as the screens read it). */
export interface VersionWritten {
  article: AdminArticle;
  version: AdminVersionDetail;
}

/**
 * Creates or replaces one language version, or saves pending changes beside a published one
 * (server/content/versions.ts saveVersion): one transaction, the article's pages refreshed when
 * the public text changed. `restoredFrom`: a restore of that revision.
 */
export async function saveVersion(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
  input: VersionInput,
  restoredFrom?: number,
): Promise<VersionWritten & { created: boolean }> {
  try {
    return await writeContent(
      services,
      async (trx) => {
        const saved = await versions.saveVersion(trx, versionWrite(services, request), id, code, input, restoredFrom);
        return { ...saved, article: await requireArticle(trx, id) };
      },
      { conflict: slugConflict(code, input), articles: { ids: [id] }, changedContent: (saved) => saved.changedPublic },
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) await versions.refuseCreatedMeanwhile(services.database.db, request.preconditions, id, code);
    throw error;
  }
}

export async function deleteVersion(services: AdminServices, request: VersionRequest, id: number, code: string): Promise<void> {
  await writeContent(services, (trx) => versions.deleteVersion(trx, versionWrite(services, request), id, code), { articles: { ids: [id] } });
}

/** One of a version's own actions (publish, unpublish, discard, mark up to date) through writeContent, answered with the article. */
export async function versionAction(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
  action: (trx: Transaction<Database>, write: VersionWrite, id: number, code: string) => Promise<AdminVersionDetail>,
  { changesPublic = true } = {},
): Promise<VersionWritten> {
  return writeContent(
    services,
    async (trx) => ({ version: await action(trx, versionWrite(services, request), id, code), article: await requireArticle(trx, id) }),
    { articles: { ids: [id] }, changedContent: () => changesPublic },
  );
}

/**
 * A translator checked the version in `code` against the current source and it needs no change:
 * its base becomes the current revision (Up to date), its text and dates stay. The publish right; audited.
 */
export async function markVersionUpToDate(services: AdminServices, request: VersionRequest, id: number, code: string): Promise<VersionWritten> {
  return versionAction(services, request, id, code, versions.markVersionUpToDate);
}

function sourceText(row: { code: string; revision: number; title: string; summary: string; body: string; cover_alt: string; at: string }): SourceText {
  return { code: row.code, revision: row.revision, title: row.title, summary: row.summary, body: row.body, coverAlt: row.cover_alt, at: row.at };
}

/** The source's text at these revisions, where still kept (pruned once no version is based on them). */
export async function sourceRevisions(services: AdminServices, id: number, revisions: number[]): Promise<Record<number, SourceText>> {
  if (revisions.length === 0) return {};
  const rows = await services.database.db
    .selectFrom("blog_source_revisions")
    .select(["code", "revision", "title", "summary", "body", "cover_alt", "created_at as at"])
    .where("blog_id", "=", id)
    .where("revision", "in", revisions)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.revision, sourceText(row)]));
}

/** The source's text now and at the revision the version in `code` was made from (null when that revision is no longer kept). */
export async function sourceChanges(services: AdminServices, id: number, code: string): Promise<SourceChanges> {
  const article = await findArticle(services, id);
  if (!article) throw notFound(id);
  const version = article.versions.find((candidate) => candidate.code === code);
  if (!version) throw new HttpError(404, "not_found", `code: article ${id} has no ${code} version.`, "code");
  const source = article.versions.find((candidate) => candidate.code === article.sourceLanguage)!;
  const kept = await sourceRevisions(services, id, [version.baseRevision]);
  return {
    base: kept[version.baseRevision] ?? null,
    current: currentSourceText(article, source),
  };
}

export async function deleteArticle(services: AdminServices, actorUid: string, id: number, preconditions: Preconditions): Promise<void> {
  await writeContent(services, async (trx) => {
    const before = await currentArticle(trx, services.database.dialect, id, preconditions);
    // Explicitly rather than through ON DELETE CASCADE, so the write does not depend on SQLite's foreign_keys pragma.
    await trx.deleteFrom("blog_versions").where("blog_id", "=", id).execute();
    await trx.deleteFrom("media_usage").where("blog_id", "=", id).execute();
    await forgetVersionPublishing(trx, id);
    await trx.deleteFrom("blog_revisions").where("blog_id", "=", id).execute();
    await replaceTags(trx, id, []);
    await trx.deleteFrom("blogs").where("id", "=", id).execute();
    await recordAudit(trx, { uid: actorUid, action: "delete", entity: ARTICLE, entityId: String(id), before });
  }, { articles: { ids: [id] } });
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
        .selectFrom("blogs")
        .selectAll()
        .where("updated_at", "<", cutoff)
        .where((eb) => eb.not(eb.exists(eb.selectFrom("blog_versions").select("blog_versions.id").whereRef("blog_versions.blog_id", "=", "blogs.id"))))
        .orderBy("id")
        .limit(PRUNE_BATCH)
        .execute();
      if (rows.length === 0) return;
      const ids = rows.map((row) => row.id);
      await trx.deleteFrom("media_usage").where("blog_id", "in", ids).execute();
      await trx.deleteFrom("blog_tags").where("blog_id", "in", ids).execute();
      await trx.deleteFrom("blogs").where("id", "in", ids).execute();
      pruned = rows.map((row) => ({ ...toMeta(row), versions: [] }));
      for (const article of pruned) {
        await recordAudit(trx, { uid: null, action: "prune", entity: ARTICLE, entityId: String(article.id), before: article, after: { reason: `no version for ${hours} hours` } });
      }
    },
    // Nothing public changes: an article without a version is on no page.
    { changedContent: () => false },
  );
  return pruned.length;
}
