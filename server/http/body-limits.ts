/**
 * Every request body has a cap that depends on the route (decision 0022),
 * enforced as the bytes arrive: a declared Content-Length over the cap is
 * refused before anything is read, a chunked body as soon as it grows past it.
 * Any route not listed gets the default (pages take no body: a write to one is
 * answered 405, ./methods.ts). hono/body-limit reads a chunked body whole into
 * memory before the route runs; an image upload's (`streamed`) is only counted
 * as the route reads it, so it is read after the admin gate and the upload
 * queue (issue 41 item 2), once.
 */
import type { ErrorCode } from "#core/error-codes.ts";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { VERSION_BODY_LIMIT_BYTES } from "#core/admin/articles/schema.ts";
import { IMPORT_CHUNK_BYTES } from "#core/admin/romes/schema.ts";
import { IMPORT_BODY_LIMIT_BYTES } from "#core/admin/translations/schema.ts";
import type { Config } from "#server/base/config.ts";
import { bodyTooLargeMessage } from "./body.ts";
import type { HttpEnv } from "./env.ts";
import { errorResponse, HttpError } from "./errors.ts";

/** JSON API bodies and forms: settings, labels, sign-in forms. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
/** An analytics event is a name and a path. */
export const ANALYTICS_BODY_LIMIT_BYTES = 4 * 1024;

interface RouteLimit {
  path: RegExp;
  /** Bytes, or the setting that gives them. */
  maxBytes: number | ((config: Pick<Config, "media">) => number);
  code?: ErrorCode;
  message?: string | ((maxBytes: number) => string);
  /** The field the error names; "body" unless given. */
  field?: string;
  /** A body without a declared length is counted as the route reads it, not read here first. */
  streamed?: true;
}

const uploadTooLargeMessage = (maxBytes: number) => `file: the file is larger than ${maxBytes / 1024 / 1024} MB.`;

/** The refusal of an image upload over MEDIA_MAX_UPLOAD_MB, for the route that reads it (server/admin/media/routes.ts). */
export function uploadTooLarge(maxBytes: number): HttpError {
  return new HttpError(413, "payload_too_large", uploadTooLargeMessage(maxBytes), "file", { Connection: "close" });
}

export const ROUTE_BODY_LIMITS: readonly RouteLimit[] = [
  {
    // An image upload (the raw file is the body): MEDIA_MAX_UPLOAD_MB.
    path: /^\/api\/admin\/media\/?$/,
    maxBytes: (config) => config.media.maxUploadBytes,
    message: uploadTooLargeMessage,
    field: "file",
    streamed: true,
  },
  {
    path: /^\/api\/admin\/romes\/imports\/[^/]+\/chunks\/[^/]+$/,
    maxBytes: IMPORT_CHUNK_BYTES,
    code: "chunk_too_large",
    message: `A chunk may be at most 64 KiB (${IMPORT_CHUNK_BYTES} bytes).`,
  },
  { path: /^\/api\/admin\/articles\/[^/]+\/versions\/[^/]+$/, maxBytes: VERSION_BODY_LIMIT_BYTES },
  { path: /^\/api\/analytics\//, maxBytes: ANALYTICS_BODY_LIMIT_BYTES },
  { path: /^\/api\/admin\/translations\/import$/, maxBytes: IMPORT_BODY_LIMIT_BYTES },
];

/**
 * The body as it arrives, failing with `tooLarge` (a 413 that closes the connection) as soon as it passes
 * `maxBytes`; nothing is kept here. Cancelling it (the reader gave up) cancels the request's body.
 */
function countedBody(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: () => HttpError): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

function limiter(limit: RouteLimit, config: Pick<Config, "media">): MiddlewareHandler<HttpEnv> {
  const maxBytes = typeof limit.maxBytes === "number" ? limit.maxBytes : limit.maxBytes(config);
  const message = typeof limit.message === "function" ? limit.message(maxBytes) : (limit.message ?? bodyTooLargeMessage(maxBytes));
  if (limit.streamed) {
    // Closing the connection: the rest of an oversized body is not worth reading.
    const tooLarge = () => new HttpError(413, limit.code ?? "payload_too_large", message, limit.field ?? "body", { Connection: "close" });
    return async (c, next) => {
      const headers = c.req.raw.headers;
      if (headers.has("content-length") && !headers.has("transfer-encoding")) {
        // Node's parser delivers exactly the declared length, never more.
        if (Number(headers.get("content-length")) > maxBytes) throw tooLarge();
        return next();
      }
      const body = c.req.raw.body;
      if (body) c.req.raw = new Request(c.req.raw, { body: countedBody(body, maxBytes, tooLarge), duplex: "half" } as RequestInit);
      return next();
    };
  }
  return bodyLimit({
    maxSize: maxBytes,
    // Closing the connection: the rest of an oversized body is not worth reading.
    onError: () => {
      const response = errorResponse(413, limit.code ?? "payload_too_large", message, limit.field ?? "body");
      response.headers.set("Connection", "close");
      return response;
    },
  });
}

/** The body limit of the request's route. */
export function routeBodyLimit(config: Pick<Config, "media">): MiddlewareHandler<HttpEnv> {
  const routes = ROUTE_BODY_LIMITS.map((limit) => ({ path: limit.path, handler: limiter(limit, config) }));
  const fallback = limiter({ path: /^/, maxBytes: DEFAULT_BODY_LIMIT_BYTES }, config);
  return (c, next) => (routes.find((route) => route.path.test(c.req.path))?.handler ?? fallback)(c, next);
}
