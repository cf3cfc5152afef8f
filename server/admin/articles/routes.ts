/** Admin API: articles (mounted under /api/admin/articles behind the admin gate). */
import { Hono, type Context } from "hono";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { validateInput } from "#server/http/validate.ts";
import {
  articleIdParam,
  createArticleInput,
  languageCodeParam,
  listArticlesQuery,
  updateArticleInput,
  VERSION_BODY_LIMIT_BYTES,
  versionInput,
} from "#core/admin/articles/schema.ts";
import { createArticle, deleteArticle, deleteVersion, findArticle, listArticles, saveVersion, updateArticle } from "./service.ts";

export function articlesAdminApi(services: AppServices) {
  const { db } = services.database;
  const app = new Hono<HttpEnv>();
  // The gate in front of this router guarantees a signed-in admin.
  const actor = (c: Context<HttpEnv>) => c.get("user")!.uid;
  const articleId = (c: Context<HttpEnv>) => validateInput(articleIdParam, c.req.param("id"), "id");
  const languageCode = (c: Context<HttpEnv>) => validateInput(languageCodeParam, c.req.param("code"), "code");

  app.get("/", async (c) => {
    const query = validateInput(listArticlesQuery, c.req.query());
    return c.json({ articles: await listArticles(db, query) });
  });

  app.post("/", async (c) => {
    const input = await readJson(c, createArticleInput);
    return c.json({ article: await createArticle(services, actor(c), input) }, 201);
  });

  app.get("/:id", async (c) => {
    const id = articleId(c);
    const article = await findArticle(db, id);
    return article ? c.json({ article }) : errorResponse(404, "not_found", `id: no article ${id}.`, "id");
  });

  app.patch("/:id", async (c) => {
    const id = articleId(c);
    const input = await readJson(c, updateArticleInput);
    return c.json({ article: await updateArticle(services, actor(c), id, input) });
  });

  app.delete("/:id", async (c) => {
    await deleteArticle(services, actor(c), articleId(c));
    return c.body(null, 204);
  });

  app.put("/:id/versions/:code", async (c) => {
    const id = articleId(c);
    const code = languageCode(c);
    const input = await readJson(c, versionInput, VERSION_BODY_LIMIT_BYTES);
    const { article, created } = await saveVersion(services, actor(c), id, code, input);
    return c.json({ article }, created ? 201 : 200);
  });

  app.delete("/:id/versions/:code", async (c) => {
    await deleteVersion(services, actor(c), articleId(c), languageCode(c));
    return c.body(null, 204);
  });

  return app;
}
