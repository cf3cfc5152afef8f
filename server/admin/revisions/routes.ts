/** Admin API: a language version's revisions — list, read, compare, restore (under /api/admin/articles). */
import { Hono, type Context } from "hono";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { readQuery } from "#server/http/query.ts";
import { validateInput } from "#server/http/validate.ts";
import { articleIdParam, languageCodeParam, versionWrittenResponse } from "#core/admin/articles/schema.ts";
import { compareQuery, revisionComparisonResponse, revisionIdParam, revisionListResponse, revisionResponse } from "#core/admin/publishing/schema.ts";
import { may } from "#core/auth/roles.ts";
import { articleAsReadBy } from "#server/admin/articles/reads.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { versionRepresentation, versionTag } from "#server/content/version-reads.ts";
import { compareRevisions, findRevision, listRevisions, restoreRevision } from "./service.ts";

const REVISIONS = "/:id/versions/:code/revisions";

export function revisionsAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  const version = (c: Context<HttpEnv>) => ({ id: validateInput(articleIdParam, c.req.param("id"), "id"), code: validateInput(languageCodeParam, c.req.param("code"), "code") });
  const revisionId = (c: Context<HttpEnv>) => validateInput(revisionIdParam, c.req.param("revisionId"), "revisionId");
  const params = { id: articleIdParam, code: languageCodeParam };

  app.get(
    REVISIONS,
    apiRoute({ tag: "Revisions", summary: "A version's revisions, newest first", params, success: { status: 200, description: "{ revisions }", schema: revisionListResponse } }),
    async (c) => {
      const { id, code } = version(c);
      return c.json({ revisions: await listRevisions(services, id, code) } satisfies Answer<typeof revisionListResponse>);
    },
  );

  app.get(
    `${REVISIONS}/compare`,
    apiRoute({
      tag: "Revisions",
      summary: "What changed between two revisions, field by field",
      params,
      query: compareQuery,
      success: { status: 200, description: "{ comparison }", schema: revisionComparisonResponse },
      otherResponses: { 404: "No such revision." },
    }),
    async (c) => {
      const { id, code } = version(c);
      const { from, to } = readQuery(c, compareQuery);
      return c.json({ comparison: await compareRevisions(services, id, code, from, to) } satisfies Answer<typeof revisionComparisonResponse>);
    },
  );

  app.get(
    `${REVISIONS}/:revisionId`,
    apiRoute({
      tag: "Revisions",
      summary: "One revision with its content",
      params: { ...params, revisionId: revisionIdParam },
      success: { status: 200, description: "{ revision }", schema: revisionResponse },
      otherResponses: { 404: "No such revision." },
    }),
    async (c) => {
      const { id, code } = version(c);
      return c.json({ revision: await findRevision(services, id, code, revisionId(c)) } satisfies Answer<typeof revisionResponse>);
    },
  );

  app.post(
    `${REVISIONS}/:revisionId/restore`,
    apiRoute({
      tag: "Revisions",
      summary: "Restore a revision's content (If-Match the version's ETag; a new revision; the status stays)",
      params: { ...params, revisionId: revisionIdParam },
      conditional: "write",
      success: { status: 200, description: "{ article, version } with the version's new ETag", schema: versionWrittenResponse },
      otherResponses: {
        404: "No such revision or version.",
        409: "The slug is now taken.",
        422: "The revision's body cannot be rendered within the bounds the site keeps.",
        503: "The worker that reads large texts is busy: try again in a moment.",
      },
    }),
    async (c) => {
      const { id, code } = version(c);
      const request = { actorUid: actorUid(c), preconditions: readPreconditions(c), mayPublish: may(c.get("user"), "publish", code) };
      const restored = await restoreRevision(services, request, id, code, revisionId(c));
      return c.json({ article: articleAsReadBy(c.get("user"), restored.article), ...withEntityTag(c, versionRepresentation(restored.version), versionTag) } satisfies Answer<
        typeof versionWrittenResponse
      >);
    },
  );

  return app;
}
