/**
 * The kept responses of the page cache, the start-up files and the sitemaps: a byte-bounded LRU (PAGE_CACHE_BYTES),
 * so a crawl of millions of distinct URLs cannot grow memory past the bound. Each entry has a strong ETag and is
 * compressed once per encoding on libuv's thread pool from its second request on (a page of the long tail, asked
 * for once, is never compressed: decision 0131); until that copy is ready the identity body is sent, so no request
 * waits for (or blocks the event loop with) a compression. When the cache is full, identity bodies that have a
 * compressed copy go before any entry does: an entry then costs a quarter of its size, and the rare client that
 * takes no compression gets the copy decompressed off the event loop (kept again if there is room; decision 0128).
 * Each entry names what it shows (an article, a language's list, a tag); a content change drops exactly the
 * entries that show what changed (docs/decisions/0030-content-on-demand.md), and a shared cache in front is
 * told the same (./cdn.ts).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, gunzip, gzip, constants as zlib } from "node:zlib";
import { parseAccept } from "hono/utils/accept";
import { countPageCacheLookup, reportPageCacheSize } from "#server/base/metrics.ts";
import type { AccountSlots } from "./account-area.ts";
import { sharedCacheHeaders, type CdnPurger } from "./cdn.ts";
import type { ShellNote } from "#server/http/page-notes.ts";

/** Bytes an entry costs beyond its bodies (key, headers, bookkeeping): a page's measured ≈ 1.6 KB of heap. */
const ENTRY_OVERHEAD_BYTES = 2_048;
/** Invalidations remembered to judge a render that spanned some (a render older than these is not kept). */
const RECENT_INVALIDATIONS = 256;

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
const DECOMPRESS: Record<Encoding, (copy: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
};

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
  const weightOf = (encoding: Encoding) =>
    (accepts.find((accept) => accept.type.toLowerCase() === encoding) ?? accepts.find((accept) => accept.type === "*"))
      ?.q ?? 0;
  return OFFERED.map((encoding) => ({ encoding, weight: weightOf(encoding) }))
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map(({ encoding }) => encoding);
}

/** A shared cache in front (./cdn.ts): how long it may keep responses, and where invalidations are purged. */
export interface SharedCache {
  maxAgeSeconds: number;
  purger: CdnPurger | null;
}

export function createResponseCache(maxBytes: number, shared: SharedCache = { maxAgeSeconds: 0, purger: null }) {
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
    return recentInvalidations.some(
      ({ generation: at, tags }) => at > since && (tags === null || [...shows].some((tag) => tags.has(tag))),
    );
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
        ? brotliAsync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
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
  function answerNow(
    key: string,
    entry: CachedResponse,
    method: string,
    ifNoneMatch: string | undefined,
    acceptEncoding: string | undefined,
  ): Answer | null {
    const held = ifNoneMatch
      ? ENCODINGS.find((candidate) => ifNoneMatchHits(ifNoneMatch, encodedEtag(entry.etag, candidate)))
      : undefined;
    if (held !== undefined) return { status: 304, headers: headersOf(entry, held), body: null };
    const taken = entry.length > 1024 ? acceptedEncodings(acceptEncoding) : [];
    // A page asked for once (most of a crawl of a large archive) is never compressed; one asked for again is.
    const again = entry.answered;
    entry.answered = true;
    if (again && taken[0] && !entry.encoded.has(taken[0])) compressLater(key, entry, taken[0]);
    const encoding = taken.find((candidate) => entry.encoded.has(candidate));
    if (!encoding)
      return entry.body || method === "HEAD" ? identityAnswer(entry, method === "HEAD" ? null : entry.body) : null;
    const body = entry.encoded.get(encoding)!;
    const headers = {
      ...headersOf(entry, encoding),
      "Content-Encoding": encoding,
      "Content-Length": String(body.length),
    };
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
      response: Omit<CachedResponse, "body" | "length" | "bytes" | "encoded" | "compressing" | "answered" | "etag"> & {
        body: Buffer;
        answered?: boolean;
      },
      since: number,
    ): CachedResponse {
      const entry: CachedResponse = {
        ...response,
        headers: sharedCacheHeaders(response.headers, response.shows, shared.maxAgeSeconds),
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
      shared.purger?.purge(tags);
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
    async answer(
      key: string,
      entry: CachedResponse,
      method: string,
      ifNoneMatch: string | undefined,
      acceptEncoding: string | undefined,
    ): Promise<Answer> {
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
