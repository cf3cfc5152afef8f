/**
 * The one place a refusal becomes an HTTP answer (decision 0176): services throw an `AppError` of a kind
 * (core/errors.ts) and know no status; `statusOf` gives the kind's status, `refusalResponse` the answer Hono's
 * onError sends, `routeRefusal` what React Router's loaders and actions throw.
 */
import { data } from "react-router";
import type { ErrorCode } from "#core/error-codes.ts";
import { AppError, type RefusalKind } from "#core/errors.ts";

export { AppError } from "#core/errors.ts";

/** Every error the server answers is JSON of one shape: { error: { code, message, field? } }, its code from core/error-codes.ts. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

const STATUS_OF_KIND = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  too_large: 413,
  unsupported_media: 415,
  unprocessable: 422,
  precondition_required: 428,
  too_many: 429,
  bad_gateway: 502,
  unavailable: 503,
} as const satisfies Record<RefusalKind, number>;

export type RefusalStatus = (typeof STATUS_OF_KIND)[RefusalKind];

/** The HTTP status of a kind of refusal. */
export function statusOf(kind: RefusalKind): RefusalStatus {
  return STATUS_OF_KIND[kind];
}

/** A body over its endpoint's limit closes the connection: the rest of it is not worth reading. */
const CLOSING_CODES: readonly ErrorCode[] = ["payload_too_large", "chunk_too_large"];

export function errorBody(code: ErrorCode, message: string, field?: string): ErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  field?: string,
  headers?: Record<string, string>,
  details?: Record<string, unknown>,
): Response {
  return Response.json(
    { ...details, ...errorBody(code, message, field) },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );
}

/** The answer to a refusal: its kind's status, its code, message, field and details. */
export function refusalResponse(error: AppError): Response {
  const headers: Record<string, string> = {};
  if (CLOSING_CODES.includes(error.code)) headers.Connection = "close";
  // A stale write's answer carries the current state's ETag as its header too (decision 0151).
  const etag = error.kind === "precondition_failed" ? error.details?.etag : undefined;
  if (typeof etag === "string") headers.ETag = etag;
  return errorResponse(statusOf(error.kind), error.code, error.message, error.field, headers, error.details);
}

/** For React Router's loaders and actions that call services: a refusal becomes the route's error answer (its status, its message). */
export function routeRefusal(error: unknown): never {
  if (error instanceof AppError) throw data({ message: error.message }, { status: statusOf(error.kind) });
  throw error;
}
