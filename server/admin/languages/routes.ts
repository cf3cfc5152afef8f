/** Admin API: languages (mounted under /api/admin/languages behind the admin gate). */
import { Hono } from "hono";
import {
  deleteLanguageQuery,
  languageContentResponse,
  languageIdParam,
  languageListResponse,
  languagePatchSchema,
  languageResponse,
  newLanguageSchema,
} from "#core/admin/languages/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/content/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { readQuery } from "#server/http/query.ts";
import { validateInput } from "#server/http/validate.ts";
import { addLanguage, deleteLanguage, findLanguage, languageContentCounts, listLanguages, makeFavoriteLanguage, updateLanguage } from "./service.ts";

const parseId = (raw: string) => validateInput(languageIdParam, raw, "id");

export function languagesAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get(
    "/",
    apiRoute({
      tag: "Languages",
      summary: "Every language, enabled or not, in order",
      success: { status: 200, description: "{ languages }: each with `etag`, the ETag its own GET answers", schema: languageListResponse },
    }),
    async (c) => c.json({ languages: await listLanguages(services) } satisfies Answer<typeof languageListResponse>),
  );

  app.post(
    "/",
    apiRoute({
      tag: "Languages",
      summary: "Add a language",
      body: newLanguageSchema,
      success: { status: 201, description: "{ language }", schema: languageResponse },
      otherResponses: { 409: "The code, short code or a page name is taken." },
    }),
    async (c) => {
      const input = await readJson(c, newLanguageSchema);
      return c.json({ language: await addLanguage(services, actorUid(c), input) } satisfies Answer<typeof languageResponse>, 201);
    },
  );

  app.get(
    "/:id",
    apiRoute({
      tag: "Languages",
      summary: "One language",
      params: { id: languageIdParam },
      conditional: "read",
      success: { status: 200, description: "{ language }; the ETag is the language's", schema: languageResponse },
      otherResponses: { 404: "No language with this id." },
    }),
    async (c) => {
      const id = parseId(c.req.param("id"));
      const language = await findLanguage(services, id);
      return language
        ? c.json({ language: withEntityTag(c, language) } satisfies Answer<typeof languageResponse>)
        : errorResponse(404, "not_found", `id: no language ${id}.`, "id");
    },
  );

  app.patch(
    "/:id",
    apiRoute({
      tag: "Languages",
      summary: "Change a language (only the fields sent), its fallback chain included",
      params: { id: languageIdParam },
      body: languagePatchSchema,
      conditional: "write",
      success: { status: 200, description: "{ language }", schema: languageResponse },
      otherResponses: { 404: "No language with this id.", 409: "A conflict: a taken short code or page name, or disabling the favorite." },
    }),
    async (c) => {
      const id = parseId(c.req.param("id"));
      const patch = await readJson(c, languagePatchSchema);
      return c.json({ language: withEntityTag(c, await updateLanguage(services, actorUid(c), id, patch, readPreconditions(c))) } satisfies Answer<typeof languageResponse>);
    },
  );

  app.post(
    "/:id/favorite",
    apiRoute({
      tag: "Languages",
      summary: "Make a language the favorite (the default for new visitors); If-Match names the chosen language's ETag",
      params: { id: languageIdParam },
      conditional: "write",
      success: { status: 200, description: "{ language }", schema: languageResponse },
      otherResponses: { 404: "No language with this id.", 409: "The language is disabled." },
    }),
    async (c) => {
      const id = parseId(c.req.param("id"));
      return c.json({ language: withEntityTag(c, await makeFavoriteLanguage(services, actorUid(c), id, readPreconditions(c))) } satisfies Answer<typeof languageResponse>);
    },
  );

  app.get(
    "/:id/content",
    apiRoute({
      tag: "Languages",
      summary: "How much content a language holds (UI strings, article versions, job labels, alt texts)",
      params: { id: languageIdParam },
      success: { status: 200, description: "{ counts }", schema: languageContentResponse },
      otherResponses: { 404: "No language with this id." },
    }),
    async (c) => {
      const id = parseId(c.req.param("id"));
      return c.json({ counts: await languageContentCounts(services, id) } satisfies Answer<typeof languageContentResponse>);
    },
  );

  app.delete(
    "/:id",
    apiRoute({
      tag: "Languages",
      summary: "Delete a language, keeping or removing its content",
      params: { id: languageIdParam },
      query: deleteLanguageQuery,
      conditional: "write",
      success: { status: 204, description: "Deleted." },
      otherResponses: { 404: "No language with this id.", 409: "The favorite language or the only language." },
    }),
    async (c) => {
      const id = parseId(c.req.param("id"));
      const { content } = readQuery(c, deleteLanguageQuery);
      await deleteLanguage(services, actorUid(c), id, content, readPreconditions(c));
      return c.body(null, 204);
    },
  );

  return app;
}
