/**
 * Anonymous pages are rendered once per content version and then served from
 * memory with an ETag (and pre-compressed), so the common case costs no
 * rendering at all. Signed-in visitors always get a fresh, private render.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { ContentStore } from "../content/store.ts";
import type { HttpEnv } from "./env.ts";
import { contentSecurityPolicy } from "./security.ts";

const CACHEABLE_STATUSES = new Set([200, 301, 404]);
export const MAX_CACHED_PAGES = 2000;

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  encoded: Map<"br" | "gzip", Buffer>;
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

function respond(page: CachedPage, method: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Response {
  const headers = new Headers(page.headers);
  headers.set("ETag", page.etag);
  headers.set("Vary", "Accept-Encoding, Cookie");
  if (ifNoneMatch === page.etag) return new Response(null, { status: 304, headers });
  const encoding = page.body.length > 1024 ? preferredEncoding(acceptEncoding) : null;
  const body = encoding ? encode(page, encoding) : page.body;
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(method === "HEAD" ? null : new Uint8Array(body), { status: page.status, headers });
}

export function anonymousPageCache(content: ContentStore, isAnonymous: (cookieHeader: string | undefined) => boolean): MiddlewareHandler<HttpEnv> {
  const pages = new Map<string, CachedPage>();
  content.onReload(() => pages.clear());

  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || !isAnonymous(c.req.header("cookie"))) return next();
    const url = new URL(c.req.url);
    const key = `${content.current().version}:${url.pathname}${url.search}`;
    const cached = pages.get(key);
    if (cached) return respond(cached, method, c.req.header("if-none-match"), c.req.header("accept-encoding"));
    // A HEAD render has no body to keep; only a GET fills the cache.
    if (method === "HEAD") return next();

    await next();
    const response = c.res;
    if (!CACHEABLE_STATUSES.has(response.status) || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.delete("set-cookie");
    headers.set("Content-Security-Policy", contentSecurityPolicy(c.get("nonce")));
    headers.set("Cache-Control", "public, no-cache");
    const page: CachedPage = {
      status: response.status,
      headers: [...headers],
      body,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      encoded: new Map(),
    };
    if (pages.size >= MAX_CACHED_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    const setCookies = response.headers.getSetCookie();
    c.res = undefined;
    c.res = respond(page, method, c.req.header("if-none-match"), c.req.header("accept-encoding"));
    for (const cookie of setCookies) c.res.headers.append("Set-Cookie", cookie);
  };
}
