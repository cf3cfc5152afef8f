import type { ErrorCode } from "#core/error-codes.ts";

/** Every error the server answers is JSON of one shape: { error: { code, message, field? } }, its code from core/error-codes.ts. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /** Headers the answer carries besides the usual ones (Retry-After, Connection: close). */
  readonly headers: Record<string, string> | undefined;
  /** Members the answer carries beside `error` (a 412's `current` state). */
  readonly details: Record<string, unknown> | undefined;
  constructor(status: number, code: ErrorCode, message: string, field?: string, headers?: Record<string, string>, details?: Record<string, unknown>) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.field = field;
    this.headers = headers;
    this.details = details;
  }
}

export function errorBody(code: ErrorCode, message: string, field?: string): ErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

export function errorResponse(status: number, code: ErrorCode, message: string, field?: string, headers?: Record<string, string>, details?: Record<string, unknown>): Response {
  return Response.json({ ...details, ...errorBody(code, message, field) }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}
