/** Admin API: the media library (mounted under /api/admin/media behind the admin gate; XSRF is checked in front of it). */
import { Hono, type Context } from "hono";
import type { AppServices } from "#server/context.ts";
import { readBytesLimited, readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse, HttpError } from "#server/http/errors.ts";
import { readQuery } from "#server/http/query.ts";
import { validateInput } from "#server/http/validate.ts";
import { altInput, languageCodeParam, listMediaQuery, mediaIdParam, uploadNameQuery } from "#core/admin/media/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import { deleteMedia, findMedia, listMedia, setAltText, uploadMedia } from "#server/admin/media/service.ts";

export function mediaAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  const noStore = { "Cache-Control": "no-store" };
  const mediaId = (c: Context<HttpEnv>) => validateInput(mediaIdParam, c.req.param("id"), "id");

  app.get("/", async (c) => c.json(await listMedia(services, readQuery(c, listMediaQuery)), 200, noStore));

  /** The file is the raw request body; its name comes as ?name= so the body needs no multipart parsing. */
  app.post("/", async (c) => {
    const { name } = readQuery(c, uploadNameQuery);
    const { maxUploadBytes } = services.config.media;
    // Counted while it streams: an oversized upload is refused without being held whole.
    const bytes = await readBytesLimited(c.req.raw, maxUploadBytes, () => new HttpError(413, "payload_too_large", `file: the file is larger than ${maxUploadBytes / 1024 / 1024} MB.`, "file"));
    const { item, created } = await uploadMedia(services, actorUid(c), name, bytes, { maxInputPixels: services.config.media.maxInputPixels });
    return c.json({ item, created }, created ? 201 : 200);
  });

  app.get("/:id", async (c) => {
    const id = mediaId(c);
    const item = await findMedia(services, id);
    return item ? c.json({ item }, 200, noStore) : errorResponse(404, "not_found", `id: no image ${id} in the media library.`, "id");
  });

  app.put("/:id/alt/:code", async (c) => {
    const id = mediaId(c);
    const code = validateInput(languageCodeParam, c.req.param("code"), "code");
    const { alt } = await readJson(c, altInput);
    return c.json({ item: await setAltText(services, actorUid(c), id, code, alt) });
  });

  app.delete("/:id", async (c) => {
    await deleteMedia(services, actorUid(c), mediaId(c));
    return c.body(null, 204);
  });

  return app;
}
