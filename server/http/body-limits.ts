/**
 * Every request body has a cap that depends on the route (decision 0022),
 * enforced as the bytes arrive: a declared Content-Length over the cap is
 * refused before anything is read, a chunked body as soon as it grows past it.
 * An endpoint's cap is its declaration's `bodyLimit` (./endpoint.ts, decision 0175);
 * the public analytics events have theirs here; anything else gets the default
 * (pages take no body: a write to one is answered 405, ./methods.ts). hono/body-limit reads a chunked body whole into
 * memory before the route runs; an image upload's (`streamed`) is only counted
 * as the route reads it, so it is read after the admin gate and the upload
 * queue (issue 41 item 2), once.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Config } from "#server/base/config.ts";
import { bodyTooLargeMessage } from "./body.ts";
import { declaredEndpoint, type BodyLimit } from "./endpoint.ts";
import type { HttpEnv } from "./env.ts";
import { errorResponse } from "./errors.ts";
import { type AppError, tooLarge } from "#core/errors.ts";

/** JSON API bodies and forms: settings, labels, sign-in forms. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
/** An analytics event is a name and a path. */
export const ANALYTICS_BODY_LIMIT_BYTES = 4 * 1024;

const uploadTooLargeMessage = (maxBytes: number) => `file: the file is larger than ${maxBytes / 1024 / 1024} MB.`;

/** An image upload's limit (the raw file is the body): MEDIA_MAX_UPLOAD_MB, counted as the route reads it (server/admin/media/routes.ts). */
export const UPLOAD_BODY_LIMIT: BodyLimit = {
  maxBytes: (config) => config.media.maxUploadBytes,
  message: uploadTooLargeMessage,
  field: "file",
  streamed: true,
};

/** The refusal of an image upload over MEDIA_MAX_UPLOAD_MB, for the route that reads it (server/admin/media/routes.ts). */
export function uploadTooLarge(maxBytes: number): AppError {
  return tooLarge("payload_too_large", uploadTooLargeMessage(maxBytes), "file");
}

/**
 * The body as it arrives, failing with `tooLarge` (a 413 that closes the connection) as soon as it passes
 * `maxBytes`; nothing is kept here. Cancelling it (the reader gave up) cancels the request's body.
 */
function countedBody(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  refusal: () => AppError,
): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(refusal());
        else controller.enqueue(chunk);
      },
    }),
  );
}

function limiter(limit: BodyLimit, config: Pick<Config, "media">): MiddlewareHandler<HttpEnv> {
  const maxBytes = typeof limit.maxBytes === "number" ? limit.maxBytes : limit.maxBytes(config);
  const message =
    typeof limit.message === "function" ? limit.message(maxBytes) : (limit.message ?? bodyTooLargeMessage(maxBytes));
  if (limit.streamed) {
    // Closing the connection: the rest of an oversized body is not worth reading.
    const refusal = () => tooLarge(limit.code ?? "payload_too_large", message, limit.field ?? "body");
    return async (c, next) => {
      const headers = c.req.raw.headers;
      if (headers.has("content-length") && !headers.has("transfer-encoding")) {
        // Node's parser delivers exactly the declared length, never more.
        if (Number(headers.get("content-length")) > maxBytes) throw refusal();
        return next();
      }
      const body = c.req.raw.body;
      if (body)
        c.req.raw = new Request(c.req.raw, {
          body: countedBody(body, maxBytes, refusal),
          duplex: "half",
        } as RequestInit);
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

/** The body limit of the request's route: its declaration's, the analytics events', or the default. */
export function routeBodyLimit(config: Pick<Config, "media">): MiddlewareHandler<HttpEnv> {
  const declared = new WeakMap<BodyLimit, MiddlewareHandler<HttpEnv>>();
  const analytics = limiter({ maxBytes: ANALYTICS_BODY_LIMIT_BYTES }, config);
  const fallback = limiter({ maxBytes: DEFAULT_BODY_LIMIT_BYTES }, config);
  const limiterOf = (limit: BodyLimit) => {
    let handler = declared.get(limit);
    if (!handler) declared.set(limit, (handler = limiter(limit, config)));
    return handler;
  };
  return (c, next) => {
    const limit = declaredEndpoint(c)?.endpoint.bodyLimit;
    if (limit) return limiterOf(limit)(c, next);
    return (c.req.path.startsWith("/api/analytics/") ? analytics : fallback)(c, next);
  };
}
