/**
 * Who may read the content delivery API (docs/decisions/0200-content-api-keys.md): every request carries an API key
 * as `Authorization: Bearer ppk_…`, looked up by its SHA-256 (one indexed read, so a revocation holds at once on
 * every instance); a missing, unknown or revoked key is a 401. Then the key's origins (CORS: only a listed origin is
 * echoed, a browser calling from another is refused), its requests per minute (429 with Retry-After, counted per
 * instance as every rate limit here: decision 0021) and when it was last used (written at most once a minute).
 */
import type { Context, MiddlewareHandler } from "hono";
import { tokenHash } from "#server/admin/api-keys/service.ts";
import type { Kysely } from "kysely";
import type { AppServices } from "#server/content/context.ts";
import type { Database } from "#server/db/schema.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { createRateLimiter, type RateLimiter } from "#server/http/rate-limit.ts";

/** last_used_at is written when the stored one is older than this: a busy key costs one write a minute. */
const LAST_USED_RESOLUTION_MS = 60_000;
const RATE_WINDOW_MS = 60_000;
/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;
const BEARER = /^Bearer\s+(\S+)$/i;

/** Every content API answer differs by these request headers: a shared cache keys on them (never one key's copy for another). */
const VARY = "Accept-Encoding, Authorization, Origin";
const EXPOSED_HEADERS = "ETag, Link, Retry-After";

function corsHeaders(origin: string): Record<string, string> {
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": EXPOSED_HEADERS };
}

function refuseUnauthenticated(message: string): Response {
  return errorResponse(401, "unauthenticated", message, undefined, { "WWW-Authenticate": 'Bearer realm="content"' });
}

const parseList = (json: string) => JSON.parse(json) as string[];

/** A preflight carries no key: the origin is let through if any working key lists it (the request itself is checked again). */
async function preflight(db: Kysely<Database>, origin: string | null): Promise<Response> {
  const keys = await db.selectFrom("api_keys").select("origins").where("revoked_at", "is", null).execute();
  if (origin === null || !keys.some((key) => parseList(key.origins).includes(origin)))
    return errorResponse(403, "forbidden", `Origin ${origin ?? "(none)"} is not allowed by any API key.`, undefined, {
      Vary: VARY,
    });
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      "Access-Control-Allow-Headers": "Authorization, If-None-Match",
      "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
      Vary: VARY,
    },
  });
}

export function contentKeyAccess(services: AppServices): MiddlewareHandler<HttpEnv> {
  const { db } = services.database;
  const siteOrigin = new URL(services.config.publicUrl).origin;
  /** One limiter per rate (keys are counted by id in the limiter of their rate). */
  const limiters = new Map<number, RateLimiter>();
  const limiterOf = (limit: number) => {
    let limiter = limiters.get(limit);
    if (!limiter) limiters.set(limit, (limiter = createRateLimiter({ limit, windowMs: RATE_WINDOW_MS })));
    return limiter;
  };
  /** Cross-origin requests only: a request without Origin (a server, an app) or from the site itself needs no CORS. */
  const crossOrigin = (c: Context) => {
    const origin = c.req.header("origin");
    return origin !== undefined && origin !== siteOrigin ? origin : null;
  };

  async function check(c: Context<HttpEnv>): Promise<Response | { allowOrigin: string | null }> {
    const token = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
    if (!token)
      return refuseUnauthenticated(
        "An API key is required: send it as `Authorization: Bearer <key>` (admins create keys at /admin/api-keys).",
      );
    const key = await db
      .selectFrom("api_keys")
      .selectAll()
      .where("token_hash", "=", tokenHash(token))
      .executeTakeFirst();
    if (!key) return refuseUnauthenticated("This API key is unknown: check it was copied whole.");
    if (key.revoked_at !== null) return refuseUnauthenticated(`This API key was revoked at ${key.revoked_at}.`);
    const origin = crossOrigin(c);
    if (origin !== null && !parseList(key.origins).includes(origin))
      return errorResponse(403, "forbidden", `Origin ${origin} is not allowed for this API key.`, undefined, {
        Vary: VARY,
      });
    const allowOrigin = origin;
    const rate = await limiterOf(key.rate_limit).hit(`key:${key.id}`);
    if (!rate.allowed)
      return errorResponse(
        429,
        "rate_limited",
        `This API key's ${key.rate_limit} requests a minute are spent: try again in ${rate.retryAfterSeconds} s.`,
        undefined,
        { "Retry-After": String(rate.retryAfterSeconds), ...(allowOrigin ? corsHeaders(allowOrigin) : {}), Vary: VARY },
      );
    const now = new Date();
    if (key.last_used_at === null || Date.parse(key.last_used_at) < now.getTime() - LAST_USED_RESOLUTION_MS)
      await db.updateTable("api_keys").set({ last_used_at: now.toISOString() }).where("id", "=", key.id).execute();
    c.set("apiKey", { id: key.id, languages: parseList(key.languages) });
    return { allowOrigin };
  }

  return async (c, next) => {
    if (c.req.method === "OPTIONS") return preflight(db, crossOrigin(c));
    const checked = await check(c);
    if (checked instanceof Response) return checked;
    await next();
    c.res.headers.set("Vary", VARY);
    if (checked.allowOrigin)
      for (const [name, value] of Object.entries(corsHeaders(checked.allowOrigin))) c.res.headers.set(name, value);
  };
}
