import { Hono } from "hono";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import type { ContentStore } from "#server/content/store.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { createPageCache } from "./page-cache.ts";
import { acceptedEncodings, createResponseCache, ifNoneMatchHits } from "./response-cache.ts";

describe("acceptedEncodings (RFC 9110 §12.5.3)", () => {
  it.each([
    [undefined, []],
    ["", []],
    ["gzip, deflate, br", ["br", "gzip"]],
    ["br;q=0, gzip", ["gzip"]],
    ["br;q=0.5, gzip;q=0.8", ["gzip", "br"]],
    ["BR, GZIP", ["br", "gzip"]],
    ["*", ["br", "gzip"]],
    ["*;q=0.1, br;q=0", ["gzip"]],
    ["gzip;q=0, *", ["br"]],
    ["identity", []],
    ["brotli, xgzip", []],
  ])("%j takes %j", (header, taken) => {
    expect(acceptedEncodings(header)).toEqual(taken);
  });
});

describe("ifNoneMatchHits (RFC 9110 weak comparison)", () => {
  it.each([
    ['"abc"', '"abc"', true],
    ['W/"abc"', '"abc"', true],
    ['"abc"', 'W/"abc"', true],
    ['W/"abc"', 'W/"abc"', true],
    ['"x", W/"abc"', '"abc"', true],
    ["*", '"abc"', true],
    ['"abd"', '"abc"', false],
    ['"abc-gzip"', '"abc"', false],
    ["", '"abc"', false],
  ])("If-None-Match %s against %s: %s", (header, etag, hit) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hit);
  });
  it("is false without the header", () => {
    expect(ifNoneMatchHits(undefined, '"abc"')).toBe(false);
  });
});

describe("createResponseCache", () => {
  const response = (size: number, shows: string[] = []) => ({
    status: 200,
    headers: {},
    body: Buffer.alloc(size, 97),
    shows: new Set(shows),
  });

  it("evicts the least recently used entries to stay within its byte bound", () => {
    const cache = createResponseCache(40_000);
    cache.put("a", response(7_000), cache.generation);
    cache.put("b", response(7_000), cache.generation);
    cache.put("c", response(7_000), cache.generation);
    cache.get("a");
    cache.put("d", response(7_000), cache.generation);
    cache.put("e", response(7_000), cache.generation);
    expect(cache.size.bytes).toBeLessThanOrEqual(40_000);
    expect(cache.has("a")).toBe(true);
    expect(cache.has("b")).toBe(false);
    expect(cache.has("e")).toBe(true);
  });

  it("never keeps an entry larger than a quarter of the bound", () => {
    const cache = createResponseCache(40_000);
    cache.put("big", response(20_000), cache.generation);
    expect(cache.has("big")).toBe(false);
  });

  it("drops exactly the entries showing an invalidated tag, and everything on null", () => {
    const cache = createResponseCache(1_000_000);
    cache.put("article-1", response(10, ["article:1", "list:en-US"]), cache.generation);
    cache.put("article-2", response(10, ["article:2"]), cache.generation);
    cache.put("list", response(10, ["list:en-US"]), cache.generation);
    cache.invalidate(["article:1"]);
    expect([cache.has("article-1"), cache.has("article-2"), cache.has("list")]).toEqual([false, true, true]);
    cache.invalidate(null);
    expect(cache.size.entries).toBe(0);
    expect(cache.size.bytes).toBe(0);
  });

  it("does not keep a render that started before an invalidation of what it shows", () => {
    const cache = createResponseCache(1_000_000);
    const started = cache.generation;
    cache.invalidate(["article:9"]);
    cache.invalidate(["article:1", "list:fr-FR"]);
    cache.put("stale", response(10, ["article:1"]), started);
    expect(cache.has("stale")).toBe(false);
    const beforeEverything = cache.generation;
    cache.invalidate(null);
    cache.put("stale-too", response(10, ["article:2"]), beforeEverything);
    expect(cache.has("stale-too")).toBe(false);
  });

  it("keeps a render that spanned only invalidations of other content (a burst of edits elsewhere)", () => {
    const cache = createResponseCache(1_000_000);
    const started = cache.generation;
    for (let id = 10; id < 20; id += 1) cache.invalidate([`article:${id}`, "list:de-DE"]);
    cache.put("fresh", response(10, ["article:1", "list:en-US"]), started);
    expect(cache.has("fresh")).toBe(true);
  });

  it("does not keep a render older than the invalidations it remembers", () => {
    const cache = createResponseCache(1_000_000);
    const started = cache.generation;
    for (let id = 0; id < 300; id += 1) cache.invalidate([`article:${id + 100}`]);
    cache.put("ancient", response(10, ["article:1"]), started);
    expect(cache.has("ancient")).toBe(false);
  });

  it("compresses once per encoding off the request path, sending identity until the copy is ready", async () => {
    const cache = createResponseCache(1_000_000);
    const identity = Buffer.from("x".repeat(5_000));
    const entry = cache.put(
      "page",
      { status: 200, headers: { "content-type": "text/html" }, body: identity, shows: new Set() },
      cache.generation,
    );
    const first = await cache.answer("page", entry, "GET", undefined, "gzip, br");
    expect(first.headers["Content-Encoding"]).toBeUndefined();
    expect(first.body).toBe(identity);
    const bytesBefore = cache.size.bytes;
    await vi.waitFor(async () =>
      expect((await cache.answer("page", entry, "GET", undefined, "gzip, br")).headers["Content-Encoding"]).toBe("br"),
    );
    const compressed = await cache.answer("page", entry, "GET", undefined, "gzip, br");
    expect(brotliDecompressSync(compressed.body!).toString()).toBe("x".repeat(5_000));
    // The copy is counted at its own size (zlib's output is a slice of a larger chunk; the kept copy is not).
    expect(compressed.body!.buffer.byteLength).toBe(compressed.body!.length);
    expect(cache.size.bytes).toBe(bytesBefore + compressed.body!.length);
    // With room to spare, the identity body stays for clients that take no compression.
    expect(cache.answerNow("page", entry, "GET", undefined, undefined)?.body).toBe(identity);
    expect((await cache.answer("page", entry, "GET", undefined, "br")).body).toBe(compressed.body);
    expect((await cache.answer("page", entry, "GET", compressed.headers.ETag, "br")).status).toBe(304);
    expect((await cache.answer("page", entry, "GET", compressed.headers.ETag, "")).status).toBe(304);
    // A client holding the identity body sent before the copy was ready gets a 304 too, with the tag it holds.
    const held = await cache.answer("page", entry, "GET", first.headers.ETag, "gzip, br");
    expect([held.status, held.headers.ETag]).toEqual([304, first.headers.ETag]);
    expect((await cache.answer("page", entry, "GET", '"other"', "br")).status).toBe(200);
  });

  it("lets identity bodies with a copy go before any entry when room is needed, and decompresses for clients taking none", async () => {
    const page = (n: number) => Buffer.from(`<p>Page ${n}</p>`.repeat(1_000));
    const put = (n: number) =>
      cache.put(
        `page-${n}`,
        { status: 200, headers: {}, body: page(n), shows: new Set([`article:${n}`]) },
        cache.generation,
      );
    // Room for four pages (each about 15 KB with its bookkeeping), not five.
    const cache = createResponseCache(70_000);
    const entries = [1, 2, 3, 4].map(put);
    for (const [index, entry] of entries.entries()) {
      // Asked for twice: a copy is made from a page's second request on.
      for (const _time of [1, 2]) void cache.answer(`page-${index + 1}`, entry, "GET", undefined, "gzip");
      // One at a time: a copy's arrival marks its entry used, and the thread pool finishes them in any order.
      await vi.waitFor(() => expect(entry.encoded.has("gzip")).toBe(true));
    }
    expect(entries.every((entry) => entry.body !== null)).toBe(true);
    cache.get("page-1");
    // A fifth page needs room: the least recently used identity body goes (page 2's), no entry does.
    put(5);
    expect([1, 2, 3, 4, 5].map((n) => cache.has(`page-${n}`))).toEqual([true, true, true, true, true]);
    expect(entries.map((entry) => entry.body === null)).toEqual([false, true, false, false]);
    const second = entries[1]!;
    expect(second.bytes).toBe(second.encoded.get("gzip")!.length + "page-2".length + 2_048);
    expect(cache.size.bytes).toBeLessThanOrEqual(70_000);
    // Only a decompression can answer a client taking no compression now: the fast path declines, the awaited answer decompresses.
    expect(cache.answerNow("page-2", second, "GET", undefined, undefined)).toBeNull();
    const plain = await cache.answer("page-2", second, "GET", undefined, undefined);
    expect(plain.body!.equals(page(2))).toBe(true);
    expect([
      plain.status,
      plain.headers.ETag,
      plain.headers["Content-Length"],
      plain.headers["Content-Encoding"],
    ]).toEqual([200, second.etag, String(page(2).length), undefined]);
    // No room for it without dropping something: the entry stays compressed.
    expect(second.body).toBeNull();
    const head = cache.answerNow("page-2", second, "HEAD", undefined, undefined);
    expect([head?.body, head?.headers["Content-Length"]]).toEqual([null, String(page(2).length)]);
    // A client that prefers br gets the gzip copy it also takes while its br copy is made from that copy.
    const meanwhile = await cache.answer("page-2", second, "GET", undefined, "br, gzip");
    expect(meanwhile.headers["Content-Encoding"]).toBe("gzip");
    expect(gunzipSync(meanwhile.body!).equals(page(2))).toBe(true);
    await vi.waitFor(() => expect(second.encoded.has("br")).toBe(true));
    expect(
      brotliDecompressSync((await cache.answer("page-2", second, "GET", undefined, "br, gzip")).body!).equals(page(2)),
    ).toBe(true);
    // With room again, the decompressed identity body is kept and the fast path answers.
    cache.invalidate(["article:5"]);
    await cache.answer("page-2", second, "GET", undefined, undefined);
    expect(second.body?.equals(page(2))).toBe(true);
    expect(cache.answerNow("page-2", second, "GET", undefined, undefined)?.body).toBe(second.body);
    expect(cache.size.bytes).toBe(entries.reduce((sum, entry) => sum + entry.bytes, 0));
  });

  it("makes no compressed copy of a response asked for once, and one from its second request on", async () => {
    const cache = createResponseCache(1_000_000);
    const entry = cache.put(
      "page",
      { status: 200, headers: {}, body: Buffer.from("z".repeat(5_000)), shows: new Set(["article:1"]) },
      cache.generation,
    );
    const first = await cache.answer("page", entry, "GET", undefined, "br, gzip");
    expect([first.headers["Content-Encoding"], entry.compressing.size, entry.encoded.size]).toEqual([undefined, 0, 0]);
    // A conditional request answered 304 is no use of the body: still no copy.
    expect((await cache.answer("page", entry, "GET", first.headers.ETag, "br, gzip")).status).toBe(304);
    expect(entry.compressing.size).toBe(0);
    const second = await cache.answer("page", entry, "GET", undefined, "br, gzip");
    expect(second.headers["Content-Encoding"]).toBeUndefined();
    expect([...entry.compressing]).toEqual(["br"]);
    await vi.waitFor(() => expect(entry.encoded.has("br")).toBe(true));
    expect((await cache.answer("page", entry, "GET", undefined, "br, gzip")).headers["Content-Encoding"]).toBe("br");
  });

  it("drops a compressed copy that finishes after its entry was invalidated", async () => {
    const cache = createResponseCache(1_000_000);
    const entry = cache.put(
      "page",
      { status: 200, headers: {}, body: Buffer.from("y".repeat(5_000)), shows: new Set(["article:1"]) },
      cache.generation,
    );
    void cache.answer("page", entry, "GET", undefined, "gzip");
    void cache.answer("page", entry, "GET", undefined, "gzip");
    expect(entry.compressing.has("gzip")).toBe(true);
    cache.invalidate(["article:1"]);
    await vi.waitFor(() => expect(entry.compressing.size).toBe(0));
    expect(entry.encoded.size).toBe(0);
    expect(entry.body).not.toBeNull();
    expect(cache.size.bytes).toBe(0);
  });
});

describe("createPageCache", () => {
  it("renders a page once for concurrent misses: the other requests get the kept response", async () => {
    // The page cache only subscribes to the store's changes; none happen here.
    const content = { onChange: () => () => {} } as unknown as ContentStore;
    const pageCache = createPageCache({ content, isAnonymous: () => true, secureCookies: false, maxBytes: 1_000_000 });
    let renders = 0;
    const app = new Hono<HttpEnv>();
    app.use(pageCache.middleware(() => Promise.reject(new Error("no signed-in requests here"))));
    app.get("*", async (c) => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return c.html("<p>The page</p>");
    });
    const responses = await Promise.all(Array.from({ length: 5 }, async () => app.request("/en/page")));
    expect(renders).toBe(1);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(await Promise.all(responses.map((response) => response.text())))).toEqual(
      new Set(["<p>The page</p>"]),
    );
  });
});
