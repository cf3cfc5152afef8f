/**
 * Sends one image to the media API as the raw request body, with the XSRF
 * header. XMLHttpRequest rather than fetch: it reports upload progress, and
 * abort() cancels the transfer. A 503 with Retry-After (the server already
 * holds as many uploads as it takes at once) is tried again after that wait.
 */
import type { MediaItem } from "#core/admin/media/schema.ts";
import { readDocumentCookie, XSRF_COOKIE, XSRF_HEADER } from "#app/lib/api-client.ts";

export type { MediaItem };

export const MEDIA_API = "/api/admin/media";

export interface UploadHandle {
  done: Promise<MediaItem>;
  cancel: () => void;
}

/** Why an upload failed: refused by the server (its message names the problem), a server fault, the network, or cancelled. */
export type UploadFailure = "refused" | "server" | "network" | "cancelled";

export class UploadError extends Error {
  readonly failure: UploadFailure;
  /** A refusal's code, for the admin's translated text (admin-errors.ts). */
  readonly code: string | null;
  constructor(failure: UploadFailure, message: string = failure, code: string | null = null) {
    super(message);
    this.name = "UploadError";
    this.failure = failure;
    this.code = code;
  }
}

/** Tries of one file while the server answers 503 (every upload place of the process taken) with a Retry-After. */
const MAX_TRIES = 10;
/** A Retry-After beyond this is waited for this long only. */
const MAX_WAIT_SECONDS = 60;

export function uploadImage(file: File, onProgress: (sent: number, total: number) => void): UploadHandle {
  let current: XMLHttpRequest | null = null;
  let cancelled = false;
  let stopWaiting = () => {};

  const sendOnce = () =>
    new Promise<XMLHttpRequest>((resolve, reject) => {
      if (cancelled) return reject(new UploadError("cancelled"));
      const request = new XMLHttpRequest();
      current = request;
      request.open("POST", `${MEDIA_API}?name=${encodeURIComponent(file.name)}`);
      request.setRequestHeader("Content-Type", "application/octet-stream");
      request.setRequestHeader("Accept", "application/json");
      const token = readDocumentCookie(XSRF_COOKIE);
      if (token) request.setRequestHeader(XSRF_HEADER, token);
      request.responseType = "json";
      request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
      request.onload = () => resolve(request);
      request.onerror = () => reject(new UploadError("network"));
      request.onabort = () => reject(new UploadError("cancelled"));
      request.send(file);
    });

  const wait = (seconds: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, seconds * 1000);
      stopWaiting = () => {
        clearTimeout(timer);
        reject(new UploadError("cancelled"));
      };
    });

  const done = (async (): Promise<MediaItem> => {
    for (let attempt = 1; ; attempt += 1) {
      const request = await sendOnce();
      const body = request.response as { item?: MediaItem; error?: { code: string; message: string } } | null;
      const retryAfter = Number(request.getResponseHeader("Retry-After"));
      // The server is busy with other uploads: it said when to come back, so the file waits and goes again.
      if (request.status === 503 && retryAfter > 0 && attempt < MAX_TRIES) {
        onProgress(0, file.size);
        await wait(Math.min(retryAfter, MAX_WAIT_SECONDS));
        continue;
      }
      if (request.status < 300 && body?.item) return body.item;
      if (request.status >= 400 && request.status < 500 && body?.error)
        throw new UploadError("refused", body.error.message.replace(/^(file|name): /, ""), body.error.code);
      throw new UploadError("server");
    }
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      current?.abort();
      stopWaiting();
    },
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}
