/**
 * Articles as admins read them (/admin/articles): every version in every state, not only the published
 * ones the public site shows. A page of the list with its filters, one article with its versions'
 * translation statuses, its own fields and their ETag (decision 0151), what a translator may see of it
 * (decision 0147), and the source's text the translation panel compares. Reads only: the article writes
 * are in service.ts, the version writes in version-writes.ts.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { ArticleRow, ArticleVersionRow, Database } from "#server/db/schema.ts";
import { type AppError, invalid, notFound } from "#core/errors.ts";
import { entityTag } from "#server/http/preconditions.ts";
import { versionOf } from "#server/content/version-reads.ts";
import { versionsOf } from "#server/content/archive-reads.ts";
import {
  ARTICLES_PAGE_SIZE,
  currentSourceText,
  type AdminArticle,
  type AdminArticlePage,
  type ArticleFields,
  type ListArticlesQuery,
  type SourceChanges,
  type SourceText,
} from "#core/admin/articles/schema.ts";
import { translationStatus, type TranslationState } from "#core/translation-status.ts";
import { inScope, ownReading, versionsReading } from "#core/auth/reading.ts";
import type { Grant } from "#core/auth/roles.ts";
import { notPermitted } from "#server/auth/access.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** What the status rules need of an article: its source, revision and each version's base. */
function stateOf(
  blog: Pick<ArticleRow, "source_code" | "source_revision">,
  versions: readonly Pick<ArticleVersionRow, "code" | "base_revision">[],
): TranslationState {
  return {
    source: blog.source_code,
    revision: blog.source_revision,
    bases: new Map(versions.map((version) => [version.code, version.base_revision])),
  };
}

type ArticleMeta = Omit<AdminArticle, "versions">;

export function toMeta(row: ArticleRow): ArticleMeta {
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
  return {
    id: article.id,
    key: article.key,
    author: article.author,
    cover: article.cover,
    tags: article.tags,
    sourceLanguage: article.sourceLanguage,
  };
}

/** The ETag of the article's own fields. */
export function articleFieldsTag(article: AdminArticle): string {
  return entityTag(articleFields(article));
}

function noArticle(id: number): AppError {
  return notFound("not_found", `id: no article ${id}.`, "id");
}

async function requireLanguage(db: Db, code: string, field: string): Promise<void> {
  const language = await db.selectFrom("languages").select("code").where("code", "=", code).executeTakeFirst();
  if (!language) throw invalid("invalid_field", `${field}: "${code}" is not a language of this site.`, field);
}

/**
 * The article as `reader` may read it (decision 0147): a translator gets the versions in their
 * languages and the article's source version, no other; everyone else every version.
 */
export function articleAsReadBy<T extends { sourceLanguage: string | null; versions: readonly { code: string }[] }>(
  reader: Grant | null,
  article: T,
): T {
  const scope = versionsReading(reader, article.sourceLanguage);
  return scope === "all"
    ? article
    : { ...article, versions: article.versions.filter((version) => inScope(scope, version.code)) };
}

/**
 * A page of articles with a version matching the filters (all articles without filters), most
 * recently changed first, by keyset on (updated_at, id): every page costs the same. Translation
 * statuses filter on the stored base flags (article_versions_translation_index); Missing is the
 * absence of a version, probed per article on the (article_id, code) key.
 */
export async function listArticles(
  services: AdminServices,
  query: ListArticlesQuery,
  reader: Grant | null,
): Promise<AdminArticlePage> {
  const { db } = services.database;
  if (query.language !== undefined) await requireLanguage(db, query.language, "language");
  const { language, status, after } = query;
  // A translator filters by their own languages only, and an unnamed language means one of theirs:
  // which articles have a draft, or lack a version, elsewhere is not theirs to learn.
  const ownScope = ownReading(reader);
  if (language !== undefined && !inScope(ownScope, language)) throw notPermitted("read", language);
  const ownCodes = ownScope === "all" || language !== undefined ? null : [...(reader?.languages ?? [])];
  const blogs = await db
    .selectFrom("articles")
    .selectAll()
    .$if(after !== undefined, (builder) =>
      builder.where(sql<boolean>`(updated_at, id) < (${after!.updatedAt}, ${after!.id})`),
    )
    .$if(status !== undefined || language !== undefined, (builder) =>
      builder.where((eb) => {
        const versions = eb
          .selectFrom("article_versions")
          .select("article_versions.id")
          .whereRef("article_versions.article_id", "=", "articles.id")
          .$if(language !== undefined, (inner) => inner.where("article_versions.code", "=", language!))
          .$if(ownCodes !== null, (inner) =>
            inner.where("article_versions.code", "in", ownCodes!.length > 0 ? ownCodes! : [""]),
          );
        if (status === "missing") return eb.not(eb.exists(versions));
        if (status === "pending") {
          return eb.exists(
            eb
              .selectFrom("article_drafts")
              .select("article_drafts.article_id")
              .whereRef("article_drafts.article_id", "=", "articles.id")
              .$if(language !== undefined, (inner) => inner.where("article_drafts.code", "=", language!))
              .$if(ownCodes !== null, (inner) =>
                inner.where("article_drafts.code", "in", ownCodes!.length > 0 ? ownCodes! : [""]),
              ),
          );
        }
        return eb.exists(
          versions
            .$if(status === "draft", (inner) => inner.where("article_versions.status", "=", "draft"))
            .$if(status === "published" || status === "current" || status === "outdated", (inner) =>
              inner.where("article_versions.status", "=", "published"),
            )
            .$if(status === "current", (inner) => inner.where("article_versions.outdated", "=", 0))
            .$if(status === "outdated", (inner) => inner.where("article_versions.outdated", "=", 1)),
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
  const rows = await db
    .selectFrom("article_drafts")
    .select(["article_id", "code"])
    .where("article_id", "in", ids)
    .execute();
  return new Set(rows.map((row) => `${row.article_id}:${row.code}`));
}

export async function findArticle(services: AdminServices, id: number): Promise<AdminArticle | null> {
  return readArticle(services.database.db, id);
}

async function readArticle(db: Db, id: number): Promise<AdminArticle | null> {
  const blog = await db.selectFrom("articles").selectAll().where("id", "=", id).executeTakeFirst();
  if (!blog) return null;
  const versions = await db
    .selectFrom("article_versions")
    .selectAll()
    .where("article_id", "=", id)
    .orderBy("code")
    .execute();
  const state = stateOf(blog, versions);
  return { ...toMeta(blog), versions: versions.map((version) => versionOf(version, state)) };
}

export async function requireArticle(db: Db, id: number): Promise<AdminArticle> {
  const article = await readArticle(db, id);
  if (!article) throw noArticle(id);
  return article;
}

function sourceText(row: {
  code: string;
  revision: number;
  title: string;
  summary: string;
  body: string;
  cover_alt: string;
  at: string;
}): SourceText {
  return {
    code: row.code,
    revision: row.revision,
    title: row.title,
    summary: row.summary,
    body: row.body,
    coverAlt: row.cover_alt,
    at: row.at,
  };
}

/** The source's text at these revisions, where still kept (pruned once no version is based on them). */
export async function sourceRevisions(
  services: AdminServices,
  id: number,
  revisions: number[],
): Promise<Record<number, SourceText>> {
  if (revisions.length === 0) return {};
  const rows = await services.database.db
    .selectFrom("article_source_revisions")
    .select(["code", "revision", "title", "summary", "body", "cover_alt", "created_at as at"])
    .where("article_id", "=", id)
    .where("revision", "in", revisions)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.revision, sourceText(row)]));
}

/** The source's text now and at the revision the version in `code` was made from (null when that revision is no longer kept). */
export async function sourceChanges(services: AdminServices, id: number, code: string): Promise<SourceChanges> {
  const article = await findArticle(services, id);
  if (!article) throw noArticle(id);
  const version = article.versions.find((candidate) => candidate.code === code);
  if (!version) throw notFound("not_found", `code: article ${id} has no ${code} version.`, "code");
  const source = article.versions.find((candidate) => candidate.code === article.sourceLanguage)!;
  const kept = await sourceRevisions(services, id, [version.baseRevision]);
  return {
    base: kept[version.baseRevision] ?? null,
    current: currentSourceText(article, source),
  };
}
