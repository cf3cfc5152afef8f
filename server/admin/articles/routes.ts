/** Admin API: articles and their language versions — each endpoint declared once, beside its handler (server/http/endpoint.ts, decision 0175). */
import type { Context } from "hono";
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
  VERSION_BODY_LIMIT_BYTES,
  type AdminArticle,
} from "#core/admin/articles/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { may } from "#core/auth/roles.ts";
import { actorUid } from "#server/admin/actor.ts";
import { discardPendingChanges } from "#server/content/versions.ts";
import { findVersion, versionRepresentation, versionTag } from "#server/content/version-reads.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import type { Answer } from "#server/http/openapi.ts";
import { articleAsReadBy, articleFieldsTag, findArticle, listArticles, sourceChanges } from "./reads.ts";
import { createArticle, deleteArticle, updateArticle } from "./service.ts";
import {
  deleteVersion,
  markVersionUpToDate,
  saveVersion,
  versionAction,
  type VersionRequest,
  type VersionWritten,
} from "./version-writes.ts";

const tag = "Articles";
const VERSION = "/articles/:id/versions/:code";
const article = { id: articleIdParam };
const version = { id: articleIdParam, code: languageCodeParam };

// Every answer carrying an article carries only the versions the caller may read (decision 0147).
const readable = <T extends AdminArticle>(c: Context<HttpEnv>, item: T): T => articleAsReadBy(c.get("user"), item);
// Who writes a version and what their request was made from (If-Match / If-None-Match: *, decision 0151).
const versionRequest = (c: Context<HttpEnv>, code: string): VersionRequest => ({
  actorUid: actorUid(c),
  preconditions: readPreconditions(c),
  mayPublish: may(c.get("user"), "publish", code),
});
// A version write answers the version as its GET does, with its new ETag, and the article for the screens.
const written = (
  c: Context<HttpEnv>,
  { article: changed, version: saved }: VersionWritten,
): Answer<typeof versionWrittenResponse> => ({
  article: readable(c, changed),
  ...withEntityTag(c, versionRepresentation(saved), versionTag),
});

const articleEndpointsOwn: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/articles",
    access: need("admin.enter"),
    tag,
    summary:
      "A page of articles with their versions' summaries and translation statuses, filtered; `next` is the following page's `after`",
    query: listArticlesQuery,
    success: { status: 200, description: "{ articles, next }", schema: adminArticlePageSchema },
    handle: async (c, { query }, { services }) =>
      c.json((await listArticles(services, query, c.get("user"))) satisfies Answer<typeof adminArticlePageSchema>),
  }),

  endpoint({
    method: "POST",
    path: "/articles",
    access: need("content.manage"),
    tag,
    summary: "Create an article",
    body: createArticleInput,
    success: { status: 201, description: "{ article }", schema: articleResponse },
    otherResponses: { 409: "A conflicting article exists." },
    handle: async (c, { body }, { services }) =>
      c.json(
        { article: readable(c, await createArticle(services, actorUid(c), body)) } satisfies Answer<
          typeof articleResponse
        >,
        201,
      ),
  }),

  endpoint({
    method: "GET",
    path: "/articles/:id",
    access: need("admin.enter"),
    tag,
    summary: "One article with every version",
    params: article,
    conditional: "read",
    success: {
      status: 200,
      description:
        "{ article }; the ETag is that of the article's own fields { id, key, author, cover, tags, sourceLanguage }, not of its versions",
      schema: articleResponse,
    },
    otherResponses: { 404: "No article with this id." },
    handle: async (c, { params: { id } }, { services }) => {
      const found = await findArticle(services, id);
      if (!found) return errorResponse(404, "not_found", `id: no article ${id}.`, "id");
      c.header("ETag", articleFieldsTag(found));
      return c.json({ article: readable(c, found) } satisfies Answer<typeof articleResponse>);
    },
  }),

  endpoint({
    method: "PATCH",
    path: "/articles/:id",
    access: need("content.manage"),
    tag,
    summary: "Change an article (only the fields sent); If-Match: the ETag of its fields",
    params: article,
    body: updateArticleInput,
    conditional: "write",
    success: { status: 200, description: "{ article }", schema: articleResponse },
    otherResponses: { 404: "No article with this id.", 409: "A conflicting article exists." },
    handle: async (c, { params: { id }, body }, { services }) => {
      const changed = await updateArticle(services, actorUid(c), id, body, readPreconditions(c));
      c.header("ETag", articleFieldsTag(changed));
      return c.json({ article: readable(c, changed) } satisfies Answer<typeof articleResponse>);
    },
  }),

  endpoint({
    method: "DELETE",
    path: "/articles/:id",
    access: need("content.manage"),
    tag,
    summary: "Delete an article and its versions; If-Match: the ETag of its fields",
    params: article,
    conditional: "write",
    success: { status: 204, description: "Deleted." },
    otherResponses: { 404: "No article with this id." },
    handle: async (c, { params: { id } }, { services }) => {
      await deleteArticle(services, actorUid(c), id, readPreconditions(c));
      return c.body(null, 204);
    },
  }),
];

const versionEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: VERSION,
    access: need("read", { param: "code" }),
    tag,
    summary:
      "One language version with its pending changes, source revision and revision number; its ETag is what a write names in If-Match",
    params: version,
    conditional: "read",
    success: { status: 200, description: "{ version }; the ETag is this object's", schema: versionResponse },
    otherResponses: { 404: "No article or version." },
    handle: async (c, { params: { id, code } }, { services }) => {
      const found = await findVersion(services.database.db, id, code);
      return found
        ? c.json(withEntityTag(c, versionRepresentation(found), versionTag) satisfies Answer<typeof versionResponse>)
        : errorResponse(404, "not_found", `code: article ${id} has no ${code} version.`, "code");
    },
  }),

  endpoint({
    method: "PUT",
    path: VERSION,
    // Publishing (status "published" in the body) is also checked in the handler: it depends on the body.
    // Without it a translator saves drafts, of a live version too (pending changes, decision 0150).
    access: need("translate", { param: "code" }),
    bodyLimit: { maxBytes: VERSION_BODY_LIMIT_BYTES },
    tag,
    summary:
      'Save a language version: If-Match its ETag (If-None-Match: * to create it). status "published" saves and publishes; "draft" saves the working text, or the pending changes beside the live text of a published version',
    params: version,
    body: versionInput,
    conditional: "upsert",
    success: {
      status: 200,
      description: "{ article, version } with the version's new ETag",
      schema: versionWrittenResponse,
    },
    otherResponses: {
      201: { description: "The version is new: { article, version } with its ETag.", schema: versionWrittenResponse },
      404: "No article with this id, or no such language.",
      409: "The slug is taken.",
      422: "The body cannot be rendered within the bounds the site keeps: the message says what to simplify.",
      503: "The worker that reads large texts is busy: try again in a moment.",
    },
    handle: async (c, { params: { id, code }, body }, { services }) => {
      const saved = await saveVersion(services, versionRequest(c, code), id, code, body);
      return c.json(written(c, saved), saved.created ? 201 : 200);
    },
  }),

  endpoint({
    method: "DELETE",
    path: VERSION,
    access: need("publish", { param: "code" }),
    tag,
    summary: "Delete the article's version in one language (If-Match its ETag)",
    params: version,
    conditional: "write",
    success: { status: 204, description: "Deleted." },
    otherResponses: { 404: "No article or version." },
    handle: async (c, { params: { id, code } }, { services }) => {
      await deleteVersion(services, versionRequest(c, code), id, code);
      return c.body(null, 204);
    },
  }),

  endpoint({
    method: "POST",
    path: `${VERSION}/up-to-date`,
    // Marking up to date changes what the public page says about the translation: a publisher's act.
    access: need("publish", { param: "code" }),
    tag,
    summary:
      "Mark a translation up to date with the current source without changing it (If-Match; the publish right; audited)",
    params: version,
    conditional: "write",
    success: {
      status: 200,
      description: "{ article, version } with the version's new ETag",
      schema: versionWrittenResponse,
    },
    otherResponses: { 400: "The language is the article's source.", 404: "No article or version." },
    handle: async (c, { params: { id, code } }, { services }) =>
      c.json(written(c, await markVersionUpToDate(services, versionRequest(c, code), id, code))),
  }),

  endpoint({
    method: "POST",
    path: `${VERSION}/discard`,
    // The author of the pending changes may drop them too: checked in the handler.
    access: need("translate", { param: "code" }),
    tag,
    summary: "Drop a published version's pending changes (If-Match; their author or the publish right)",
    params: version,
    conditional: "write",
    success: {
      status: 200,
      description: "{ article, version } with the version's new ETag",
      schema: versionWrittenResponse,
    },
    otherResponses: { 404: "No article or version.", 409: "No pending changes." },
    handle: async (c, { params: { id, code } }, { services }) =>
      c.json(
        written(
          c,
          await versionAction(services, versionRequest(c, code), id, code, discardPendingChanges, {
            changesPublic: false,
          }),
        ),
      ),
  }),

  endpoint({
    method: "GET",
    path: `${VERSION}/source-changes`,
    // A version's own reads (decision 0147): in a translator's languages only; the source text they
    // translate from comes with their own version (source-changes) and with the article.
    access: need("read", { param: "code" }),
    tag,
    summary: "The source's text now and at the revision the translation was made from",
    params: version,
    success: { status: 200, description: "{ base, current }", schema: sourceChangesSchema },
    otherResponses: { 404: "No article or version." },
    handle: async (c, { params: { id, code } }, { services }) =>
      c.json((await sourceChanges(services, id, code)) satisfies Answer<typeof sourceChangesSchema>),
  }),
];

export const articleEndpoints: readonly AdminEndpoint[] = [...articleEndpointsOwn, ...versionEndpoints];
