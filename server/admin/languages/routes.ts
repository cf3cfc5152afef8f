/** Admin API: languages — each endpoint declared once, beside its handler (server/http/endpoint.ts, decision 0175). */
import {
  deleteLanguageQuery,
  languageContentResponse,
  languageIdParam,
  languageListResponse,
  languagePatchSchema,
  languageResponse,
  newLanguageSchema,
} from "#core/admin/languages/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import type { Answer } from "#server/http/openapi.ts";
import { addLanguage, findLanguage, listLanguages, makeFavoriteLanguage, updateLanguage } from "./service.ts";
import { deleteLanguage, languageContentCounts } from "./deletion.ts";

const tag = "Languages";
const params = { id: languageIdParam };

export const languageEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/languages",
    access: need("admin.enter"),
    tag,
    summary: "Every language, enabled or not, in order",
    success: {
      status: 200,
      description: "{ languages }: each with `etag`, the ETag its own GET answers",
      schema: languageListResponse,
    },
    handle: async (c, _input, { services }) =>
      c.json({ languages: await listLanguages(services) } satisfies Answer<typeof languageListResponse>),
  }),

  endpoint({
    method: "POST",
    path: "/languages",
    access: need("languages.manage"),
    tag,
    summary: "Add a language",
    body: newLanguageSchema,
    success: { status: 201, description: "{ language }", schema: languageResponse },
    otherResponses: { 409: "The code, short code or a page name is taken." },
    handle: async (c, { body }, { services }) =>
      c.json(
        { language: await addLanguage(services, actorUid(c), body) } satisfies Answer<typeof languageResponse>,
        201,
      ),
  }),

  endpoint({
    method: "GET",
    path: "/languages/:id",
    access: need("admin.enter"),
    tag,
    summary: "One language",
    params,
    conditional: "read",
    success: { status: 200, description: "{ language }; the ETag is the language's", schema: languageResponse },
    otherResponses: { 404: "No language with this id." },
    handle: async (c, { params: { id } }, { services }) => {
      const language = await findLanguage(services, id);
      return language
        ? c.json({ language: withEntityTag(c, language) } satisfies Answer<typeof languageResponse>)
        : errorResponse(404, "not_found", `id: no language ${id}.`, "id");
    },
  }),

  endpoint({
    method: "PATCH",
    path: "/languages/:id",
    access: need("languages.manage"),
    tag,
    summary: "Change a language (only the fields sent), its fallback chain included",
    params,
    body: languagePatchSchema,
    conditional: "write",
    success: { status: 200, description: "{ language }", schema: languageResponse },
    otherResponses: {
      404: "No language with this id.",
      409: "A conflict: a taken short code or page name, or disabling the favorite.",
    },
    handle: async (c, { params: { id }, body }, { services }) =>
      c.json({
        language: withEntityTag(c, await updateLanguage(services, actorUid(c), id, body, readPreconditions(c))),
      } satisfies Answer<typeof languageResponse>),
  }),

  endpoint({
    method: "POST",
    path: "/languages/:id/favorite",
    access: need("languages.manage"),
    tag,
    summary: "Make a language the favorite (the default for new visitors); If-Match names the chosen language's ETag",
    params,
    conditional: "write",
    success: { status: 200, description: "{ language }", schema: languageResponse },
    otherResponses: { 404: "No language with this id.", 409: "The language is disabled." },
    handle: async (c, { params: { id } }, { services }) =>
      c.json({
        language: withEntityTag(c, await makeFavoriteLanguage(services, actorUid(c), id, readPreconditions(c))),
      } satisfies Answer<typeof languageResponse>),
  }),

  endpoint({
    method: "GET",
    path: "/languages/:id/content",
    access: need("languages.manage"),
    tag,
    summary: "How much content a language holds (UI strings, article versions, job labels, alt texts)",
    params,
    success: { status: 200, description: "{ counts }", schema: languageContentResponse },
    otherResponses: { 404: "No language with this id." },
    handle: async (c, { params: { id } }, { services }) =>
      c.json({ counts: await languageContentCounts(services, id) } satisfies Answer<typeof languageContentResponse>),
  }),

  endpoint({
    method: "DELETE",
    path: "/languages/:id",
    access: need("languages.manage"),
    tag,
    summary: "Delete a language, keeping or removing its content",
    params,
    query: deleteLanguageQuery,
    conditional: "write",
    success: { status: 204, description: "Deleted." },
    otherResponses: { 404: "No language with this id.", 409: "The favorite language or the only language." },
    handle: async (c, { params: { id }, query }, { services }) => {
      await deleteLanguage(services, actorUid(c), id, query.content, readPreconditions(c));
      return c.body(null, 204);
    },
  }),
];
