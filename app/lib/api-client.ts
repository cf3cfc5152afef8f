/**
 * The browser's client for the site's JSON API (docs/product.md §9, docs/seed-spec.md §7–§9):
 * JSON in and out, credentials always, a 10 s time-out, the XSRF cookie echoed
 * as a header, and every failure turned into an `ApiError` with a `kind`.
 */

export const API_TIMEOUT_MS = 10_000;
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";

export type ApiErrorKind = "network" | "timeout" | "aborted" | "client" | "server" | "bad-response";

/** The stable error shape every server error response has; a 412 also carries the resource as it is now and its ETag. */
export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
  current?: unknown;
  etag?: string | null;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The HTTP status, or null when no response arrived. */
  readonly status: number | null;
  /** The server's error JSON, when the response carried one. */
  readonly body: ApiErrorBody | null;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { status?: number; body?: ApiErrorBody; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = "ApiError";
    this.kind = kind;
    this.status = details.status ?? null;
    this.body = details.body ?? null;
  }
}

/**
 * What the UI may show for a failure: the server's own message for a 4xx
 * (it names what was wrong with the input), otherwise null, and the caller
 * shows a translated generic message instead of technical text.
 */
export function userMessageFor(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.kind !== "client") return null;
  return error.body?.error.message ?? null;
}

export interface RequestOptions {
  /** Lets the caller cancel, e.g. when the user navigates away; the failure's kind is then "aborted". */
  signal?: AbortSignal;
  /** The ETag the change was made from (docs/decisions/0151): a stale one is refused with a 412. */
  ifMatch?: string;
  /** "*": the write creates the resource and must not replace one made meanwhile. */
  ifNoneMatch?: "*";
}

/** A response's JSON with its ETag (null when it sent none). */
export interface Tagged<T> {
  data: T;
  etag: string | null;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The same requests, answering the ETag with the JSON: for resources edited with If-Match. */
  tagged: {
    get<T>(path: string, options?: RequestOptions): Promise<Tagged<T>>;
    post<T>(path: string, body: unknown, options?: RequestOptions): Promise<Tagged<T>>;
    put<T>(path: string, body: unknown, options?: RequestOptions): Promise<Tagged<T>>;
    patch<T>(path: string, body: unknown, options?: RequestOptions): Promise<Tagged<T>>;
    delete<T>(path: string, options?: RequestOptions): Promise<Tagged<T>>;
  };
}

export interface ApiClientConfig {
  /** Prefix for every path; "" means the page's own origin. */
  baseUrl?: string;
  /** 0 or less means no time-out. */
  timeoutMs?: number;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  readCookie?: (name: string) => string | undefined;
  logger?: Pick<Console, "error">;
}

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const {
    baseUrl = "",
    timeoutMs = API_TIMEOUT_MS,
    // Looked up per call so tests and polyfills that replace the global still apply.
    fetch = (input, init) => globalThis.fetch(input, init),
    readCookie = readDocumentCookie,
    logger = console,
  } = config;

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<Tagged<T>> {
    try {
      return await send<T>(method, path, body, options);
    } catch (error) {
      logger.error(`API ${method} ${path} failed`, error);
      throw error;
    }
  }

  async function send<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<Tagged<T>> {
    const cancel = cancellation(timeoutMs, options.signal);
    try {
      const post = (xsrfToken: string | undefined) =>
        fetch(joinUrl(baseUrl, path), {
          method,
          credentials: "include",
          headers: requestHeaders(body, xsrfToken, options),
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: cancel.signal,
        }).catch((error: unknown) => {
          throw requestFailure(error, cancel, timeoutMs);
        });
      const response = await withXsrfToken(post, readCookie);
      const text = await response.text().catch((error: unknown) => {
        throw requestFailure(error, cancel, timeoutMs);
      });
      return { data: interpret<T>(response.status, text), etag: entityTagOf(response) };
    } finally {
      cancel.dispose();
    }
  }

  const tagged: ApiClient["tagged"] = {
    get: (path, options = {}) => request("GET", path, undefined, options),
    post: (path, body, options = {}) => request("POST", path, body, options),
    put: (path, body, options = {}) => request("PUT", path, body, options),
    patch: (path, body, options = {}) => request("PATCH", path, body, options),
    delete: (path, options = {}) => request("DELETE", path, undefined, options),
  };
  const data = <T>(reply: Promise<Tagged<T>>) => reply.then((answer) => answer.data);
  return {
    get: (path, options) => data(tagged.get(path, options)),
    post: (path, body, options) => data(tagged.post(path, body, options)),
    put: (path, body, options) => data(tagged.put(path, body, options)),
    patch: (path, body, options) => data(tagged.patch(path, body, options)),
    delete: (path, options) => data(tagged.delete(path, options)),
    tagged,
  };
}

/**
 * Sends a request with the XSRF cookie's token. Without a token yet (every page so far came from a shared
 * cache, which keeps no cookie), the server's refusal sets one: the request goes again with it, once.
 * The app's client and the public pages' island (app/island/shell.ts) both send through it.
 */
export async function withXsrfToken(
  send: (xsrfToken: string | undefined) => Promise<Response>,
  readCookie = readDocumentCookie,
): Promise<Response> {
  const token = readCookie(XSRF_COOKIE);
  const response = await send(token);
  const fresh = response.status === 403 && token === undefined ? readCookie(XSRF_COOKIE) : undefined;
  if (fresh === undefined) return response;
  await response.body?.cancel();
  return send(fresh);
}

/** The client the app uses. */
export const api = createApiClient();

function requestHeaders(
  body: unknown,
  xsrfToken: string | undefined,
  { ifMatch, ifNoneMatch }: RequestOptions,
): Headers {
  const headers = new Headers({ Accept: "application/json" });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  if (xsrfToken !== undefined) headers.set(XSRF_HEADER, xsrfToken);
  if (ifMatch !== undefined) headers.set("If-Match", ifMatch);
  if (ifNoneMatch !== undefined) headers.set("If-None-Match", ifNoneMatch);
  return headers;
}

/**
 * The response's entity tag as the server made it. The server's compression marks a strong tag weak
 * (`W/"…"`) when it gzips the body; our tags name the JSON, not its bytes (decision 0151), and If-Match
 * compares strongly, so the tag is sent back as it was made, without the `W/`.
 */
function entityTagOf(response: Response): string | null {
  const tag = response.headers.get("ETag");
  return tag === null ? null : tag.replace(/^W\//, "");
}

function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.endsWith("/") && path.startsWith("/") ? baseUrl + path.slice(1) : baseUrl + path;
}

interface Cancellation {
  signal: AbortSignal;
  timedOut(): boolean;
  dispose(): void;
}

/** One signal that fires on the time-out or on the caller's own signal, whichever comes first. */
function cancellation(timeoutMs: number, callerSignal: AbortSignal | undefined): Cancellation {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const abortFromCaller = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  callerSignal?.addEventListener("abort", abortFromCaller);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", abortFromCaller);
    },
  };
}

/** Why no complete response arrived: our time-out, a cancellation, or the network. */
function requestFailure(error: unknown, cancel: Cancellation, timeoutMs: number): ApiError {
  if (cancel.timedOut()) return new ApiError("timeout", `timeout of ${timeoutMs}ms exceeded`, { cause: error });
  if (cancel.signal.aborted) return new ApiError("aborted", "Request aborted", { cause: error });
  return new ApiError("network", "Network Error", { cause: error });
}

/** Turns a status and body text into the parsed result or an ApiError. */
function interpret<T>(status: number, text: string): T {
  if (status >= 200 && status <= 299) return parseSuccessBody<T>(status, text);
  const body = parseErrorBody(text);
  const message = body?.error.message ?? `Request failed with status code ${status}`;
  throw new ApiError(statusKind(status), message, { status, body });
}

function statusKind(status: number): ApiErrorKind {
  if (status >= 500) return "server";
  if (status >= 400) return "client";
  return "bad-response"; // an unfollowed redirect or other status the API never sends
}

function parseSuccessBody<T>(status: number, text: string): T {
  // 204 and other empty answers have no JSON to parse.
  if (text.trim() === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ApiError("bad-response", "Invalid JSON in response", { status, cause: error });
  }
}

/** The server's error JSON, if the body is one; anything else (say, a proxy's HTML page) gives undefined. */
function parseErrorBody(text: string): ApiErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isApiErrorBody(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const { error } = value;
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    typeof error.code === "string" &&
    "message" in error &&
    typeof error.message === "string" &&
    (!("field" in error) || typeof error.field === "string")
  );
}

/** Reads a cookie in the browser; on the server there is no document and so no cookie. */
export function readDocumentCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  for (const pair of document.cookie.split(";")) {
    const [rawName = "", ...rest] = pair.split("=");
    if (rawName.trim() === name) return decodeCookieValue(rest.join("=").trim());
  }
  return undefined;
}

function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // not percent-encoded after all: send it as it is
  }
}
