import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress, createRateLimiter } from "./rate-limit.ts";

describe("createRateLimiter", () => {
  it("allows the limit per window, then refuses with the seconds left", () => {
    let time = 60_000 * 10 + 15_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => time });
    expect([1, 2, 3].map(() => limiter.hit("a").allowed)).toEqual([true, true, true]);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    time += 44_500;
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time += 500;
    expect(limiter.hit("a").allowed).toBe(true);
  });

  it("counts each key separately", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => 0 });
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("b").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
  });

  it("puts keys beyond maxKeys into one shared bucket", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => 0, maxKeys: 2 });
    limiter.hit("a");
    limiter.hit("b");
    expect(limiter.hit("c").allowed).toBe(true);
    expect(limiter.hit("d").allowed).toBe(false);
    expect(limiter.hit("a").allowed).toBe(false);
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
