/** Admin API: a language version's publication — publish, unpublish, schedules, preview links; each declared once (server/http/endpoint.ts, decision 0175). */
import type { Context } from "hono";
import { articleIdParam, languageCodeParam } from "#core/admin/articles/schema.ts";
import {
  createPreviewInput,
  previewLinkIdParam,
  previewLinkResponse,
  publishingChangedResponse,
  publishingResponse,
  scheduleActionParam,
  scheduleInput,
} from "#core/admin/publishing/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { may } from "#core/auth/roles.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { VersionRequest } from "#server/admin/articles/version-writes.ts";
import { versionRepresentation, versionTag } from "#server/content/version-reads.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import type { Answer } from "#server/http/openapi.ts";
import { cancelSchedule, publishVersion, scheduleChange, unpublishVersion, versionPublishing } from "./service.ts";
import { createPreviewLink, revokePreviewLink } from "./previews.ts";

const VERSION = "/articles/:id/versions/:code";
const tag = "Publishing";
const params = { id: articleIdParam, code: languageCodeParam };
const missing = { 404: "No such article or version." };
const publisher = need("publish", { param: "code" });

const request = (c: Context<HttpEnv>, code: string): VersionRequest => ({
  actorUid: actorUid(c),
  preconditions: readPreconditions(c),
  mayPublish: may(c.get("user"), "publish", code),
});

export const publishingEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: `${VERSION}/publishing`,
    access: need("read", { param: "code" }),
    tag,
    summary: "A version's state, pending schedules and preview links",
    params,
    success: { status: 200, description: "{ publishing }", schema: publishingResponse },
    otherResponses: missing,
    handle: async (c, { params: { id, code } }, { services }) =>
      c.json({ publishing: await versionPublishing(services, id, code) } satisfies Answer<typeof publishingResponse>),
  }),

  endpoint({
    method: "POST",
    path: `${VERSION}/publish`,
    access: publisher,
    tag,
    summary:
      "Publish a version now (If-Match its ETag): a version not published goes live; a published one's pending changes become the live text",
    params,
    conditional: "write",
    success: {
      status: 200,
      description: "{ publishing, version } with the version's new ETag",
      schema: publishingChangedResponse,
    },
    otherResponses: { ...missing, 409: "Published, with no pending changes." },
    handle: async (c, { params: { id, code } }, { services }) => {
      const { publishing, version: published } = await publishVersion(services, request(c, code), id, code);
      return c.json({ publishing, ...withEntityTag(c, versionRepresentation(published), versionTag) } satisfies Answer<
        typeof publishingChangedResponse
      >);
    },
  }),

  endpoint({
    method: "POST",
    path: `${VERSION}/unpublish`,
    access: publisher,
    tag,
    summary:
      "Take a published version off the site now (If-Match its ETag); its pending changes become its working text",
    params,
    conditional: "write",
    success: {
      status: 200,
      description: "{ publishing, version } with the version's new ETag",
      schema: publishingChangedResponse,
    },
    otherResponses: { ...missing, 409: "Not published." },
    handle: async (c, { params: { id, code } }, { services }) => {
      const { publishing, version: unpublished } = await unpublishVersion(services, request(c, code), id, code);
      return c.json({
        publishing,
        ...withEntityTag(c, versionRepresentation(unpublished), versionTag),
      } satisfies Answer<typeof publishingChangedResponse>);
    },
  }),

  endpoint({
    method: "PUT",
    path: `${VERSION}/schedules/:action`,
    access: publisher,
    tag,
    summary:
      "Schedule a publish (of the pending changes, for a published version) or unpublish at a UTC time (If-Match the version's ETag)",
    params: { ...params, action: scheduleActionParam },
    body: scheduleInput,
    conditional: "write",
    success: { status: 200, description: "{ publishing }", schema: publishingResponse },
    otherResponses: { ...missing, 400: "The time is in the past or contradicts the version's state." },
    handle: async (c, { params: { id, code, action }, body }, { services }) =>
      c.json({ publishing: await scheduleChange(services, request(c, code), id, code, action, body) } satisfies Answer<
        typeof publishingResponse
      >),
  }),

  endpoint({
    method: "DELETE",
    path: `${VERSION}/schedules/:action`,
    access: publisher,
    tag,
    summary: "Cancel a scheduled publish or unpublish (If-Match the version's ETag)",
    params: { ...params, action: scheduleActionParam },
    conditional: "write",
    success: { status: 200, description: "{ publishing }", schema: publishingResponse },
    otherResponses: { 404: "No such version or schedule." },
    handle: async (c, { params: { id, code, action } }, { services }) =>
      c.json({ publishing: await cancelSchedule(services, request(c, code), id, code, action) } satisfies Answer<
        typeof publishingResponse
      >),
  }),

  endpoint({
    method: "POST",
    path: `${VERSION}/previews`,
    access: need("translate", { param: "code" }),
    tag,
    summary: "Create a signed draft-preview link",
    params,
    body: createPreviewInput,
    success: { status: 201, description: "{ preview } with its url", schema: previewLinkResponse },
    otherResponses: missing,
    handle: async (c, { params: { id, code }, body }, { services }) =>
      c.json(
        { preview: await createPreviewLink(services, actorUid(c), id, code, body) } satisfies Answer<
          typeof previewLinkResponse
        >,
        201,
      ),
  }),

  endpoint({
    method: "DELETE",
    path: `${VERSION}/previews/:linkId`,
    access: need("translate", { param: "code" }),
    tag,
    summary: "Revoke a preview link",
    params: { ...params, linkId: previewLinkIdParam },
    success: { status: 200, description: "{ preview }", schema: previewLinkResponse },
    otherResponses: { 404: "No such link." },
    handle: async (c, { params: { id, code, linkId } }, { services }) =>
      c.json({ preview: await revokePreviewLink(services, actorUid(c), id, code, linkId) } satisfies Answer<
        typeof previewLinkResponse
      >),
  }),
];
