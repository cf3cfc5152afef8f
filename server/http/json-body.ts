/**
 * A JSON body's bytes decoded, parsed and validated with zod, on the event loop (body.ts's readJson) or on the
 * off-thread worker (readJsonOffThread's task): the same answers either way.
 */
import type { ErrorCode } from "#core/error-codes.ts";
import type { z } from "zod";
import { AppError, invalid, type RefusalKind } from "#core/errors.ts";
import { validateInput } from "./validate.ts";

/** A JSON body's bytes decoded, parsed and validated: readJson's work once the body is read. */
export function parseJsonBody<Schema extends z.ZodType>(
  bytes: ArrayBuffer | Uint8Array,
  schema: Schema,
  fileFields: readonly string[] = [],
): z.output<Schema> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw invalid("invalid_encoding", "The request body is not valid UTF-8.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid("malformed_json", "The request body is not valid JSON.");
  }
  return validateInput(schema, value, undefined, "body", fileFields);
}

/**
 * What parseJsonBody gives on the off-thread worker: the value and the body, handed back (readJsonOffThread), or
 * the AppError's parts (a thrown error crosses threads as its message only).
 */
export type JsonBodyOutcome<T> =
  | { ok: true; value: T; body: Uint8Array }
  | { ok: false; kind: RefusalKind; code: ErrorCode; message: string; field: string | undefined };

/** parseJsonBody as an off-thread task returns it (readJsonOffThread). */
export function jsonBodyOutcome<Schema extends z.ZodType>(
  bytes: Uint8Array,
  schema: Schema,
  fileFields: readonly string[] = [],
): JsonBodyOutcome<z.output<Schema>> {
  try {
    return { ok: true, value: parseJsonBody(bytes, schema, fileFields), body: bytes };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, kind: error.kind, code: error.code, message: error.message, field: error.field };
  }
}
