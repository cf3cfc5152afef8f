/**
 * A small fixed-window rate limiter, in memory, per key (a client IP). Each
 * instance counts on its own: behind a load balancer the effective limit is
 * the limit times the number of instances, which is fine for abuse control.
 */
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
  /** Bounds the memory an address scan can use: beyond it, unknown keys share one bucket. */
  maxKeys?: number;
}

export function createRateLimiter({ limit, windowMs, now = Date.now, maxKeys = 10_000 }: RateLimiterOptions) {
  let windowIndex = -1;
  const counts = new Map<string, number>();
  return {
    hit(key: string): RateDecision {
      const time = now();
      const index = Math.floor(time / windowMs);
      if (index !== windowIndex) {
        windowIndex = index;
        counts.clear();
      }
      const bucket = counts.has(key) || counts.size < maxKeys ? key : "\u0000overflow";
      const count = (counts.get(bucket) ?? 0) + 1;
      counts.set(bucket, count);
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(((index + 1) * windowMs - time) / 1000)) };
    },
  };
}

/**
 * The client's address: the socket's peer, or — only when TRUST_PROXY=true —
 * the last X-Forwarded-For entry, the one our own proxy appended (earlier ones
 * are whatever the client chose to send).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").map((part) => part.trim()).filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // No socket (app.request in tests): all such requests share one bucket.
    return "unknown";
  }
}
