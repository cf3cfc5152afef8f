/** Admin API: the media library — each endpoint declared once, beside its handler (server/http/endpoint.ts, decision 0175). */
import type { Context } from "hono";
import {
  altInput,
  altTextsInput,
  languageCodeParam,
  listMediaQuery,
  mediaAltTextsSchema,
  mediaIdParam,
  mediaItemResponse,
  mediaPageSchema,
  mediaUploadResponse,
  uploadNameQuery,
  type MediaItem,
} from "#core/admin/media/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { pickLanguages, stringsReading } from "#core/auth/reading.ts";
import { actorUid } from "#server/admin/actor.ts";
import {
  deleteMedia,
  findMedia,
  listMedia,
  mediaItemAsReadBy,
  mediaPageAsReadBy,
  uploadMedia,
} from "#server/admin/media/service.ts";
import { setAltTexts } from "#server/admin/media/alt-texts.ts";
import { authorize } from "#server/auth/access.ts";
import type { AppServices } from "#server/content/context.ts";
import { readRawBody } from "#server/http/body.ts";
import { UPLOAD_BODY_LIMIT, uploadTooLarge } from "#server/http/body-limits.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import type { Answer } from "#server/http/openapi.ts";

const tag = "Media";
const noStore = { "Cache-Control": "no-store" };
const params = { id: mediaIdParam };

// What each caller may read of an image's alt texts (decision 0147): a translator, theirs and the favorite language's.
const favorite = (services: AppServices) =>
  services.content.current().languages.find((language) => language.favorite)?.code;
const readable = (c: Context<HttpEnv>, services: AppServices, item: MediaItem) =>
  mediaItemAsReadBy(c.get("user"), favorite(services), item);
const readableAlt = (c: Context<HttpEnv>, services: AppServices) => {
  const scope = stringsReading(c.get("user"), favorite(services));
  return (alt: Record<string, string>) => (scope === "all" ? alt : pickLanguages(scope, alt));
};
/** Saves alt texts from the copy the request's If-Match names and answers the image with its alt texts' new ETag. */
const saveAltTexts = async (c: Context<HttpEnv>, services: AppServices, id: number, alt: Record<string, string>) => {
  const item = readable(
    c,
    services,
    await setAltTexts(services, actorUid(c), id, alt, readPreconditions(c), readableAlt(c, services)),
  );
  c.header("ETag", item.altEtag);
  return c.json({ item } satisfies Answer<typeof mediaItemResponse>);
};

export const mediaEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/media",
    access: need("admin.enter"),
    tag,
    summary: "Library images, newest first, searched by file name or alt text",
    query: listMediaQuery,
    success: {
      status: 200,
      description: "{ items, next } (next: the `before` cursor of the next page, or null)",
      schema: mediaPageSchema,
    },
    handle: async (c, { query }, { services }) =>
      c.json(
        mediaPageAsReadBy(
          c.get("user"),
          favorite(services),
          await listMedia(services, query),
          query.q,
        ) satisfies Answer<typeof mediaPageSchema>,
        200,
        noStore,
      ),
  }),

  /**
   * The file is the raw request body (capped by MEDIA_MAX_UPLOAD_MB: UPLOAD_BODY_LIMIT); its name comes as ?name= so the body needs no
   * multipart parsing. An upload is admitted before its body is read (503 when MEDIA_MAX_CONCURRENT_UPLOADS are already in), read into
   * one buffer, checked on its header, then decoded and encoded when its turn comes: one image at a time per process.
   */
  endpoint({
    method: "POST",
    path: "/media",
    access: need("content.manage"),
    bodyLimit: UPLOAD_BODY_LIMIT,
    tag,
    summary: "Upload an image (JPEG, PNG, WebP, AVIF or GIF): metadata stripped, responsive variants made",
    query: uploadNameQuery,
    rawBody: { "application/octet-stream": { type: "string", format: "binary" } },
    success: {
      status: 201,
      description: "{ item, created } (200 and created: false when the same image is already in the library)",
      schema: mediaUploadResponse,
    },
    otherResponses: {
      200: {
        description: "The same image is already in the library: { item, created: false }.",
        schema: mediaUploadResponse,
      },
      413: "The file is over the upload size, pixel or side limit.",
      415: "Not an accepted image, or not the format its name says.",
      422: "The image could not be decoded (truncated or damaged) or encoded; the message says what the image library reported.",
      503: "Too many uploads at once on this server: try again after Retry-After seconds.",
    },
    handle: async (c, { query: { name } }, { services, imageGate }) => {
      const { media } = services.config;
      const ticket = imageGate.admit();
      if (!ticket) {
        const seconds = imageGate.retryAfterSeconds();
        // The body is left unread; Node discards it after this answer, without keeping it.
        return errorResponse(
          503,
          "uploads_busy",
          `file: ${media.maxConcurrentUploads} images are being uploaded or processed on this server; try again in ${seconds} s.`,
          "file",
          {
            "Retry-After": String(seconds),
          },
        );
      }
      try {
        const signal = c.req.raw.signal;
        const bytes = await readRawBody(c, media.maxUploadBytes, () => uploadTooLarge(media.maxUploadBytes));
        const limits = { maxInputPixels: media.maxInputPixels, maxSidePixels: media.maxSidePixels };
        const { item, created } = await uploadMedia(services, actorUid(c), name, bytes, {
          limits,
          runJob: (job) => ticket.run(job, signal),
          signal,
        });
        return c.json(
          { item: readable(c, services, item), created } satisfies Answer<typeof mediaUploadResponse>,
          created ? 201 : 200,
        );
      } finally {
        ticket.release();
      }
    },
  }),

  endpoint({
    method: "GET",
    path: "/media/:id",
    access: need("admin.enter"),
    tag,
    summary: "One library image with its variants, alt text and the articles using it",
    params,
    success: { status: 200, description: "{ item }", schema: mediaItemResponse },
    otherResponses: { 404: "No image with this id." },
    handle: async (c, { params: { id } }, { services }) => {
      const item = await findMedia(services, id);
      return item
        ? c.json({ item: readable(c, services, item) } satisfies Answer<typeof mediaItemResponse>, 200, noStore)
        : errorResponse(404, "not_found", `id: no image ${id} in the media library.`, "id");
    },
  }),

  endpoint({
    method: "GET",
    path: "/media/:id/alt",
    access: need("admin.enter"),
    tag,
    summary: "The image's alt texts (in the languages the caller may read)",
    params,
    conditional: "read",
    success: {
      status: 200,
      description: "{ id, alt }; the ETag is this object's (the items' `altEtag`)",
      schema: mediaAltTextsSchema,
    },
    otherResponses: { 404: "No image with this id." },
    handle: async (c, { params: { id } }, { services }) => {
      const item = await findMedia(services, id);
      if (!item) return errorResponse(404, "not_found", `id: no image ${id} in the media library.`, "id");
      return c.json(
        withEntityTag(c, { id, alt: readable(c, services, item).alt }) satisfies Answer<typeof mediaAltTextsSchema>,
        200,
        noStore,
      );
    },
  }),

  endpoint({
    method: "PUT",
    path: "/media/:id/alt",
    // The languages are the body's keys: the handler checks each once it has read them.
    access: need("translate", "in handler"),
    tag,
    summary:
      "Save the image's alt texts in several languages at once (empty removes one; languages not named keep theirs); If-Match: the alt texts' ETag",
    params,
    body: altTextsInput,
    conditional: "write",
    success: {
      status: 200,
      description: "{ item }; the ETag is the alt texts' new one (item.altEtag)",
      schema: mediaItemResponse,
    },
    otherResponses: { 404: "No image with this id." },
    handle: async (c, { params: { id }, body: { alt } }, { services }) => {
      for (const code of Object.keys(alt)) await authorize(services, c, "translate", code);
      return saveAltTexts(c, services, id, alt);
    },
  }),

  endpoint({
    method: "PUT",
    path: "/media/:id/alt/:code",
    access: need("translate", { param: "code" }),
    tag,
    summary:
      "Set (or, when empty, remove) the image's alt text in one language; the article versions drawing it are re-rendered; If-Match: the alt texts' ETag",
    params: { id: mediaIdParam, code: languageCodeParam },
    body: altInput,
    conditional: "write",
    success: {
      status: 200,
      description: "{ item }; the ETag is the alt texts' new one (item.altEtag)",
      schema: mediaItemResponse,
    },
    otherResponses: { 404: "No image with this id." },
    handle: async (c, { params: { id, code }, body: { alt } }, { services }) =>
      saveAltTexts(c, services, id, { [code]: alt }),
  }),

  endpoint({
    method: "DELETE",
    path: "/media/:id",
    access: need("content.manage"),
    tag,
    summary: "Delete an image no article uses",
    params,
    success: { status: 204, description: "Deleted." },
    otherResponses: { 404: "No image with this id.", 409: "Articles use the image; the message lists them." },
    handle: async (c, { params: { id } }, { services }) => {
      await deleteMedia(services, actorUid(c), id);
      return c.body(null, 204);
    },
  }),
];
