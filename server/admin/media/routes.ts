/** Admin API: the media library (mounted under /api/admin/media behind the admin gate; XSRF is checked in front of it). */
import { Hono, type Context } from "hono";
import type { AppServices } from "#server/content/context.ts";
import { readJson, readRawBody } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { uploadTooLarge } from "#server/http/body-limits.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { readQuery } from "#server/http/query.ts";
import { validateInput } from "#server/http/validate.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
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
import { pickLanguages, stringsReading } from "#core/auth/reading.ts";
import { authorize } from "#server/auth/access.ts";
import { actorUid } from "#server/admin/actor.ts";
import { deleteMedia, findMedia, listMedia, mediaItemAsReadBy, mediaPageAsReadBy, setAltTexts, uploadMedia } from "#server/admin/media/service.ts";
import type { UploadGate } from "#server/media/upload-gate.ts";

export function mediaAdminApi(services: AppServices, gate: UploadGate) {
  const app = new Hono<HttpEnv>();
  const noStore = { "Cache-Control": "no-store" };
  const mediaId = (c: Context<HttpEnv>) => validateInput(mediaIdParam, c.req.param("id"), "id");
  // What each caller may read of an image's alt texts (decision 0147): a translator, theirs and the favorite language's.
  const favorite = () => services.content.current().languages.find((language) => language.favorite)?.code;
  const readable = (c: Context<HttpEnv>, item: MediaItem) => mediaItemAsReadBy(c.get("user"), favorite(), item);
  const readableAlt = (c: Context<HttpEnv>) => {
    const scope = stringsReading(c.get("user"), favorite());
    return (alt: Record<string, string>) => (scope === "all" ? alt : pickLanguages(scope, alt));
  };
  /** Saves alt texts from the copy the request's If-Match names and answers the image with its alt texts' new ETag. */
  const saveAltTexts = async (c: Context<HttpEnv>, id: number, alt: Record<string, string>) => {
    const item = readable(c, await setAltTexts(services, actorUid(c), id, alt, readPreconditions(c), readableAlt(c)));
    c.header("ETag", item.altEtag);
    return c.json({ item } satisfies Answer<typeof mediaItemResponse>);
  };

  app.get(
    "/",
    apiRoute({
      tag: "Media",
      summary: "Library images, newest first, searched by file name or alt text",
      query: listMediaQuery,
      success: { status: 200, description: "{ items, next } (next: the `before` cursor of the next page, or null)", schema: mediaPageSchema },
    }),
    async (c) => {
      const query = readQuery(c, listMediaQuery);
      return c.json(mediaPageAsReadBy(c.get("user"), favorite(), await listMedia(services, query), query.q) satisfies Answer<typeof mediaPageSchema>, 200, noStore);
    },
  );

  const { media } = services.config;
  const limits = { maxInputPixels: media.maxInputPixels, maxSidePixels: media.maxSidePixels };
  const tooLarge = () => uploadTooLarge(media.maxUploadBytes);

  /**
   * The file is the raw request body (capped by MEDIA_MAX_UPLOAD_MB in body-limits.ts); its name comes as ?name= so the body needs no
   * multipart parsing. An upload is admitted before its body is read (503 when MEDIA_MAX_CONCURRENT_UPLOADS are already in), read into
   * one buffer, checked on its header, then decoded and encoded when its turn comes: one image at a time per process.
   */
  app.post(
    "/",
    apiRoute({
      tag: "Media",
      summary: "Upload an image (JPEG, PNG, WebP, AVIF or GIF): metadata stripped, responsive variants made",
      query: uploadNameQuery,
      rawBody: { "application/octet-stream": { type: "string", format: "binary" } },
      success: { status: 201, description: "{ item, created } (200 and created: false when the same image is already in the library)", schema: mediaUploadResponse },
      otherResponses: {
        200: { description: "The same image is already in the library: { item, created: false }.", schema: mediaUploadResponse },
        413: "The file is over the upload size, pixel or side limit.",
        415: "Not an accepted image, or not the format its name says.",
        422: "The image could not be decoded (truncated or damaged) or encoded; the message says what the image library reported.",
        503: "Too many uploads at once on this server: try again after Retry-After seconds.",
      },
    }),
    async (c) => {
      const { name } = readQuery(c, uploadNameQuery);
      const ticket = gate.admit();
      if (!ticket) {
        const seconds = gate.retryAfterSeconds();
        // The body is left unread; Node discards it after this answer, without keeping it.
        return errorResponse(503, "uploads_busy", `file: ${media.maxConcurrentUploads} images are being uploaded or processed on this server; try again in ${seconds} s.`, "file", {
          "Retry-After": String(seconds),
        });
      }
      try {
        const signal = c.req.raw.signal;
        const bytes = await readRawBody(c, media.maxUploadBytes, tooLarge);
        const { item, created } = await uploadMedia(services, actorUid(c), name, bytes, { limits, runJob: (job) => ticket.run(job, signal), signal });
        return c.json({ item: readable(c, item), created } satisfies Answer<typeof mediaUploadResponse>, created ? 201 : 200);
      } finally {
        ticket.release();
      }
    },
  );

  app.get(
    "/:id",
    apiRoute({
      tag: "Media",
      summary: "One library image with its variants, alt text and the articles using it",
      params: { id: mediaIdParam },
      success: { status: 200, description: "{ item }", schema: mediaItemResponse },
      otherResponses: { 404: "No image with this id." },
    }),
    async (c) => {
      const id = mediaId(c);
      const item = await findMedia(services, id);
      return item
        ? c.json({ item: readable(c, item) } satisfies Answer<typeof mediaItemResponse>, 200, noStore)
        : errorResponse(404, "not_found", `id: no image ${id} in the media library.`, "id");
    },
  );

  app.get(
    "/:id/alt",
    apiRoute({
      tag: "Media",
      summary: "The image's alt texts (in the languages the caller may read)",
      params: { id: mediaIdParam },
      conditional: "read",
      success: { status: 200, description: "{ id, alt }; the ETag is this object's (the items' `altEtag`)", schema: mediaAltTextsSchema },
      otherResponses: { 404: "No image with this id." },
    }),
    async (c) => {
      const id = mediaId(c);
      const item = await findMedia(services, id);
      if (!item) return errorResponse(404, "not_found", `id: no image ${id} in the media library.`, "id");
      return c.json(withEntityTag(c, { id, alt: readable(c, item).alt }) satisfies Answer<typeof mediaAltTextsSchema>, 200, noStore);
    },
  );

  app.put(
    "/:id/alt",
    apiRoute({
      tag: "Media",
      summary: "Save the image's alt texts in several languages at once (empty removes one; languages not named keep theirs); If-Match: the alt texts' ETag",
      params: { id: mediaIdParam },
      body: altTextsInput,
      conditional: "write",
      success: { status: 200, description: "{ item }; the ETag is the alt texts' new one (item.altEtag)", schema: mediaItemResponse },
      otherResponses: { 404: "No image with this id." },
    }),
    async (c) => {
      const id = mediaId(c);
      const { alt } = await readJson(c, altTextsInput);
      for (const code of Object.keys(alt)) await authorize(services, c, "translate", code);
      return saveAltTexts(c, id, alt);
    },
  );

  app.put(
    "/:id/alt/:code",
    apiRoute({
      tag: "Media",
      summary: "Set (or, when empty, remove) the image's alt text in one language; the article versions drawing it are re-rendered; If-Match: the alt texts' ETag",
      params: { id: mediaIdParam, code: languageCodeParam },
      body: altInput,
      conditional: "write",
      success: { status: 200, description: "{ item }; the ETag is the alt texts' new one (item.altEtag)", schema: mediaItemResponse },
      otherResponses: { 404: "No image with this id." },
    }),
    async (c) => {
      const id = mediaId(c);
      const code = validateInput(languageCodeParam, c.req.param("code"), "code");
      const { alt } = await readJson(c, altInput);
      return saveAltTexts(c, id, { [code]: alt });
    },
  );

  app.delete(
    "/:id",
    apiRoute({
      tag: "Media",
      summary: "Delete an image no article uses",
      params: { id: mediaIdParam },
      success: { status: 204, description: "Deleted." },
      otherResponses: { 404: "No image with this id.", 409: "Articles use the image; the message lists them." },
    }),
    async (c) => {
      await deleteMedia(services, actorUid(c), mediaId(c));
      return c.body(null, 204);
    },
  );

  return app;
}
