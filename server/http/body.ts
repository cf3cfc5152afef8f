/** Reads a JSON request body within a size limit and validates it with zod; bad input is a 4xx naming the problem. */
import type { Context } from "hono";
import type { z } from "zod";
import { HttpError } from "./errors.ts";

export const DEFAULT_JSON_LIMIT_BYTES = 64 * 1024;

/**
 * Reads a request body, giving up as soon as it passes `maxBytes` (a declared
 * length is checked before reading; otherwise the bytes are counted as they
 * stream), so an oversized body is never held whole.
 */
export async function readBytesLimited(request: Request, maxBytes: number, tooLarge: () => HttpError): Promise<Buffer> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
  const reader = request.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readBytesLimited(request, maxBytes, () => new HttpError(413, "payload_too_large", `The request body is larger than ${maxBytes} bytes.`));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, "invalid_encoding", "The request body is not valid UTF-8.");
  }
}

function describeIssue(issue: z.core.$ZodIssue): { field: string; message: string } {
  const field = issue.path.map(String).join(".") || "body";
  return { field, message: `${field}: ${issue.message}` };
}

export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
  maxBytes = DEFAULT_JSON_LIMIT_BYTES,
): Promise<z.output<Schema>> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new HttpError(415, "unsupported_media_type", "The request body must be JSON (Content-Type: application/json).");
  }
  const text = await readLimited(c.req.raw, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, "malformed_json", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = describeIssue(parsed.error.issues[0]!);
    throw new HttpError(400, "invalid_field", first.message, first.field);
  }
  return parsed.data;
}
