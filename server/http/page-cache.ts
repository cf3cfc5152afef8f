/**
 * Anonymous pages (and the start-up files and sitemaps) are rendered once and
 * then served from memory with a strong ETag, compressed once per encoding on
 * libuv's thread pool from their second request on (a page of the long tail,
 * asked for once, is never compressed: decision 0131): until that copy is ready
 * the identity body is sent, so no request waits for (or blocks the event loop
 * with) a compression. When the cache is full, identity bodies that have a
 * compressed copy go before any entry does: an entry then costs a quarter of
 * its size, and the rare client that takes no compression gets the copy
 * decompressed off the event loop (kept again if there is room; decision 0128).
 * The cache is a byte-bounded LRU (PAGE_CACHE_BYTES): a crawl of millions of
 * distinct URLs cannot grow memory past the bound. Each entry names what it
 * shows (an article, a language's list, a tag); a content change drops exactly
 * the entries that show what changed (docs/decisions/0030-content-on-demand.md).
 * Cache hits are answered straight from Node's request handler, before the
 * Hono pipeline, because that is most of their cost (bench/README.md). A
 * signed-in visitor of a public page gets the kept page with their own account
 * area put in, once the session is known (docs/decisions/0134-signed-in-visitors-share-public-pages.md);
 * a page not kept yet is first rendered for them as a visitor gets it, and kept (decision 0138).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, gunzip, gzip, constants as zlib } from "node:zlib";
import type { Context, MiddlewareHandler, Next } from "hono";
import { parseAccept } from "hono/utils/accept";
import { showsSearch, staleAfter } from "#server/content/changes.ts";
import type { ContentStore } from "#server/content/store.ts";
import type { HttpEnv } from "./env.ts";
import { countPageCacheLookup, reportPageCacheSize } from "#server/metrics.ts";
import { findBadInput } from "./request-guard.ts";
import { newPageNotes, type PageNotes, type ShellNote } from "./page-notes.ts";
import { signedInArea, signedOutSlots, withAccount, type AccountSlots } from "./account-area.ts";
import { contentSecurityPolicy, securityHeaderValues } from "./security.ts";
import { scriptDataJson, shellView } from "#server/content/shell.ts";
import { hasXsrfCookie, newXsrfCookie } from "./xsrf.ts";

const CACHEABLE_STATUSES = new Set([200, 301, 404]);
/** Query values longer than this are never part of a cache key: such pages are rendered, not kept. */
const MAX_KEYED_QUERY_LENGTH = 256;
/** Paths whose query parameters the cache remembers (what each page's loader said it reads). */
const MAX_REMEMBERED_PATHS = 20_000;
/** Bytes an entry costs beyond its bodies (key, headers, bookkeeping): a page's measured ≈ 1.6 KB of heap. */
const ENTRY_OVERHEAD_BYTES = 2_048;
/** Invalidations remembered to judge a render that spanned some (a render older than these is not kept). */
const RECENT_INVALIDATIONS = 256;
/** Signed-in visitors' account areas kept (≈ 1 KB each), by user, language and resident data version (decision 0134). */
const MAX_ACCOUNT_AREAS = 1_000;

type Encoding = "br" | "gzip";
const ENCODINGS: readonly (Encoding | null)[] = [null, "br", "gzip"];
/**
 * Brotli quality for responses compressed at run time: on a 53 KB article page, quality 5 costs
 * ≈ 7 ms of CPU for 12.3 KB where 9 costs ≈ 145 ms for 11.3 KB (bench/README.md). Static assets
 * are compressed at build time at 11 (scripts/compress-assets.ts).
 */
const BROTLI_QUALITY = 5;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const DECOMPRESS: Record<Encoding, (copy: Buffer) => Promise<Buffer>> = { br: promisify(brotliDecompress), gzip: promisify(gunzip) };

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  /** The identity body; null when room was needed and a compressed copy holds the same bytes in a quarter of the memory. */
  body: Buffer | null;
  /** The identity body's length (its Content-Length, also when only compressed copies are kept). */
  length: number;
  /** Strong validator of the identity body; each encoding gets its own (RFC 9110 §8.8.3). */
  etag: string;
  encoded: Map<Encoding, Buffer>;
  /** Encodings being compressed now (at most one compression per entry and encoding). */
  compressing: Set<Encoding>;
  /** Whether the entry answered a request already: copies are made from its second request on (decision 0131). */
  answered: boolean;
  /** What the response shows (see server/content/changes.ts); only "everything" invalidates an entry without tags. */
  shows: ReadonlySet<string>;
  /** A public page's shell and account slots: signed-in visitors get it with their account area (decision 0134). */
  shared?: SharedPage;
  bytes: number;
}

export interface SharedPage {
  shell: ShellNote;
  slots: AccountSlots;
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

function strongEtag(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

function encodedEtag(etag: string, encoding: Encoding | null): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/**
 * RFC 9110 §13.1.2: If-None-Match uses weak comparison, so `W/"x"` matches `"x"`
 * and `W/"x"`; "*" matches any current representation.
 */
export function ifNoneMatchHits(ifNoneMatch: string | undefined | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

/** Ours, best first: at equal weight the client gets brotli. */
const OFFERED: readonly Encoding[] = ["br", "gzip"];

/**
 * The encodings a client takes, best first (RFC 9110 §12.5.3): by its weights, `q=0` refusing one
 * ("br;q=0, gzip" takes gzip only) and `*` standing for those it does not name; ours at equal weight.
 */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  const accepts = parseAccept(acceptEncoding ?? "");
  const weightOf = (encoding: Encoding) => (accepts.find((accept) => accept.type.toLowerCase() === encoding) ?? accepts.find((accept) => accept.type === "*"))?.q ?? 0;
  return OFFERED.map((encoding) => ({ encoding, weight: weightOf(encoding) }))
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map(({ encoding }) => encoding);
}

/** The CSP of a cached page: its inline scripts allowed by hash, so no nonce is shared by the responses it serves. */
function hashedScriptPolicy(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.add(`'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`);
  }
  const marker = "cached-page";
  return contentSecurityPolicy(marker).replace(`'nonce-${marker}'`, [...hashes].join(" ") || "'none'");
}

export function createResponseCache(maxBytes: number) {
  // A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
  const entries = new Map<string, CachedResponse>();
  const keysShowing = new Map<string, Set<string>>();
  /** Entries holding their identity body beside a compressed copy, least recently used first: what goes first when room is needed. */
  const identityBesideCopy = new Map<string, CachedResponse>();
  let totalBytes = 0;
  /** Bumped by every invalidation: a render that started before one is not kept if it shows what that one dropped. */
  let generation = 0;
  /**
   * The latest invalidations (null tags: everything), so a render that started a few
   * invalidations ago is dropped only if one of them touched what it shows: during a
   * burst of edits, pages of other articles must still be cached again.
   */
  const recentInvalidations: { generation: number; tags: ReadonlySet<string> | null }[] = [];

  function invalidatedSince(since: number, shows: ReadonlySet<string>): boolean {
    if (since === generation) return false;
    // Older than the invalidations remembered: assume the worst.
    if (recentInvalidations.length === 0 || recentInvalidations[0]!.generation > since + 1) return true;
    return recentInvalidations.some(({ generation: at, tags }) => at > since && (tags === null || [...shows].some((tag) => tags.has(tag))));
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    identityBesideCopy.delete(key);
    totalBytes -= entry.bytes;
    for (const tag of entry.shows) {
      const keys = keysShowing.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysShowing.delete(tag);
    }
  }

  function makeRoom(bytes: number) {
    for (const [key, entry] of identityBesideCopy) {
      if (totalBytes + bytes <= maxBytes) return;
      identityBesideCopy.delete(key);
      totalBytes -= entry.length;
      entry.bytes -= entry.length;
      entry.body = null;
    }
    while (totalBytes + bytes > maxBytes && entries.size > 0) remove(entries.keys().next().value!);
  }

  /** Adds a copy's or a body's bytes to a kept entry, marks it used, and makes room for them. */
  function grow(key: string, entry: CachedResponse, bytes: number) {
    entry.bytes += bytes;
    totalBytes += bytes;
    entries.delete(key);
    entries.set(key, entry);
    if (entry.body && entry.encoded.size > 0) {
      identityBesideCopy.delete(key);
      identityBesideCopy.set(key, entry);
    }
    makeRoom(0);
    reportPageCacheSize(totalBytes);
  }

  /**
   * Compresses an entry's body off the event loop (a 4 MB sitemap child takes Brotli
   * hundreds of milliseconds; a page tens). The copy is kept only if the entry still is.
   */
  function compressLater(key: string, entry: CachedResponse, encoding: Encoding) {
    if (entry.compressing.has(encoding)) return;
    entry.compressing.add(encoding);
    const compressing = identityOf(entry).then((body) =>
      encoding === "br"
        ? brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipAsync(body, { level: 9 }),
    );
    void compressing.then(
      (output) => {
        entry.compressing.delete(encoding);
        if (entries.get(key) !== entry) return;
        const encoded = exactCopy(output);
        entry.encoded.set(encoding, encoded);
        grow(key, entry, encoded.length);
      },
      // What was sent keeps being sent; the next request tries again.
      () => entry.compressing.delete(encoding),
    );
  }

  /**
   * The response to send for a cached entry, or null when only a decompression can give it.
   * 304 when If-None-Match holds the tag of any encoding of this body (all carry the same
   * content: a client that got the identity body before the compressed copy was ready keeps
   * it). Otherwise the best encoding the client takes: its copy if ready (its compression
   * started if not, when the entry answered before), else another copy it takes, else the
   * identity body if still kept.
   */
  function answerNow(key: string, entry: CachedResponse, method: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Answer | null {
    const held = ifNoneMatch ? ENCODINGS.find((candidate) => ifNoneMatchHits(ifNoneMatch, encodedEtag(entry.etag, candidate))) : undefined;
    if (held !== undefined) return { status: 304, headers: headersOf(entry, held), body: null };
    const taken = entry.length > 1024 ? acceptedEncodings(acceptEncoding) : [];
    // A page asked for once (most of a crawl of a large archive) is never compressed; one asked for again is.
    const again = entry.answered;
    entry.answered = true;
    if (again && taken[0] && !entry.encoded.has(taken[0])) compressLater(key, entry, taken[0]);
    const encoding = taken.find((candidate) => entry.encoded.has(candidate));
    if (!encoding) return entry.body || method === "HEAD" ? identityAnswer(entry, method === "HEAD" ? null : entry.body) : null;
    const body = entry.encoded.get(encoding)!;
    const headers = { ...headersOf(entry, encoding), "Content-Encoding": encoding, "Content-Length": String(body.length) };
    return { status: entry.status, headers, body: method === "HEAD" ? null : body };
  }

  return {
    get generation() {
      return generation;
    },
    get size() {
      return { entries: entries.size, bytes: totalBytes };
    },
    get(key: string): CachedResponse | undefined {
      const entry = entries.get(key);
      countPageCacheLookup(entry ? "hit" : "miss");
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
        if (identityBesideCopy.delete(key)) identityBesideCopy.set(key, entry);
      }
      return entry;
    },
    /** Keeps a response unless an invalidation happened since `since` (the generation when its render started). */
    put(
      key: string,
      // `answered`: the response was already sent to the request that made it (a streamed sitemap child).
      response: Omit<CachedResponse, "body" | "length" | "bytes" | "encoded" | "compressing" | "answered" | "etag"> & { body: Buffer; answered?: boolean },
      since: number,
    ): CachedResponse {
      const entry: CachedResponse = {
        ...response,
        length: response.body.length,
        etag: strongEtag(response.body),
        encoded: new Map(),
        compressing: new Set(),
        answered: response.answered ?? false,
        bytes: response.body.length + key.length + ENTRY_OVERHEAD_BYTES,
      };
      if (entry.bytes > maxBytes / 4 || invalidatedSince(since, entry.shows)) return entry;
      remove(key);
      makeRoom(entry.bytes);
      entries.set(key, entry);
      totalBytes += entry.bytes;
      for (const tag of entry.shows) {
        const keys = keysShowing.get(tag) ?? new Set<string>();
        keys.add(key);
        keysShowing.set(tag, keys);
      }
      reportPageCacheSize(totalBytes);
      return entry;
    },
    /** Drops the entries showing any of `tags`; all entries when `tags` is null. */
    invalidate(tags: Iterable<string> | null) {
      generation += 1;
      recentInvalidations.push({ generation, tags: tags === null ? null : new Set(tags) });
      if (recentInvalidations.length > RECENT_INVALIDATIONS) recentInvalidations.shift();
      if (tags === null) {
        entries.clear();
        identityBesideCopy.clear();
        keysShowing.clear();
        totalBytes = 0;
      } else {
        for (const tag of tags) for (const key of [...(keysShowing.get(tag) ?? [])]) remove(key);
      }
      reportPageCacheSize(totalBytes);
    },
    has: (key: string) => entries.has(key),
    identity: identityOf,
    /** An entry without counting a lookup or marking it used (see serveFromMemory). */
    peek: (key: string) => entries.get(key),
    answerNow,
    /**
     * The response to send for a cached entry (see answerNow), decompressing a copy for a client that
     * takes none we keep; the entry keeps that identity body again if there is room for it without
     * dropping anything.
     */
    async answer(key: string, entry: CachedResponse, method: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Promise<Answer> {
      const now = answerNow(key, entry, method, ifNoneMatch, acceptEncoding);
      if (now) return now;
      const body = await identityOf(entry);
      if (entries.get(key) === entry && entry.body === null && totalBytes + body.length <= maxBytes) {
        entry.body = body;
        grow(key, entry, body.length);
      }
      return identityAnswer(entry, body);
    },
  };
}

/**
 * zlib hands back its output as a slice of a 64 KB chunk: a 12 KB copy would hold all 64 KB, out
 * of the cache's count. Kept copies get memory of their own size (allocUnsafeSlow: never the shared pool).
 */
function exactCopy(output: Buffer): Buffer {
  if (output.byteOffset === 0 && output.buffer.byteLength === output.length) return output;
  const exact = Buffer.allocUnsafeSlow(output.length);
  output.copy(exact);
  return exact;
}

/** The identity body: kept, or decompressed from a kept copy on libuv's thread pool. */
function identityOf(entry: CachedResponse): Promise<Buffer> {
  if (entry.body) return Promise.resolve(entry.body);
  const [encoding, copy] = entry.encoded.entries().next().value!;
  return DECOMPRESS[encoding](copy);
}

/** An entry's headers for an answer in one encoding (null: identity), with that encoding's ETag. */
function headersOf(entry: CachedResponse, encoding: Encoding | null): Record<string, string> {
  return { ...entry.headers, Vary: "Accept-Encoding, Cookie", ETag: encodedEtag(entry.etag, encoding) };
}

function identityAnswer(entry: CachedResponse, body: Buffer | null): Answer {
  return { status: entry.status, headers: { ...headersOf(entry, null), "Content-Length": String(entry.length) }, body };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

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
}

export function createPageCache({ content, isAnonymous, secureCookies, maxBytes }: PageCacheOptions) {
  const responses = createResponseCache(maxBytes);
  const queryUsedBy = new Map<string, string[]>();
  /** Signed-in visitors' account areas as React rendered them, least recently used first (decision 0134). */
  const accountAreas = new Map<string, Buffer>();
  content.onChange((change) => {
    if (change.kind === "everything") {
      responses.invalidate(null);
      queryUsedBy.clear();
      accountAreas.clear();
    } else responses.invalidate(change.kind === "articles" ? staleAfter(change.articles) : change.languages.map(showsSearch));
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
    if (queryUsedBy.size >= MAX_REMEMBERED_PATHS && !queryUsedBy.has(pathname)) queryUsedBy.delete(queryUsedBy.keys().next().value!);
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
  async function keep(url: URL, notes: PageNotes, response: Response, since: number): Promise<{ key: string; entry: CachedResponse } | null> {
    const keepable =
      CACHEABLE_STATUSES.has(response.status) &&
      (response.headers.get("content-type") ?? "").startsWith("text/html") &&
      !(response.headers.get("cache-control") ?? "").includes("no-store");
    if (keepable && notes.query) remember(url.pathname, notes.query);
    const key = keepable ? keyOf(url) : null;
    if (!key) return null;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== "set-cookie" && name !== "content-length"));
    headers["content-security-policy"] = hashedScriptPolicy(body.toString("utf8"));
    headers["cache-control"] = "public, no-cache";
    const slots = notes.shell && signedOutSlots(body);
    const shared = notes.shell && slots ? { shell: notes.shell, slots } : undefined;
    return { key, entry: responses.put(key, { status: response.status, headers, body, shows: notes.shows, shared }, since) };
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
        const { status, headers, body } = await responses.answer(key, cached, method, c.req.header("if-none-match"), c.req.header("accept-encoding"));
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
    const fresh = await responses.answer(kept.key, kept.entry, method, c.req.header("if-none-match"), c.req.header("accept-encoding"));
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
  async function fillForVisitors(c: Context<HttpEnv>, url: URL, userJson: string, renderForVisitors: RenderForVisitors) {
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
    if (method === "GET" && url && key && !responses.has(key)) await fillForVisitors(c, url, userJson, renderForVisitors);
    // Again: the fill may have learned which query parameters the page reads, and so its key.
    const keptKey = url && keyOf(url);
    const entry = keptKey ? responses.peek(keptKey) : undefined;
    const sharedKey = entry?.shared && areaKey(entry.shared.shell, userJson);
    const area = sharedKey && accountAreas.get(sharedKey);
    if (keptKey && entry?.shared && sharedKey && area) {
      accountAreas.delete(sharedKey);
      accountAreas.set(sharedKey, area);
      responses.get(keptKey);
      const body = method === "HEAD" ? null : withAccount(await responses.identity(entry), entry.shared.slots, area, Buffer.from(userJson));
      return new Response(asBody(body), { status: entry.status, headers: { ...entry.headers, "cache-control": "private, no-store" } });
    }
    const notes = newPageNotes();
    c.set("pageNotes", notes);
    await next();
    const response = c.res;
    if (!notes.shell || method !== "GET" || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return;
    const renderedKey = areaKey(notes.shell, userJson);
    if (accountAreas.has(renderedKey)) return;
    const body = Buffer.from(await response.arrayBuffer());
    const rendered = signedInArea(body);
    if (rendered) {
      if (accountAreas.size >= MAX_ACCOUNT_AREAS) accountAreas.delete(accountAreas.keys().next().value!);
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
    if ((method !== "GET" && method !== "HEAD") || !isAnonymous(request.headers.cookie) || findBadInput(target) !== null) return false;
    const url = parseUrl(target);
    const key = url && keyOf(url);
    const cached = key ? responses.peek(key) : undefined;
    const answer = key && cached ? responses.answerNow(key, cached, method, request.headers["if-none-match"], request.headers["accept-encoding"]) : null;
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
