import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAddress, createRateLimiter, rateLimitKey } from "./rate-limit.ts";

describe("createRateLimiter", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(600_000);
  });
  afterEach(() => vi.useRealTimers());

  it("allows the limit per window, then refuses with the seconds left", async () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 });
    const decisions = [await limiter.hit("a"), await limiter.hit("a"), await limiter.hit("a")];
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true]);
    vi.advanceTimersByTime(15_000);
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    vi.advanceTimersByTime(44_500);
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    vi.advanceTimersByTime(500);
    expect((await limiter.hit("a")).allowed).toBe(true);
  });

  it("counts each key separately", async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("b")).allowed).toBe(true);
    expect((await limiter.hit("a")).allowed).toBe(false);
  });
});

describe("rateLimitKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:0db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("counts %s as %s", (address, key) => expect(rateLimitKey(address)).toBe(key));

  it("puts every address of one IPv6 /64 under one key", () => {
    expect(rateLimitKey("2001:db8:a:b:ffff::1")).toBe(rateLimitKey("2001:db8:a:b::2"));
    expect(rateLimitKey("2001:db8:a:c::1")).not.toBe(rateLimitKey("2001:db8:a:b::1"));
  });
});

describe("clientAddress", () => {
  const app = new Hono();
  app.get("/trusting", (c) => c.text(clientAddress(c, true)));
  app.get("/direct", (c) => c.text(clientAddress(c, false)));
  const headers = { "x-forwarded-for": "6.6.6.6, 203.0.113.7" };

  it("takes the last X-Forwarded-For entry only behind a trusted proxy", async () => {
    expect(await (await app.request("/trusting", { headers })).text()).toBe("203.0.113.7");
    expect(await (await app.request("/direct", { headers })).text()).toBe("unknown");
  });
});
