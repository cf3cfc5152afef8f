/** Admin API: articles (mounted under /api/admin/articles behind the access gate, server/auth/access.ts). */
import { Hono, type Context } from "hono";
import { may } from "#core/auth/roles.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/content/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readQuery } from "#server/http/query.ts";
import { validateInput } from "#server/http/validate.ts";
import {
  articleIdParam,
  createArticleInput,
  languageCodeParam,
  adminArticlePageSchema,
  articleResponse,
  listArticlesQuery,
  sourceChangesSchema,
  updateArticleInput,
  versionInput,
  versionResponse,
  versionWrittenResponse,
  type AdminArticle,
} from "#core/admin/articles/schema.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { discardPendingChanges } from "#server/content/versions.ts";
import { findVersion, versionRepresentation, versionTag } from "#server/content/version-reads.ts";
import { articleAsReadBy, articleFieldsTag, findArticle, listArticles, sourceChanges } from "./reads.ts";
import { createArticle, deleteArticle, updateArticle } from "./service.ts";
import { deleteVersion, markVersionUpToDate, saveVersion, versionAction, type VersionRequest, type VersionWritten } from "./version-writes.ts";

export function articlesAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  const articleId = (c: Context<HttpEnv>) => validateInput(articleIdParam, c.req.param("id"), "id");
  const languageCode = (c: Context<HttpEnv>) => validateInput(languageCodeParam, c.req.param("code"), "code");
  // Every answer carrying an article carries only the versions the caller may read (decision 0147).
  const readable = <T extends AdminArticle>(c: Context<HttpEnv>, article: T): T => articleAsReadBy(c.get("user"), article);
  // Who writes a version and what their request was made from (If-Match / If-None-Match: *, decision 0151).
  const versionRequest = (c: Context<HttpEnv>): VersionRequest => ({
    actorUid: actorUid(c),
    preconditions: readPreconditions(c),
    mayPublish: may(c.get("user"), "publish", languageCode(c)),
  });
  // A version write answers the version as its GET does, with its new ETag, and the article for the screens.
  const written = (c: Context<HttpEnv>, { article, version }: VersionWritten): Answer<typeof versionWrittenResponse> => ({
    article: readable(c, article),
    ...withEntityTag(c, versionRepresentation(version), versionTag),
  });

  app.get(
    "/",
    apiRoute({
      tag: "Articles",
      summary: "A page of articles with their versions' summaries and translation statuses, filtered; `next` is the following page's `after`",
      query: listArticlesQuery,
      success: { status: 200, description: "{ articles, next }", schema: adminArticlePageSchema },
    }),
    async (c) => {
      return c.json((await listArticles(services, readQuery(c, listArticlesQuery), c.get("user"))) satisfies Answer<typeof adminArticlePageSchema>);
    },
  );

  app.post(
    "/",
    apiRoute({
      tag: "Articles",
      summary: "Create an article",
      body: createArticleInput,
      success: { status: 201, description: "{ article }", schema: articleResponse },
      otherResponses: { 409: "A conflicting article exists." },
    }),
    async (c) => {
      const input = await readJson(c, createArticleInput);
      return c.json({ article: readable(c, await createArticle(services, actorUid(c), input)) } satisfies Answer<typeof articleResponse>, 201);
    },
  );

  app.get(
    "/:id",
    apiRoute({
      tag: "Articles",
      summary: "One article with every version",
      params: { id: articleIdParam },
      conditional: "read",
      success: {
        status: 200,
        description: "{ article }; the ETag is that of the article's own fields { id, key, author, cover, tags, sourceLanguage }, not of its versions",
        schema: articleResponse,
      },
      otherResponses: { 404: "No article with this id." },
    }),
    async (c) => {
      const id = articleId(c);
      const article = await findArticle(services, id);
      if (!article) return errorResponse(404, "not_found", `id: no article ${id}.`, "id");
      c.header("ETag", articleFieldsTag(article));
      return c.json({ article: readable(c, article) } satisfies Answer<typeof articleResponse>);
    },
  );

  app.patch(
    "/:id",
    apiRoute({
      tag: "Articles",
      summary: "Change an article (only the fields sent); If-Match: the ETag of its fields",
      params: { id: articleIdParam },
      body: updateArticleInput,
      conditional: "write",
      success: { status: 200, description: "{ article }", schema: articleResponse },
      otherResponses: { 404: "No article with this id.", 409: "A conflicting article exists." },
    }),
    async (c) => {
      const id = articleId(c);
      const input = await readJson(c, updateArticleInput);
      const article = await updateArticle(services, actorUid(c), id, input, readPreconditions(c));
      c.header("ETag", articleFieldsTag(article));
      return c.json({ article: readable(c, article) } satisfies Answer<typeof articleResponse>);
    },
  );

  app.delete(
    "/:id",
    apiRoute({
      tag: "Articles",
      summary: "Delete an article and its versions; If-Match: the ETag of its fields",
      params: { id: articleIdParam },
      conditional: "write",
      success: { status: 204, description: "Deleted." },
      otherResponses: { 404: "No article with this id." },
    }),
    async (c) => {
      await deleteArticle(services, actorUid(c), articleId(c), readPreconditions(c));
      return c.body(null, 204);
    },
  );

  app.get(
    "/:id/versions/:code",
    apiRoute({
      tag: "Articles",
      summary: "One language version with its pending changes, source revision and revision number; its ETag is what a write names in If-Match",
      params: { id: articleIdParam, code: languageCodeParam },
      conditional: "read",
      success: { status: 200, description: "{ version }; the ETag is this object's", schema: versionResponse },
      otherResponses: { 404: "No article or version." },
    }),
    async (c) => {
      const id = articleId(c);
      const code = languageCode(c);
      const version = await findVersion(services.database.db, id, code);
      return version
        ? c.json(withEntityTag(c, versionRepresentation(version), versionTag) satisfies Answer<typeof versionResponse>)
        : errorResponse(404, "not_found", `code: article ${id} has no ${code} version.`, "code");
    },
  );

  app.put(
    "/:id/versions/:code",
    apiRoute({
      tag: "Articles",
      summary:
        'Save a language version: If-Match its ETag (If-None-Match: * to create it). status "published" saves and publishes; "draft" saves the working text, or the pending changes beside the live text of a published version',
      params: { id: articleIdParam, code: languageCodeParam },
      body: versionInput,
      conditional: "upsert",
      success: { status: 200, description: "{ article, version } with the version's new ETag", schema: versionWrittenResponse },
      otherResponses: {
        201: { description: "The version is new: { article, version } with its ETag.", schema: versionWrittenResponse },
        404: "No article with this id, or no such language.",
        409: "The slug is taken.",
        422: "The body cannot be rendered within the bounds the site keeps: the message says what to simplify.",
        503: "The worker that reads large texts is busy: try again in a moment.",
      },
    }),
    async (c) => {
      const id = articleId(c);
      const code = languageCode(c);
      const input = await readJson(c, versionInput);
      const saved = await saveVersion(services, versionRequest(c), id, code, input);
      return c.json(written(c, saved), saved.created ? 201 : 200);
    },
  );

  app.delete(
    "/:id/versions/:code",
    apiRoute({
      tag: "Articles",
      summary: "Delete the article's version in one language (If-Match its ETag)",
      params: { id: articleIdParam, code: languageCodeParam },
      conditional: "write",
      success: { status: 204, description: "Deleted." },
      otherResponses: { 404: "No article or version." },
    }),
    async (c) => {
      await deleteVersion(services, versionRequest(c), articleId(c), languageCode(c));
      return c.body(null, 204);
    },
  );

  app.post(
    "/:id/versions/:code/up-to-date",
    apiRoute({
      tag: "Articles",
      summary: "Mark a translation up to date with the current source without changing it (If-Match; the publish right; audited)",
      params: { id: articleIdParam, code: languageCodeParam },
      conditional: "write",
      success: { status: 200, description: "{ article, version } with the version's new ETag", schema: versionWrittenResponse },
      otherResponses: { 400: "The language is the article's source.", 404: "No article or version." },
    }),
    async (c) => {
      return c.json(written(c, await markVersionUpToDate(services, versionRequest(c), articleId(c), languageCode(c))));
    },
  );

  app.post(
    "/:id/versions/:code/discard",
    apiRoute({
      tag: "Articles",
      summary: "Drop a published version's pending changes (If-Match; their author or the publish right)",
      params: { id: articleIdParam, code: languageCodeParam },
      conditional: "write",
      success: { status: 200, description: "{ article, version } with the version's new ETag", schema: versionWrittenResponse },
      otherResponses: { 404: "No article or version.", 409: "No pending changes." },
    }),
    async (c) => {
      return c.json(written(c, await versionAction(services, versionRequest(c), articleId(c), languageCode(c), discardPendingChanges, { changesPublic: false })));
    },
  );

  app.get(
    "/:id/versions/:code/source-changes",
    apiRoute({
      tag: "Articles",
      summary: "The source's text now and at the revision the translation was made from",
      params: { id: articleIdParam, code: languageCodeParam },
      success: { status: 200, description: "{ base, current }", schema: sourceChangesSchema },
      otherResponses: { 404: "No article or version." },
    }),
    async (c) => {
      return c.json((await sourceChanges(services, articleId(c), languageCode(c))) satisfies Answer<typeof sourceChangesSchema>);
    },
  );

  return app;
}
