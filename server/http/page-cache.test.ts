import { describe, expect, it } from "vitest";
import { createResponseCache, ifNoneMatchHits } from "./page-cache.ts";

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
  const response = (size: number, shows: string[] = []) => ({ status: 200, headers: {}, body: Buffer.alloc(size, 97), shows: new Set(shows) });

  it("evicts the least recently used entries to stay within its byte bound", () => {
    const cache = createResponseCache(40_000);
    cache.put("a", response(8_000), cache.generation);
    cache.put("b", response(8_000), cache.generation);
    cache.put("c", response(8_000), cache.generation);
    cache.get("a");
    cache.put("d", response(8_000), cache.generation);
    cache.put("e", response(8_000), cache.generation);
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

  it("does not keep a render that started before an invalidation", () => {
    const cache = createResponseCache(1_000_000);
    const started = cache.generation;
    cache.invalidate(["article:9"]);
    cache.put("stale", response(10, ["article:1"]), started);
    expect(cache.has("stale")).toBe(false);
  });

  it("compresses once per encoding and answers 304 to a matching validator of that encoding", () => {
    const cache = createResponseCache(1_000_000);
    const entry = cache.put("page", { status: 200, headers: { "content-type": "text/html" }, body: Buffer.from("x".repeat(5_000)), shows: new Set() }, cache.generation);
    const compressed = cache.answer("page", entry, "GET", undefined, "gzip, br");
    expect(compressed.headers["Content-Encoding"]).toBe("br");
    expect(cache.answer("page", entry, "GET", undefined, "br").body).toBe(compressed.body);
    expect(cache.answer("page", entry, "GET", compressed.headers.ETag, "br").status).toBe(304);
    expect(cache.answer("page", entry, "GET", compressed.headers.ETag, "").status).toBe(200);
  });
});
