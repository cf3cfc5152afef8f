/**
 * GET /social/{source}.jpg: a cover as the 1200×630 JPEG link previews show (`og:image`, `twitter:image`).
 * Social sites take PNG or JPEG, not the SVG covers of the covers folder, and want one shape; so the
 * source (a file of the covers folder or a library image's variant, core/open-graph.ts) is cropped to
 * 1200×630 around its centre, laid on white and encoded as JPEG (decision 0162).
 *
 * A picture is made on the first request and kept: the last SOCIAL_IMAGE_CACHE_ENTRIES made, in memory,
 * and requests for one being made wait for that one. Making it is an image job like an upload's: it
 * takes a place and its turn at the process's image queue (upload-gate.ts), so link-preview crawlers
 * never decode more at once than uploads may; with no place free it is a 503 with Retry-After.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { LRUCache } from "lru-cache";
import type { Config } from "#server/base/config.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { SOCIAL_IMAGE, socialImageSource } from "#core/open-graph.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { loadSharp, reasonOf } from "./pipeline.ts";
import type { UploadGate } from "./upload-gate.ts";

/** Pictures kept per process, each a 1200×630 JPEG (15–33 KB for the demo covers). */
export const SOCIAL_IMAGE_CACHE_ENTRIES = 64;

export interface SocialImageOptions {
  /** The folder holding the site's covers folder (the built browser assets, or public/ in development); null when there is none. */
  publicDir: string | null;
  /** The process's image queue, shared with uploads. */
  gate: UploadGate;
}

/** A source that is not there (404) or that sharp cannot read (422), told apart from a server fault. */
class SourceProblem extends Error {
  readonly status: 404 | 422;
  constructor(status: 404 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

export function socialImages(
  services: { config: Pick<Config, "media">; database: DatabaseHandle },
  options: SocialImageOptions,
) {
  const app = new Hono<HttpEnv>();
  const { maxInputPixels } = services.config.media;
  /** Made (or being made) pictures by source path, least recently asked first. */
  const made = new LRUCache<string, Promise<Buffer>>({ max: SOCIAL_IMAGE_CACHE_ENTRIES });

  const readSource = async (source: string): Promise<Buffer> => {
    if (source.startsWith("/media/")) {
      const variant = await services.database.db
        .selectFrom("media_variants")
        .select("bytes")
        .where("file", "=", source.slice("/media/".length))
        .executeTakeFirst();
      if (!variant) throw new SourceProblem(404, `No library image ${source}.`);
      return Buffer.from(variant.bytes);
    }
    if (options.publicDir === null)
      throw new SourceProblem(404, `No cover ${source}: this server has no covers folder.`);
    // The source's pattern allows one file name of letters, digits, "_" and "-" under /covers/: no way out of the folder.
    return readFile(join(options.publicDir, source)).catch(() => {
      throw new SourceProblem(404, `No cover ${source}.`);
    });
  };

  const render = async (bytes: Buffer): Promise<Buffer> => {
    const sharp = await loadSharp();
    try {
      return await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: "warning" })
        .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: "cover" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch (error) {
      throw new SourceProblem(422, `The cover cannot be made into a picture (${reasonOf(error)}).`);
    }
  };

  app.get("/social/*", async (c) => {
    const source = socialImageSource(c.req.path);
    if (source === null)
      return errorResponse(
        404,
        "not_found",
        "No such image: a link preview picture is /social/covers/{file}.jpg or /social/media/{variant}.jpg.",
      );
    let picture = made.get(source);
    if (!picture) {
      const ticket = options.gate.admit();
      if (!ticket) {
        const seconds = options.gate.retryAfterSeconds();
        return errorResponse(
          503,
          "images_busy",
          `The server is making other images; try again in ${seconds} s.`,
          undefined,
          { "Retry-After": String(seconds) },
        );
      }
      picture = readSource(source)
        .then((bytes) => ticket.run(() => render(bytes)))
        .finally(() => ticket.release());
      made.set(source, picture);
      picture.catch(() => made.delete(source));
    }
    let bytes: Buffer;
    try {
      bytes = await picture;
    } catch (error) {
      if (error instanceof SourceProblem)
        return errorResponse(error.status, error.status === 404 ? "not_found" : "image_not_renderable", error.message);
      throw error;
    }
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": SOCIAL_IMAGE.type,
      "Content-Length": String(bytes.byteLength),
      ETag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`,
      // A library variant's name carries its bytes' hash, so its picture never changes; a cover keeps its name across releases.
      "Cache-Control": source.startsWith("/media/")
        ? "public, max-age=31536000, immutable"
        : "public, max-age=604800, stale-while-revalidate=86400",
    });
  });
  return app;
}
