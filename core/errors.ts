/**
 * A refusal by type (decision 0176): what went wrong (`kind`), which listed code says it (core/error-codes.ts), the
 * message naming the problem and the field to blame. Services, content rules and the command line throw these; they
 * know nothing of HTTP. The one translation into an HTTP status is `statusOf` in server/http/errors.ts (Hono's
 * onError, and `routeRefusal` for React Router's loaders); the command line prints the message.
 */
import type { ErrorCode } from "./error-codes.ts";

/** What kind of refusal: each is one HTTP status at the edge (server/http/errors.ts), and nothing here. */
export type RefusalKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "precondition_failed"
  | "too_large"
  | "unsupported_media"
  | "unprocessable"
  | "precondition_required"
  | "too_many"
  | "bad_gateway"
  | "unavailable";

export class AppError extends Error {
  readonly kind: RefusalKind;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /** Members the answer carries beside `error` (a stale write's `current` state and `etag`, an import's `report`). */
  readonly details: Record<string, unknown> | undefined;
  constructor(kind: RefusalKind, code: ErrorCode, message: string, field?: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.kind = kind;
    this.code = code;
    this.field = field;
    this.details = details;
  }
}

type Refusal = (code: ErrorCode, message: string, field?: string, details?: Record<string, unknown>) => AppError;
const refusal =
  (kind: RefusalKind): Refusal =>
  (code, message, field, details) =>
    new AppError(kind, code, message, field, details);

/** Bad input: a field, a parameter, a file's content (400). */
export const invalid = refusal("invalid");
/** Nobody is signed in (401). */
export const unauthenticated = refusal("unauthenticated");
/** Signed in, but this is not theirs to do (403). */
export const forbidden = refusal("forbidden");
/** What the request names does not exist (404). */
export const notFound = refusal("not_found");
/** The request contradicts the stored state: a name taken, the last of something (409). */
export const conflict = refusal("conflict");
/** Written from a stale copy: nothing was written; `details` carries the current state (412). */
export const preconditionFailed = refusal("precondition_failed");
/** A write that must say which copy it was made from did not (428). */
export const preconditionRequired = refusal("precondition_required");
/** More than the endpoint takes: a body, a file, an image's pixels (413). */
export const tooLarge = refusal("too_large");
/** A body or file of a type the endpoint does not take (415). */
export const unsupportedMedia = refusal("unsupported_media");
/** Well-formed, but it cannot be processed: a text too complex to render, an image that cannot be read (422). */
export const unprocessable = refusal("unprocessable");
/** Too many at once from this person or server: try later (429). */
export const tooMany = refusal("too_many");
/** A service the server relies on answered with an error or an unreadable answer (502). */
export const badGateway = refusal("bad_gateway");
/** The server cannot do it right now (503). */
export const unavailable = refusal("unavailable");
