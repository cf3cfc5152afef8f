/**
 * Reads a JSON request body and validates it with zod; bad input is a 4xx
 * naming the problem. The size cap is the route's body limit (body-limits.ts),
 * applied before the body reaches here.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { HttpError } from "./errors.ts";
import { validateInput } from "./validate.ts";

/** `fileFields`: fields holding a whole file's text, whose characters the service checks (validateInput). */
export async function readJson<Schema extends z.ZodType>(c: Context, schema: Schema, fileFields: readonly string[] = []): Promise<z.output<Schema>> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new HttpError(415, "unsupported_media_type", "The request body must be JSON (Content-Type: application/json).");
  }
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, "invalid_encoding", "The request body is not valid UTF-8.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, "malformed_json", "The request body is not valid JSON.");
  }
  return validateInput(schema, value, undefined, "body", fileFields);
}
