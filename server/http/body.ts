/**
 * Reads request bodies: JSON, validated with zod (bad input is a 4xx naming
 * the problem), and raw uploads, into one buffer. The size cap is the route's
 * body limit (body-limits.ts), applied before the body reaches here or, for a
 * streamed upload, as it is read.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { runOffThreadForRequest } from "#server/untrusted/off-thread.ts";
import { AppError, invalid, tooLarge, unsupportedMedia } from "#core/errors.ts";
import { parseJsonBody, type JsonBodyOutcome } from "./json-body.ts";

/** `fileFields`: fields holding a whole file's text, whose characters the service checks (validateInput). */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
  fileFields: readonly string[] = [],
): Promise<z.output<Schema>> {
  assertJsonBody(c);
  return parseJsonBody(await c.req.arrayBuffer(), schema, fileFields);
}

function assertJsonBody(c: Context): void {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw unsupportedMedia("unsupported_media_type", "The request body must be JSON (Content-Type: application/json).");
  }
}

/** The answer to a body over a route's limit, unless the route says another (body-limits.ts). */
export const bodyTooLargeMessage = (maxBytes: number) => `The request body is larger than ${maxBytes} bytes.`;

/**
 * readJson for a body large enough to hold the event loop while it is decoded and parsed (a translation file:
 * up to 4 MB of JSON, 30–100 ms in one piece, decision 0154). The body is read into one buffer as it arrives,
 * then decoded, parsed and validated on the off-thread worker (server/untrusted/off-thread.ts) by `task`: a
 * module's exported function that returns jsonBodyOutcome(bytes, schema, fileFields) (json-body.ts), or what it
 * takes from the value with the body; it should return no text of megabytes (receiving one costs this thread about as much
 * as parsing it). The answers are readJson's. The body's bytes are returned too, for a second task.
 */
export async function readJsonOffThread<T>(
  c: Context,
  maxBytes: number,
  task: { specifier: string; exportName: string },
): Promise<{ value: T; body: Uint8Array }> {
  assertJsonBody(c);
  // The route's body limit (body-limits.ts) has refused a larger body already; this is its answer.
  const body = await readRawBody(c, maxBytes, () =>
    tooLarge("payload_too_large", bodyTooLargeMessage(maxBytes), "body"),
  );
  // Moved to the thread and back, not copied (readRawBody's buffer is the body's own).
  const read = await runOffThreadForRequest<Uint8Array, JsonBodyOutcome<T>>(
    "read the request body",
    task.specifier,
    task.exportName,
    body,
    [body.buffer as ArrayBuffer],
  );
  if (!read.ok) throw invalid("invalid_body", read.message);
  if (!read.value.ok) throw new AppError(read.value.kind, read.value.code, read.value.message, read.value.field);
  return { value: read.value.value, body: read.value.body };
}

/** Without a declared length, the buffer starts this small and doubles as the body comes. */
const FIRST_BUFFER_BYTES = 256 * 1024;

/**
 * Reads a raw body (an uploaded file) into one buffer of its own: of the declared length when the client gave one,
 * else grown by doubling. So a 20 MB upload costs 20 MB while it arrives, not the chunks, their join and a
 * copy of it (what `arrayBuffer()` holds at its peak). More than `maxBytes` fails with `tooLarge()` and
 * stops reading; so does a body shorter or longer than it declared.
 */
export async function readRawBody(c: Context, maxBytes: number, tooLarge: () => AppError): Promise<Buffer> {
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const declared = c.req.raw.headers.has("transfer-encoding")
    ? Number.NaN
    : Number(c.req.raw.headers.get("content-length") ?? Number.NaN);
  const known = Number.isSafeInteger(declared) && declared >= 0;
  if (known && declared > maxBytes) throw tooLarge();
  // Never a slice of Node's shared pool (small Buffers): the buffer may be moved to another thread (runOffThread's transfer).
  let buffer = Buffer.allocUnsafeSlow(known ? declared : Math.min(maxBytes, FIRST_BUFFER_BYTES));
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const end = size + value.byteLength;
      if (end > maxBytes) throw tooLarge();
      if (end > buffer.length) {
        if (known)
          throw invalid("invalid_body", `The request body is longer than its Content-Length (${declared} bytes).`);
        const grown = Buffer.allocUnsafeSlow(Math.min(maxBytes, Math.max(end, buffer.length * 2)));
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
  if (known && size !== declared)
    throw invalid(
      "invalid_body",
      `The request body is shorter than its Content-Length (${size} of ${declared} bytes).`,
    );
  return size === buffer.length ? buffer : buffer.subarray(0, size);
}
