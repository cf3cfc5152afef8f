/** Admin API: articles (mounted under /api/admin/articles behind the access gate, server/auth/access.ts). */
import { Hono, type Context } from "hono";
import { may } from "#core/auth/roles.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute } from "#server/ops/openapi.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions } from "#server/http/preconditions.ts";
import { readQuery } from "#server/http/query.ts";
import { validateInput } from "#server/http/validate.ts";
import {
  articleIdParam,
  createArticleInput,
  languageCodeParam,
  listArticlesQuery,
  updateArticleInput,
  versionInput,
  type AdminArticle,
} from "#core/admin/articles/schema.ts";
import {
  articleAsReadBy,
  articleFieldsTag,
  createArticle,
  deleteArticle,
  deleteVersion,
  findArticle,
  listArticles,
  markVersionUpToDate,
  saveVersion,
  sourceChanges,
  updateArticle,
} from "./service.ts";

export function articlesAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  const articleId = (c: Context<HttpEnv>) => validateInput(articleIdParam, c.req.param("id"), "id");
  const languageCode = (c: Context<HttpEnv>) => validateInput(languageCodeParam, c.req.param("code"), "code");
  // Every answer carrying an article carries only the versions the caller may read (decision 0147).
  const readable = <T extends AdminArticle>(c: Context<HttpEnv>, article: T): T => articleAsReadBy(c.get("user"), article);

  app.get("/", apiRoute({ tag: "Articles", summary: "A page of articles with their versions' summaries and translation statuses, filtered; `next` is the following page's `after`", query: listArticlesQuery, success: { status: 200, description: "{ articles, next }" } }), async (c) => {
    return c.json(await listArticles(services, readQuery(c, listArticlesQuery), c.get("user")));
  });

  app.post("/", apiRoute({ tag: "Articles", summary: "Create an article", body: createArticleInput, success: { status: 201, description: "{ article }" }, otherResponses: { 409: "A conflicting article exists." } }), async (c) => {
    const input = await readJson(c, createArticleInput);
    return c.json({ article: readable(c, await createArticle(services, actorUid(c), input)) }, 201);
  });

  app.get("/:id", apiRoute({ tag: "Articles", summary: "One article with every version", params: { id: articleIdParam }, conditional: "read", success: { status: 200, description: "{ article }; the ETag is that of the article's own fields { id, key, author, cover, tags, sourceLanguage }, not of its versions" }, otherResponses: { 404: "No article with this id." } }), async (c) => {
    const id = articleId(c);
    const article = await findArticle(services, id);
    if (!article) return errorResponse(404, "not_found", `id: no article ${id}.`, "id");
    c.header("ETag", articleFieldsTag(article));
    return c.json({ article: readable(c, article) });
  });

  app.patch("/:id", apiRoute({ tag: "Articles", summary: "Change an article (only the fields sent); If-Match: the ETag of its fields", params: { id: articleIdParam }, body: updateArticleInput, conditional: "write", success: { status: 200, description: "{ article }" }, otherResponses: { 404: "No article with this id.", 409: "A conflicting article exists." } }), async (c) => {
    const id = articleId(c);
    const input = await readJson(c, updateArticleInput);
    const article = await updateArticle(services, actorUid(c), id, input, readPreconditions(c));
    c.header("ETag", articleFieldsTag(article));
    return c.json({ article: readable(c, article) });
  });

  app.delete("/:id", apiRoute({ tag: "Articles", summary: "Delete an article and its versions; If-Match: the ETag of its fields", params: { id: articleIdParam }, conditional: "write", success: { status: 204, description: "Deleted." }, otherResponses: { 404: "No article with this id." } }), async (c) => {
    await deleteArticle(services, actorUid(c), articleId(c), readPreconditions(c));
    return c.body(null, 204);
  });

  app.put("/:id/versions/:code", apiRoute({ tag: "Articles", summary: "Create or replace the article's version in one language", params: { id: articleIdParam, code: languageCodeParam }, body: versionInput, success: { status: 200, description: "{ article } (201 when the version is new)" }, otherResponses: { 404: "No article with this id, or no such language.", 409: "The slug is taken." } }), async (c) => {
    const id = articleId(c);
    const code = languageCode(c);
    const input = await readJson(c, versionInput);
    const { article, created } = await saveVersion(services, actorUid(c), id, code, input, { mayPublish: may(c.get("user"), "publish", code) });
    return c.json({ article: readable(c, article) }, created ? 201 : 200);
  });

  app.delete("/:id/versions/:code", apiRoute({ tag: "Articles", summary: "Delete the article's version in one language", params: { id: articleIdParam, code: languageCodeParam }, success: { status: 204, description: "Deleted." }, otherResponses: { 404: "No article or version." } }), async (c) => {
    await deleteVersion(services, actorUid(c), articleId(c), languageCode(c));
    return c.body(null, 204);
  });

  app.post("/:id/versions/:code/up-to-date", apiRoute({ tag: "Articles", summary: "Mark a translation up to date with the current source without changing it (audited)", params: { id: articleIdParam, code: languageCodeParam }, success: { status: 200, description: "{ article }" }, otherResponses: { 400: "The language is the article's source.", 404: "No article or version." } }), async (c) => {
    return c.json({ article: readable(c, await markVersionUpToDate(services, actorUid(c), articleId(c), languageCode(c))) });
  });

  app.get("/:id/versions/:code/source-changes", apiRoute({ tag: "Articles", summary: "The source's text now and at the revision the translation was made from", params: { id: articleIdParam, code: languageCodeParam }, success: { status: 200, description: "{ base, current }" }, otherResponses: { 404: "No article or version." } }), async (c) => {
    return c.json(await sourceChanges(services, articleId(c), languageCode(c)));
  });

  return app;
}
