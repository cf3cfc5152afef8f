/**
 * Uploads a ROME file the way the import API expects (docs/product.md §7): an
 * upload session, then the bytes in order in 64 KiB chunks, then "apply".
 * The JSON steps go through the app's API client; the chunks are raw bytes,
 * which that client does not send, so `uploadChunk` does the same job for them.
 */
import type { ImportSummary } from "#core/admin/romes/schema.ts";
import {
  api,
  ApiError,
  API_TIMEOUT_MS,
  readDocumentCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
  type ApiClient,
  type ApiErrorBody,
} from "#app/lib/api-client.ts";

export type { ImportSummary };

/** The chunk size the API requires: every chunk is exactly this long, except the last. */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;
const IMPORTS_PATH = "/api/admin/romes/imports";

export interface ChunkRange {
  index: number;
  start: number;
  end: number;
}

/** The byte ranges of a file of `size` bytes, in upload order. */
export function chunkRanges(size: number, chunkBytes = UPLOAD_CHUNK_BYTES): ChunkRange[] {
  const ranges: ChunkRange[] = [];
  for (let start = 0, index = 0; start < size; start += chunkBytes, index += 1) {
    ranges.push({ index, start, end: Math.min(size, start + chunkBytes) });
  }
  return ranges;
}

/** Whole percent sent, 0–100; an empty file counts as done. */
export function percentSent(sent: number, size: number): number {
  return size <= 0 ? 100 : Math.min(100, Math.floor((sent / size) * 100));
}

export interface UploadDeps {
  client?: Pick<ApiClient, "post">;
  sendChunk?: (path: string, bytes: ArrayBuffer) => Promise<void>;
}

/** Uploads `file` and applies it; `onProgress` gets the bytes sent so far after each chunk. */
export async function importRomeFile(
  file: Pick<File, "name" | "size" | "slice">,
  onProgress: (sent: number, size: number) => void,
  { client = api, sendChunk = uploadChunk }: UploadDeps = {},
): Promise<ImportSummary> {
  const { id } = await client.post<{ id: string }>(IMPORTS_PATH, { filename: file.name, size: file.size });
  onProgress(0, file.size);
  for (const range of chunkRanges(file.size)) {
    const bytes = await file.slice(range.start, range.end).arrayBuffer();
    await sendChunk(`${IMPORTS_PATH}/${encodeURIComponent(id)}/chunks/${range.index}`, bytes);
    onProgress(range.end, file.size);
  }
  return client.post<ImportSummary>(`${IMPORTS_PATH}/${encodeURIComponent(id)}/apply`, undefined);
}

/** PUTs raw bytes with the session cookie and the XSRF header; failures are ApiErrors like the API client's. */
export async function uploadChunk(path: string, bytes: ArrayBuffer): Promise<void> {
  const headers = new Headers({ Accept: "application/json", "Content-Type": "application/octet-stream" });
  const token = readDocumentCookie(XSRF_COOKIE);
  if (token !== undefined) headers.set(XSRF_HEADER, token);
  let response: Response;
  try {
    response = await fetch(path, {
      method: "PUT",
      credentials: "include",
      headers,
      body: bytes,
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw timedOut
      ? new ApiError("timeout", `timeout of ${API_TIMEOUT_MS}ms exceeded`, { cause: error })
      : new ApiError("network", "Network Error", { cause: error });
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  const message =
    typeof body?.error?.message === "string"
      ? body.error.message
      : `Request failed with status code ${response.status}`;
  throw new ApiError(response.status >= 500 ? "server" : "client", message, {
    status: response.status,
    body: body ?? undefined,
  });
}
