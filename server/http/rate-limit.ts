/**
 * Rate limits per client address with rate-limiter-flexible's in-memory
 * limiter (decision 0021): a fixed window per key that starts with the key's
 * first request; each key is forgotten when its window ends. Each instance
 * counts on its own: behind a load balancer the effective limit is the limit
 * times the number of instances, which is fine for abuse control.
 */
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the key's window ends (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string): Promise<RateDecision>;
}

export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter {
  const limiter = new RateLimiterMemory({ points: limit, duration: windowMs / 1000 });
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
    },
  };
}

/** Eight groups of an IPv6 address, "::" expanded. */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  return [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
}

/**
 * The key a client is counted under: an IPv4 address as is, an IPv6 address by
 * its /64 network — one subscriber usually holds a whole /64, so counting
 * single IPv6 addresses would let one client rotate through billions of keys.
 */
export function rateLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  return `${ipv6Groups(address.toLowerCase().split("%")[0]!)
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The client's address: the socket's peer, or — only when TRUST_PROXY=true —
 * the last X-Forwarded-For entry, the one our own proxy appended (earlier ones
 * are whatever the client chose to send).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean);
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
