/**
 * Every request body has a cap that depends on the route (decision 0022),
 * enforced by hono/body-limit as the bytes arrive: a declared Content-Length
 * over the cap is refused before anything is read, a chunked body as soon as
 * it grows past it. Any route not listed gets the default (pages take no
 * body: a write to one is answered 405, ./methods.ts).
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { VERSION_BODY_LIMIT_BYTES } from "#core/admin/articles/schema.ts";
import { IMPORT_CHUNK_BYTES } from "#server/admin/romes/imports.ts";
import { IMPORT_BODY_LIMIT_BYTES } from "#server/admin/translations/exchange/document.ts";
import type { Config } from "#server/config.ts";
import type { HttpEnv } from "./env.ts";
import { errorResponse } from "./errors.ts";

/** JSON API bodies and forms: settings, labels, sign-in forms. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
/** An analytics event is a name and a path. */
export const ANALYTICS_BODY_LIMIT_BYTES = 4 * 1024;

interface RouteLimit {
  path: RegExp;
  /** Bytes, or the setting that gives them. */
  maxBytes: number | ((config: Pick<Config, "media">) => number);
  code?: string;
  message?: string | ((maxBytes: number) => string);
  /** The field the error names; "body" unless given. */
  field?: string;
}

export const ROUTE_BODY_LIMITS: readonly RouteLimit[] = [
  {
    // An image upload (the raw file is the body): MEDIA_MAX_UPLOAD_MB.
    path: /^\/api\/admin\/media\/?$/,
    maxBytes: (config) => config.media.maxUploadBytes,
    message: (maxBytes) => `file: the file is larger than ${maxBytes / 1024 / 1024} MB.`,
    field: "file",
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

function limiter(limit: RouteLimit, config: Pick<Config, "media">): MiddlewareHandler<HttpEnv> {
  const maxBytes = typeof limit.maxBytes === "number" ? limit.maxBytes : limit.maxBytes(config);
  const message = typeof limit.message === "function" ? limit.message(maxBytes) : (limit.message ?? `The request body is larger than ${maxBytes} bytes.`);
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
