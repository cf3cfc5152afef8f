/** Admin API: a language version's publication — publish, unpublish, schedules, preview links (under /api/admin/articles). */
import { Hono, type Context } from "hono";
import { may } from "#core/auth/roles.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { VersionRequest } from "#server/admin/articles/version-writes.ts";
import { versionRepresentation, versionTag } from "#server/content/version-reads.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import type { AppServices } from "#server/content/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { validateInput } from "#server/http/validate.ts";
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
import { cancelSchedule, createPreviewLink, publishVersion, revokePreviewLink, scheduleChange, unpublishVersion, versionPublishing } from "./service.ts";

const VERSION = "/:id/versions/:code";

export function publishingAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  const version = (c: Context<HttpEnv>) => ({ id: validateInput(articleIdParam, c.req.param("id"), "id"), code: validateInput(languageCodeParam, c.req.param("code"), "code") });
  const action = (c: Context<HttpEnv>) => validateInput(scheduleActionParam, c.req.param("action"), "action");
  const params = { id: articleIdParam, code: languageCodeParam };
  const missing = { 404: "No such article or version." };
  const request = (c: Context<HttpEnv>): VersionRequest => ({
    actorUid: actorUid(c),
    preconditions: readPreconditions(c),
    mayPublish: may(c.get("user"), "publish", version(c).code),
  });

  app.get(
    `${VERSION}/publishing`,
    apiRoute({
      tag: "Publishing",
      summary: "A version's state, pending schedules and preview links",
      params,
      success: { status: 200, description: "{ publishing }", schema: publishingResponse },
      otherResponses: missing,
    }),
    async (c) => {
      const { id, code } = version(c);
      return c.json({ publishing: await versionPublishing(services, id, code) } satisfies Answer<typeof publishingResponse>);
    },
  );

  app.post(
    `${VERSION}/publish`,
    apiRoute({
      tag: "Publishing",
      summary: "Publish a version now (If-Match its ETag): a version not published goes live; a published one's pending changes become the live text",
      params,
      conditional: "write",
      success: { status: 200, description: "{ publishing, version } with the version's new ETag", schema: publishingChangedResponse },
      otherResponses: { ...missing, 409: "Published, with no pending changes." },
    }),
    async (c) => {
      const { id, code } = version(c);
      const { publishing, version: published } = await publishVersion(services, request(c), id, code);
      return c.json({ publishing, ...withEntityTag(c, versionRepresentation(published), versionTag) } satisfies Answer<typeof publishingChangedResponse>);
    },
  );

  app.post(
    `${VERSION}/unpublish`,
    apiRoute({
      tag: "Publishing",
      summary: "Take a published version off the site now (If-Match its ETag); its pending changes become its working text",
      params,
      conditional: "write",
      success: { status: 200, description: "{ publishing, version } with the version's new ETag", schema: publishingChangedResponse },
      otherResponses: { ...missing, 409: "Not published." },
    }),
    async (c) => {
      const { id, code } = version(c);
      const { publishing, version: unpublished } = await unpublishVersion(services, request(c), id, code);
      return c.json({ publishing, ...withEntityTag(c, versionRepresentation(unpublished), versionTag) } satisfies Answer<typeof publishingChangedResponse>);
    },
  );

  app.put(
    `${VERSION}/schedules/:action`,
    apiRoute({
      tag: "Publishing",
      summary: "Schedule a publish (of the pending changes, for a published version) or unpublish at a UTC time (If-Match the version's ETag)",
      params: { ...params, action: scheduleActionParam },
      body: scheduleInput,
      conditional: "write",
      success: { status: 200, description: "{ publishing }", schema: publishingResponse },
      otherResponses: { ...missing, 400: "The time is in the past or contradicts the version's state." },
    }),
    async (c) => {
      const { id, code } = version(c);
      const kind = action(c);
      const input = await readJson(c, scheduleInput);
      return c.json({ publishing: await scheduleChange(services, request(c), id, code, kind, input) } satisfies Answer<typeof publishingResponse>);
    },
  );

  app.delete(
    `${VERSION}/schedules/:action`,
    apiRoute({
      tag: "Publishing",
      summary: "Cancel a scheduled publish or unpublish (If-Match the version's ETag)",
      params: { ...params, action: scheduleActionParam },
      conditional: "write",
      success: { status: 200, description: "{ publishing }", schema: publishingResponse },
      otherResponses: { 404: "No such version or schedule." },
    }),
    async (c) => {
      const { id, code } = version(c);
      return c.json({ publishing: await cancelSchedule(services, request(c), id, code, action(c)) } satisfies Answer<typeof publishingResponse>);
    },
  );

  app.post(
    `${VERSION}/previews`,
    apiRoute({
      tag: "Publishing",
      summary: "Create a signed draft-preview link",
      params,
      body: createPreviewInput,
      success: { status: 201, description: "{ preview } with its url", schema: previewLinkResponse },
      otherResponses: missing,
    }),
    async (c) => {
      const { id, code } = version(c);
      const input = await readJson(c, createPreviewInput);
      return c.json({ preview: await createPreviewLink(services, actorUid(c), id, code, input) } satisfies Answer<typeof previewLinkResponse>, 201);
    },
  );

  app.delete(
    `${VERSION}/previews/:linkId`,
    apiRoute({
      tag: "Publishing",
      summary: "Revoke a preview link",
      params: { ...params, linkId: previewLinkIdParam },
      success: { status: 200, description: "{ preview }", schema: previewLinkResponse },
      otherResponses: { 404: "No such link." },
    }),
    async (c) => {
      const { id, code } = version(c);
      const linkId = validateInput(previewLinkIdParam, c.req.param("linkId"), "linkId");
      return c.json({ preview: await revokePreviewLink(services, actorUid(c), id, code, linkId) } satisfies Answer<typeof previewLinkResponse>);
    },
  );

  return app;
}
