/**
 * Reads request bodies: JSON, validated with zod (bad input is a 4xx naming
 * the problem), and raw uploads, into one buffer. The size cap is the route's
 * body limit (body-limits.ts), applied before the body reaches here or, for a
 * streamed upload, as it is read.
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

/** Without a declared length, the buffer starts this small and doubles as the body comes. */
const FIRST_BUFFER_BYTES = 256 * 1024;

/**
 * Reads a raw body (an uploaded file) into one buffer: of the declared length when the client gave one,
 * else grown by doubling. So a 20 MB upload costs 20 MB while it arrives, not the chunks, their join and a
 * copy of it (what `arrayBuffer()` holds at its peak). More than `maxBytes` fails with `tooLarge()` and
 * stops reading; so does a body shorter or longer than it declared.
 */
export async function readRawBody(c: Context, maxBytes: number, tooLarge: () => HttpError): Promise<Buffer> {
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const declared = c.req.raw.headers.has("transfer-encoding") ? Number.NaN : Number(c.req.raw.headers.get("content-length") ?? Number.NaN);
  const known = Number.isSafeInteger(declared) && declared >= 0;
  if (known && declared > maxBytes) throw tooLarge();
  let buffer = Buffer.allocUnsafe(known ? declared : Math.min(maxBytes, FIRST_BUFFER_BYTES));
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const end = size + value.byteLength;
      if (end > maxBytes) throw tooLarge();
      if (end > buffer.length) {
        if (known) throw new HttpError(400, "invalid_body", `The request body is longer than its Content-Length (${declared} bytes).`);
        const grown = Buffer.allocUnsafe(Math.min(maxBytes, Math.max(end, buffer.length * 2)));
        buffer.copy(grown, 0, 0, size);
        buffer = grown;
      }
      buffer.set(value, size);
      size = end;
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  if (known && size !== declared) throw new HttpError(400, "invalid_body", `The request body is shorter than its Content-Length (${size} of ${declared} bytes).`);
  return size === buffer.length ? buffer : buffer.subarray(0, size);
}
