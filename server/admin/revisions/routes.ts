/** Admin API: a language version's revisions — list, read, compare, restore; each declared once (server/http/endpoint.ts, decision 0175). */
import { articleIdParam, languageCodeParam, versionWrittenResponse } from "#core/admin/articles/schema.ts";
import {
  compareQuery,
  revisionComparisonResponse,
  revisionIdParam,
  revisionListResponse,
  revisionResponse,
} from "#core/admin/publishing/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { may } from "#core/auth/roles.ts";
import { actorUid } from "#server/admin/actor.ts";
import { articleAsReadBy } from "#server/admin/articles/reads.ts";
import { versionRepresentation, versionTag } from "#server/content/version-reads.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import type { Answer } from "#server/http/openapi.ts";
import { compareRevisions, findRevision, listRevisions, restoreRevision } from "./service.ts";

const REVISIONS = "/articles/:id/versions/:code/revisions";
const tag = "Revisions";
const params = { id: articleIdParam, code: languageCodeParam };
// A version's own reads (decision 0147): in a translator's languages only.
const reader = need("read", { param: "code" });

export const revisionEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: REVISIONS,
    access: reader,
    tag,
    summary: "A version's revisions, newest first",
    params,
    success: { status: 200, description: "{ revisions }", schema: revisionListResponse },
    handle: async (c, { params: { id, code } }, { services }) =>
      c.json({ revisions: await listRevisions(services, id, code) } satisfies Answer<typeof revisionListResponse>),
  }),

  endpoint({
    method: "GET",
    path: `${REVISIONS}/compare`,
    access: reader,
    tag,
    summary: "What changed between two revisions, field by field",
    params,
    query: compareQuery,
    success: { status: 200, description: "{ comparison }", schema: revisionComparisonResponse },
    otherResponses: { 404: "No such revision." },
    handle: async (c, { params: { id, code }, query: { from, to } }, { services }) =>
      c.json({ comparison: await compareRevisions(services, id, code, from, to) } satisfies Answer<
        typeof revisionComparisonResponse
      >),
  }),

  endpoint({
    method: "GET",
    path: `${REVISIONS}/:revisionId`,
    access: reader,
    tag,
    summary: "One revision with its content",
    params: { ...params, revisionId: revisionIdParam },
    success: { status: 200, description: "{ revision }", schema: revisionResponse },
    otherResponses: { 404: "No such revision." },
    handle: async (c, { params: { id, code, revisionId } }, { services }) =>
      c.json({ revision: await findRevision(services, id, code, revisionId) } satisfies Answer<
        typeof revisionResponse
      >),
  }),

  endpoint({
    method: "POST",
    path: `${REVISIONS}/:revisionId/restore`,
    access: need("publish", { param: "code" }),
    tag,
    summary: "Restore a revision's content (If-Match the version's ETag; a new revision; the status stays)",
    params: { ...params, revisionId: revisionIdParam },
    conditional: "write",
    success: {
      status: 200,
      description: "{ article, version } with the version's new ETag",
      schema: versionWrittenResponse,
    },
    otherResponses: {
      404: "No such revision or version.",
      409: "The slug is now taken.",
      422: "The revision's body cannot be rendered within the bounds the site keeps.",
      503: "The worker that reads large texts is busy: try again in a moment.",
    },
    handle: async (c, { params: { id, code, revisionId } }, { services }) => {
      const request = {
        actorUid: actorUid(c),
        preconditions: readPreconditions(c),
        mayPublish: may(c.get("user"), "publish", code),
      };
      const restored = await restoreRevision(services, request, id, code, revisionId);
      return c.json({
        article: articleAsReadBy(c.get("user"), restored.article),
        ...withEntityTag(c, versionRepresentation(restored.version), versionTag),
      } satisfies Answer<typeof versionWrittenResponse>);
    },
  }),
];
