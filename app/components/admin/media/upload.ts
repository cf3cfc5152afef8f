/**
 * Sends one image to the media API as the raw request body, with the XSRF
 * header. XMLHttpRequest rather than fetch: it reports upload progress, and
 * abort() cancels the transfer.
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

export function uploadImage(file: File, onProgress: (sent: number, total: number) => void): UploadHandle {
  const request = new XMLHttpRequest();
  const done = new Promise<MediaItem>((resolve, reject) => {
    request.open("POST", `${MEDIA_API}?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.setRequestHeader("Accept", "application/json");
    const token = readDocumentCookie(XSRF_COOKIE);
    if (token) request.setRequestHeader(XSRF_HEADER, token);
    request.responseType = "json";
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      const body = request.response as { item?: MediaItem; error?: { code: string; message: string } } | null;
      if (request.status < 300 && body?.item) resolve(body.item);
      else if (request.status >= 400 && request.status < 500 && body?.error) reject(new UploadError("refused", body.error.message.replace(/^(file|name): /, ""), body.error.code));
      else reject(new UploadError("server"));
    };
    request.onerror = () => reject(new UploadError("network"));
    request.onabort = () => reject(new UploadError("cancelled"));
    request.send(file);
  });
  return { done, cancel: () => request.abort() };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}
