/**
 * GET /media/{file}: the encoded variants, read from the database so every
 * instance serves every image. A name carries a hash of its bytes, so the
 * answer never changes and is cached for a year as immutable.
 */
import { Hono } from "hono";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { VARIANT_FILE_PATTERN, variantContentType } from "#core/media-rules.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";

export function mediaFiles(services: { database: DatabaseHandle }) {
  const app = new Hono<HttpEnv>();
  app.get("/media/:file", async (c) => {
    const file = c.req.param("file");
    const notFound = () => errorResponse(404, "not_found", "No such image.");
    if (!VARIANT_FILE_PATTERN.test(file)) return notFound();
    const etag = `"${file}"`;
    const headers = {
      "Content-Type": variantContentType(file),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: etag,
    };
    const variant = await services.database.db
      .selectFrom("media_variants")
      .select(["bytes", "size"])
      .where("file", "=", file)
      .executeTakeFirst();
    if (!variant) return notFound();
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(variant.bytes), 200, { ...headers, "Content-Length": String(variant.size) });
  });
  return app;
}
