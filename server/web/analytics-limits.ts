/**
 * Limits on analytics events (decision 0021), in front of the recording route:
 *   - per client address: ANALYTICS_RATE_LIMIT events a minute, then 429 with Retry-After;
 *   - for the whole site: ANALYTICS_EVENTS_PER_MINUTE stored a minute; beyond
 *     that budget events are acknowledged (202, recorded: false) and dropped,
 *     so a flood from many addresses cannot grow the table without bound.
 */
import type { MiddlewareHandler } from "hono";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { clientAddress, createRateLimiter, rateLimitKey } from "#server/http/rate-limit.ts";

const MINUTE_MS = 60_000;

export function analyticsLimits({ config, log }: AppServices): MiddlewareHandler<HttpEnv> {
  const perClient = createRateLimiter({ limit: config.analytics.rateLimit, windowMs: MINUTE_MS });
  const site = createRateLimiter({ limit: config.analytics.eventsPerMinute, windowMs: MINUTE_MS });
  let sheddingUntil = 0;
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const client = await perClient.hit(rateLimitKey(clientAddress(c, config.trustProxy)));
    if (!client.allowed) {
      const response = errorResponse(
        429,
        "rate_limited",
        `Too many analytics events from your address. Please try again in ${client.retryAfterSeconds} seconds.`,
      );
      response.headers.set("Retry-After", String(client.retryAfterSeconds));
      return response;
    }
    const budget = await site.hit("site");
    if (!budget.allowed) {
      if (Date.now() >= sheddingUntil) {
        sheddingUntil = Date.now() + budget.retryAfterSeconds * 1000;
        log.warn(
          { eventsPerMinute: config.analytics.eventsPerMinute },
          "analytics budget reached: dropping events until the minute ends",
        );
      }
      return c.json({ recorded: false }, 202);
    }
    return next();
  };
}
