/** Admin API: tags' names per language (decision 0221) — each endpoint declared once, beside its handler (decision 0175). */
import {
  tagNameBodySchema,
  tagNameListSchema,
  tagNameResultSchema,
  tagNameSavedResponse,
  tagNamesQuerySchema,
  tagParamsSchema,
} from "#core/admin/tags/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import { errorResponse } from "#server/http/errors.ts";
import type { Answer } from "#server/http/openapi.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { findTagName, listTagNames, removeTagName, setTagName } from "./service.ts";

const tag = "Tags";
const NAME = "/tags/:tag/names/:languageCode";
const translator = need("translate", { param: "languageCode" });

export const tagEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/tags",
    access: need("translate", { query: "lang" }),
    tag,
    summary: "The site's tags with their names in one language",
    query: tagNamesQuerySchema,
    success: {
      status: 200,
      description:
        "Every tag written on an article (at most 200, narrowed by q), its article count and its name in lang",
      schema: tagNameListSchema,
    },
    handle: async (c, { query }, { services }) =>
      c.json((await listTagNames(services, query.lang, query.q)) satisfies Answer<typeof tagNameListSchema>),
  }),

  endpoint({
    method: "GET",
    path: NAME,
    access: translator,
    tag,
    summary: "A tag's name in one language",
    params: tagParamsSchema.shape,
    conditional: "read",
    success: {
      status: 200,
      description: "{ tag, languageCode, name, nameKey }; the ETag is this object's",
      schema: tagNameResultSchema,
    },
    otherResponses: { 404: "No such tag, or no name in this language." },
    handle: async (c, { params }, { services }) => {
      const name = await findTagName(services, params.tag, params.languageCode);
      return name
        ? c.json(withEntityTag(c, name) satisfies Answer<typeof tagNameResultSchema>)
        : errorResponse(404, "not_found", `${params.tag} has no name in ${params.languageCode}.`);
    },
  }),

  endpoint({
    method: "PUT",
    path: NAME,
    access: translator,
    tag,
    summary: "Name a tag in one language (If-None-Match: * when it has no name yet)",
    params: tagParamsSchema.shape,
    body: tagNameBodySchema,
    conditional: "upsert",
    success: {
      status: 200,
      description: "{ tag, languageCode, name, nameKey, changed }; the ETag is that of the name without changed",
      schema: tagNameSavedResponse,
    },
    otherResponses: { 404: "No article carries the tag.", 409: "Another tag has this name's address in the language." },
    handle: async (c, { params, body: { name } }, { services }) => {
      const { changed, saved } = await setTagName(
        services,
        { uid: actorUid(c), ...params, name },
        readPreconditions(c),
      );
      return c.json({ ...withEntityTag(c, saved), changed } satisfies Answer<typeof tagNameSavedResponse>);
    },
  }),

  endpoint({
    method: "DELETE",
    path: NAME,
    access: translator,
    tag,
    summary: "Remove a tag's name in one language (it is named as written again)",
    params: tagParamsSchema.shape,
    conditional: "write",
    success: { status: 204, description: "Removed." },
    otherResponses: { 404: "No such tag, or no name in this language." },
    handle: async (c, { params }, { services }) => {
      await removeTagName(services, { uid: actorUid(c), ...params }, readPreconditions(c));
      return c.body(null, 204);
    },
  }),
];
