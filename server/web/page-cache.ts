/**
 * Anonymous pages are rendered once and then served from the response cache (./response-cache.ts). Cache hits are
 * answered straight from Node's request handler, before the Hono pipeline, because that is most of their cost
 * (bench/README.md). A signed-in visitor of a public page gets the kept page with their own account area put in,
 * once the session is known (docs/decisions/0134-signed-in-visitors-share-public-pages.md); a page not kept yet is
 * first rendered for them as a visitor gets it, and kept (decision 0138).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler, Next } from "hono";
import { LRUCache } from "lru-cache";
import { staleShows } from "#server/content/changes.ts";
import type { ContentStore } from "#server/content/store.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { findBadInput } from "#server/http/request-guard.ts";
import { newPageNotes, type PageNotes, type ShellNote } from "#server/http/page-notes.ts";
import { asBody, createResponseCache, type CachedResponse, type SharedCache } from "./response-cache.ts";
import { signedInArea, signedOutSlots, withAccount } from "./account-area.ts";
import { contentSecurityPolicy, securityHeaderValues } from "./security.ts";
import { scriptDataJson, shellView } from "#server/content/shell.ts";
import { hasXsrfCookie, newXsrfCookie } from "#server/http/xsrf.ts";

const CACHEABLE_STATUSES = new Set([200, 301, 404]);
/** Query values longer than this are never part of a cache key: such pages are rendered, not kept. */
const MAX_KEYED_QUERY_LENGTH = 256;
/** Paths whose query parameters the cache remembers (what each page's loader said it reads). */
const MAX_REMEMBERED_PATHS = 20_000;
/** Signed-in visitors' account areas kept (≈ 1 KB each), by user, language and resident data version (decision 0134). */
const MAX_ACCOUNT_AREAS = 1_000;

/** The CSP of a cached page: its inline scripts allowed by hash, so no nonce is shared by the responses it serves. */
function hashedScriptPolicy(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.add(`'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`);
  }
  const marker = "cached-page";
  return contentSecurityPolicy(marker).replace(`'nonce-${marker}'`, [...hashes].join(" ") || "'none'");
}

/**
 * The cache key of a page: its path and only the query parameters its loader reads
 * (learned from its first render), so `?utm_source=…` or `?x=1` cannot force renders.
 * Null when the query is too long to key: the page is rendered and not kept.
 */
function pageKey(url: URL, used: readonly string[] | undefined): string | null {
  const names = used ?? [...new Set(url.searchParams.keys())].sort();
  const parts: string[] = [];
  for (const name of names) {
    const value = url.searchParams.get(name)?.trim();
    if (value) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  const query = parts.join("&");
  if (query.length > MAX_KEYED_QUERY_LENGTH) return null;
  return `page:${url.pathname}${query ? `?${query}` : ""}`;
}

/** Renders the request's page as a visitor (no one signed in) gets it, noting in `notes` what it shows. */
export type RenderForVisitors = (c: Context<HttpEnv>, notes: PageNotes) => Promise<Response>;

export interface PageCacheOptions {
  content: ContentStore;
  isAnonymous: (cookieHeader: string | undefined) => boolean;
  secureCookies: boolean;
  maxBytes: number;
  /** A CDN in front: see ./cdn.ts. */
  shared?: SharedCache;
}

export function createPageCache({ content, isAnonymous, secureCookies, maxBytes, shared }: PageCacheOptions) {
  const responses = createResponseCache(maxBytes, shared);
  const queryUsedBy = new LRUCache<string, string[]>({ max: MAX_REMEMBERED_PATHS });
  /** Signed-in visitors' account areas as React rendered them, least recently used first (decision 0134). */
  const accountAreas = new LRUCache<string, Buffer>({ max: MAX_ACCOUNT_AREAS });
  content.onChange((change) => {
    if (change.kind === "everything") {
      responses.invalidate(null);
      queryUsedBy.clear();
      accountAreas.clear();
    } else responses.invalidate(staleShows(change));
  });

  function parseUrl(raw: string): URL | null {
    try {
      return new URL(raw, "http://cache.invalid");
    } catch {
      return null;
    }
  }
  const keyOf = (url: URL) => pageKey(url, queryUsedBy.get(url.pathname));

  function remember(pathname: string, query: string[]) {
    queryUsedBy.set(pathname, query);
  }

  /**
   * Renders under way, by cache key: a request missing a page that is being rendered
   * waits for that render instead of starting its own (after an edit drops a busy
   * page, every request for it would otherwise render it at once).
   */
  const rendering = new Map<string, Promise<void>>();

  /** Runs `render` as the render of `key`; a render of `key` already under way is waited for instead (false). */
  async function renderOnce(key: string | null, render: () => Promise<void>): Promise<boolean> {
    const under = key === null ? undefined : rendering.get(key);
    if (under) {
      await under;
      return false;
    }
    let release = () => {};
    if (key !== null) {
      rendering.set(
        key,
        new Promise<void>((resolve) => {
          release = () => {
            rendering.delete(key);
            resolve();
          };
        }),
      );
    }
    try {
      await render();
    } finally {
      release();
    }
    return true;
  }

  /**
   * Keeps a page rendered for visitors when it may be shared (an HTML page of a cacheable status
   * that does not say no-store, as a draft preview does); its body is read either way.
   */
  async function keep(
    url: URL,
    notes: PageNotes,
    response: Response,
    since: number,
  ): Promise<{ key: string; entry: CachedResponse } | null> {
    const keepable =
      CACHEABLE_STATUSES.has(response.status) &&
      (response.headers.get("content-type") ?? "").startsWith("text/html") &&
      !(response.headers.get("cache-control") ?? "").includes("no-store");
    if (keepable && notes.query) remember(url.pathname, notes.query);
    const key = keepable ? keyOf(url) : null;
    if (!key) return null;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => name !== "set-cookie" && name !== "content-length"),
    );
    headers["content-security-policy"] = hashedScriptPolicy(body.toString("utf8"));
    headers["cache-control"] = "public, no-cache";
    const slots = notes.shell && signedOutSlots(body);
    const shared = notes.shell && slots ? { shell: notes.shell, slots } : undefined;
    return {
      key,
      entry: responses.put(key, { status: response.status, headers, body, shows: notes.shows, shared }, since),
    };
  }

  /**
   * Hono middleware: fills the cache from React Router's renders and answers hits that reach it.
   * `renderForVisitors` renders the request's page as a visitor gets it (decision 0138).
   */
  const middleware =
    (renderForVisitors: RenderForVisitors): MiddlewareHandler<HttpEnv> =>
    async (c, next) => {
      const method = c.req.method;
      if (method !== "GET" && method !== "HEAD") return next();
      if (!isAnonymous(c.req.header("cookie"))) return servePersonal(c, next, method, renderForVisitors);
      const url = parseUrl(c.req.url);
      const hit = async () => {
        const key = url && keyOf(url);
        const cached = key ? responses.get(key) : undefined;
        if (!key || !cached) return null;
        const { status, headers, body } = await responses.answer(
          key,
          cached,
          method,
          c.req.header("if-none-match"),
          c.req.header("accept-encoding"),
        );
        return new Response(asBody(body), { status, headers });
      };
      const first = await hit();
      if (first) return first;
      // A HEAD render has no body to keep; only a GET fills the cache.
      if (method === "HEAD" || !url) return next();
      if (await renderOnce(keyOf(url), () => renderAndKeep(c, next, url, method))) return;
      // The render waited for was not kept (a private page, say): this request renders its own.
      const after = await hit();
      if (after) return after;
      await renderAndKeep(c, next, url, method);
    };

  async function renderAndKeep(c: Context<HttpEnv>, next: Next, url: URL, method: string) {
    const since = responses.generation;
    const notes = newPageNotes();
    c.set("pageNotes", notes);
    await next();
    const setCookies = c.res.headers.getSetCookie();
    const kept = await keep(url, notes, c.res, since);
    if (!kept) return;
    const fresh = await responses.answer(
      kept.key,
      kept.entry,
      method,
      c.req.header("if-none-match"),
      c.req.header("accept-encoding"),
    );
    c.res = undefined;
    c.res = new Response(asBody(fresh.body), { status: fresh.status, headers: fresh.headers });
    for (const cookie of setCookies) c.res.headers.append("Set-Cookie", cookie);
  }

  const areaKey = (shell: ShellNote, userJson: string) => `${shell.version}\n${shell.language}\n${userJson}`;

  /**
   * A signed-in visitor's page document: with their account area known in its language, a page
   * nothing is kept for yet is first rendered as a visitor gets it (once, however many ask at the
   * same time), so it is rendered once for everyone rather than once per signed-in request
   * (decision 0138). A client navigation's `.data` request is never kept, so never filled.
   */
  async function fillForVisitors(
    c: Context<HttpEnv>,
    url: URL,
    userJson: string,
    renderForVisitors: RenderForVisitors,
  ) {
    if (url.pathname.endsWith(".data")) return;
    const resident = content.current();
    const language = shellView(resident, url.pathname.split("/")[1]).view.language.code;
    if (!accountAreas.has(areaKey({ language, version: resident.version }, userJson))) return;
    await renderOnce(keyOf(url), async () => {
      const since = responses.generation;
      const notes = newPageNotes();
      const response = await renderForVisitors(c, notes);
      if (!(await keep(url, notes, response, since))) await response.body?.cancel();
    });
  }

  /**
   * A signed-in visitor's GET or HEAD: a public page kept for visitors (kept first by fillForVisitors
   * if need be), with their account area in it once one of their renders in the page's language
   * gave it (decision 0134); otherwise the page is rendered for them, and their account area kept
   * from it. Never kept as a whole.
   */
  async function servePersonal(c: Context<HttpEnv>, next: Next, method: string, renderForVisitors: RenderForVisitors) {
    const user = c.get("user");
    if (!user) return next();
    const userJson = scriptDataJson(user);
    const url = parseUrl(c.req.url);
    const key = url && keyOf(url);
    if (method === "GET" && url && key && !responses.has(key))
      await fillForVisitors(c, url, userJson, renderForVisitors);
    // Again: the fill may have learned which query parameters the page reads, and so its key.
    const keptKey = url && keyOf(url);
    const entry = keptKey ? responses.peek(keptKey) : undefined;
    const sharedKey = entry?.shared && areaKey(entry.shared.shell, userJson);
    const area = sharedKey && accountAreas.get(sharedKey);
    if (keptKey && entry?.shared && sharedKey && area) {
      accountAreas.delete(sharedKey);
      accountAreas.set(sharedKey, area);
      responses.get(keptKey);
      const body =
        method === "HEAD"
          ? null
          : withAccount(await responses.identity(entry), entry.shared.slots, area, Buffer.from(userJson));
      return new Response(asBody(body), {
        status: entry.status,
        headers: { ...entry.headers, "cache-control": "private, no-store" },
      });
    }
    const notes = newPageNotes();
    c.set("pageNotes", notes);
    await next();
    const response = c.res;
    if (!notes.shell || method !== "GET" || !(response.headers.get("content-type") ?? "").startsWith("text/html"))
      return;
    const renderedKey = areaKey(notes.shell, userJson);
    if (accountAreas.has(renderedKey)) return;
    const body = Buffer.from(await response.arrayBuffer());
    const rendered = signedInArea(body);
    if (rendered) {
      accountAreas.set(renderedKey, rendered);
    }
    c.res = undefined;
    c.res = new Response(asBody(body), { status: response.status, headers: response.headers });
  }

  /**
   * Node fast path: answers a cache hit directly; returns false to let the full pipeline handle
   * the request (a miss, or a hit that needs a decompression: the middleware awaits it).
   */
  function serveFromMemory(request: IncomingMessage, response: ServerResponse): boolean {
    const method = request.method ?? "GET";
    const target = request.url ?? "";
    // What the request guard refuses goes on to it (and its 400): never parsed here.
    if (
      (method !== "GET" && method !== "HEAD") ||
      !isAnonymous(request.headers.cookie) ||
      findBadInput(target) !== null
    )
      return false;
    const url = parseUrl(target);
    const key = url && keyOf(url);
    const cached = key ? responses.peek(key) : undefined;
    const answer =
      key && cached
        ? responses.answerNow(key, cached, method, request.headers["if-none-match"], request.headers["accept-encoding"])
        : null;
    if (!answer) return false;
    responses.get(key!);
    const { status, headers, body } = answer;
    const outgoing: Record<string, string | string[]> = { ...securityHeaderValues(secureCookies), ...headers };
    if (!hasXsrfCookie(request.headers.cookie)) outgoing["Set-Cookie"] = newXsrfCookie(secureCookies);
    response.writeHead(status, outgoing);
    response.end(body);
    return true;
  }

  /** Whether an anonymous GET of this path (and query) would be answered from the cache. */
  function isCached(pathAndQuery: string): boolean {
    const url = parseUrl(pathAndQuery);
    const key = url && keyOf(url);
    return key !== null && responses.has(key);
  }

  return { middleware, serveFromMemory, responses, isCached };
}

export type PageCache = ReturnType<typeof createPageCache>;
