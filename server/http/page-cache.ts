/**
 * Anonymous pages are rendered once per content version and then served from
 * memory with an ETag (and pre-compressed), so the common case costs no
 * rendering at all. Signed-in visitors always get a fresh, private render.
 * Cache hits are answered straight from Node's request handler, before the
 * Hono pipeline, because that is most of their cost (bench/README.md).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { ContentStore } from "#server/content/store.ts";
import type { HttpEnv } from "./env.ts";
import { contentSecurityPolicy, securityHeaderValues } from "./security.ts";
import { hasXsrfCookie, newXsrfCookie } from "./xsrf.ts";

const CACHEABLE_STATUSES = new Set([200, 301, 404]);
export const MAX_CACHED_PAGES = 2000;

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  encoded: Map<"br" | "gzip", Buffer>;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** A view of the bytes for a Response, without copying them. */
export function asBody(buffer: Buffer): Uint8Array<ArrayBuffer>;
export function asBody(buffer: Buffer | null): Uint8Array<ArrayBuffer> | null;
export function asBody(buffer: Buffer | null): Uint8Array<ArrayBuffer> | null {
  return buffer && new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

function encode(page: CachedPage, encoding: "br" | "gzip"): Buffer {
  let encoded = page.encoded.get(encoding);
  if (!encoded) {
    encoded =
      encoding === "br"
        ? brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } })
        : gzipSync(page.body, { level: 9 });
    page.encoded.set(encoding, encoded);
  }
  return encoded;
}

function answer(page: CachedPage, method: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Answer {
  const headers: Record<string, string> = { ...page.headers, ETag: page.etag, Vary: "Accept-Encoding, Cookie" };
  if (ifNoneMatch === page.etag) return { status: 304, headers, body: null };
  const encoding = page.body.length > 1024 ? preferredEncoding(acceptEncoding) : null;
  const body = encoding ? encode(page, encoding) : page.body;
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.length);
  return { status: page.status, headers, body: method === "HEAD" ? null : body };
}

export interface PageCacheOptions {
  content: ContentStore;
  isAnonymous: (cookieHeader: string | undefined) => boolean;
  secureCookies: boolean;
}

export function createPageCache({ content, isAnonymous, secureCookies }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  content.onReload(() => pages.clear());
  const keyOf = (url: URL) => `${content.current().version}:${url.pathname}${url.search}`;

  /** Hono middleware: fills the cache from React Router's renders and answers hits that reach it. */
  const middleware: MiddlewareHandler<HttpEnv> = async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || !isAnonymous(c.req.header("cookie"))) return next();
    const key = keyOf(new URL(c.req.url));
    const cached = pages.get(key);
    if (cached) {
      const { status, headers, body } = answer(cached, method, c.req.header("if-none-match"), c.req.header("accept-encoding"));
      return new Response(asBody(body), { status, headers });
    }
    // A HEAD render has no body to keep; only a GET fills the cache.
    if (method === "HEAD") return next();

    await next();
    const response = c.res;
    if (!CACHEABLE_STATUSES.has(response.status) || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== "set-cookie"));
    headers["content-security-policy"] = contentSecurityPolicy(c.get("nonce"));
    headers["cache-control"] = "public, no-cache";
    const page: CachedPage = { status: response.status, headers, body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`, encoded: new Map() };
    if (pages.size >= MAX_CACHED_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    const setCookies = response.headers.getSetCookie();
    const fresh = answer(page, method, c.req.header("if-none-match"), c.req.header("accept-encoding"));
    c.res = undefined;
    c.res = new Response(asBody(fresh.body), { status: fresh.status, headers: fresh.headers });
    for (const cookie of setCookies) c.res.headers.append("Set-Cookie", cookie);
  };

  /** Node fast path: answers a cache hit directly; returns false to let the full pipeline handle the request. */
  function serveFromMemory(request: IncomingMessage, response: ServerResponse): boolean {
    const method = request.method ?? "GET";
    if ((method !== "GET" && method !== "HEAD") || !isAnonymous(request.headers.cookie) || !request.url?.startsWith("/")) return false;
    const cached = pages.get(keyOf(new URL(request.url, "http://cache.invalid")));
    if (!cached) return false;
    const { status, headers, body } = answer(cached, method, request.headers["if-none-match"], request.headers["accept-encoding"]);
    const outgoing: Record<string, string | string[]> = { ...securityHeaderValues(secureCookies), ...headers };
    if (!hasXsrfCookie(request.headers.cookie)) outgoing["Set-Cookie"] = newXsrfCookie(secureCookies);
    response.writeHead(status, outgoing);
    response.end(body);
    return true;
  }

  return { middleware, serveFromMemory };
}

export type PageCache = ReturnType<typeof createPageCache>;
