/**
 * XSRF protection (docs/seed-spec.md §9, decision 0023), checked before any body is read:
 *   1. the request must come from our own site: `Sec-Fetch-Site` (when sent)
 *      is same-origin and `Origin` (when sent) is one of the site's origins
 *      (./site-hosts.ts: PUBLIC_URL's, under the site's other names), never
 *      one made from the request's own Host, which the sender chooses;
 *   2. it must repeat the XSRF-TOKEN cookie's token in X-XSRF-TOKEN (or, for a
 *      plain HTML form, a `_xsrf` field, read within the route's body limit).
 * The token is tied to the session: with a session cookie it must be an HMAC
 * of the session id, which a page on another site can neither read nor plant;
 * without one it is a random double-submit value. Every response keeps the
 * cookie in step with the session it leaves the browser with.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { parse as parseCookieHeader } from "hono/utils/cookie";
import { SESSION_COOKIE } from "#server/http/session-cookie.ts";
import { errorResponse } from "./errors.ts";
import type { HttpEnv } from "./env.ts";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
export const XSRF_FORM_FIELD = "_xsrf";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function hasXsrfCookie(cookieHeader: string | undefined): boolean {
  return parseCookieHeader(cookieHeader ?? "", XSRF_COOKIE)[XSRF_COOKIE] !== undefined;
}

function xsrfCookie(token: string, secure: boolean): string {
  return `${XSRF_COOKIE}=${token}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** A Set-Cookie value with a fresh random token, for a visitor without a session; readable by the page's script. */
export function newXsrfCookie(secure: boolean): string {
  return xsrfCookie(randomBytes(24).toString("base64url"), secure);
}

/** The token of a session: an HMAC keyed by the (secret, HttpOnly) session id, so it reveals nothing about it. */
export function sessionXsrfToken(sessionId: string): string {
  return createHmac("sha256", sessionId).update("pp-xsrf-token").digest("base64url");
}

/** The token a request must repeat, or undefined when it has none to repeat. */
export function expectedXsrfToken(c: Context): string | undefined {
  const session = getCookie(c, SESSION_COOKIE);
  return session ? sessionXsrfToken(session) : getCookie(c, XSRF_COOKIE);
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Why a request does not come from our own pages, or null when it does (or is not a browser's cross-site request). */
export function crossSiteProblem(headers: Headers, siteOrigins: ReadonlySet<string>): string | null {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin")
    return `Sec-Fetch-Site is "${fetchSite.slice(0, 40)}"; only same-origin requests may change data.`;
  const origin = headers.get("origin");
  if (origin !== null && !siteOrigins.has(origin)) return "The Origin header names another site.";
  return null;
}

const isForm = (c: Context) => /^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header("content-type") ?? "");

async function formToken(c: Context): Promise<string | undefined> {
  const form = await c.req.raw
    .clone()
    .formData()
    .catch(() => null);
  const field = form?.get(XSRF_FORM_FIELD);
  return typeof field === "string" ? field : undefined;
}

/** The session the browser holds after this response: set, cleared, or the one it came with. */
function sessionAfter(c: Context): string | undefined {
  for (const line of c.res.headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";");
    const separator = pair.indexOf("=");
    if (pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const cleared =
      pair.slice(separator + 1).trim() === "" || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    return cleared ? undefined : pair.slice(separator + 1).trim();
  }
  return getCookie(c, SESSION_COOKIE);
}

const mismatch = () =>
  errorResponse(
    403,
    "xsrf_mismatch",
    `The ${XSRF_HEADER} header is missing or does not match the ${XSRF_COOKIE} cookie.`,
  );

/**
 * `limitBody` is the route's body limit: a plain form's `_xsrf` field is the
 * only reason to read a body here, and it is read within that limit.
 */
export function xsrfProtection(
  options: { secure: boolean; siteOrigins: ReadonlySet<string> },
  limitBody: MiddlewareHandler<HttpEnv>,
): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const crossSite = crossSiteProblem(c.req.raw.headers, options.siteOrigins);
      if (crossSite) return errorResponse(403, "cross_site_request", crossSite);
      const expected = expectedXsrfToken(c);
      if (expected === undefined) {
        // A visitor whose pages all came from a shared cache (which keeps no cookie) has no token yet:
        // the refusal brings one, and the browser's client sends the request again with it (app/lib/api-client.ts).
        const refusal = mismatch();
        refusal.headers.append("Set-Cookie", newXsrfCookie(options.secure));
        return refusal;
      }
      const header = c.req.header(XSRF_HEADER);
      if (header === undefined && isForm(c)) {
        let matches = false;
        const tooLarge = await limitBody(c, async () => {
          const field = await formToken(c);
          matches = field !== undefined && sameToken(expected, field);
        });
        if (tooLarge) return tooLarge;
        if (!matches) return mismatch();
      } else if (header === undefined || !sameToken(expected, header)) {
        return mismatch();
      }
    }
    await next();
    const current = getCookie(c, XSRF_COOKIE);
    const session = sessionAfter(c);
    if (session !== undefined) {
      const token = sessionXsrfToken(session);
      if (current !== token) c.res.headers.append("Set-Cookie", xsrfCookie(token, options.secure));
    } else if (current === undefined || getCookie(c, SESSION_COOKIE) !== undefined) {
      // No token yet, or the session just ended: a fresh random one.
      c.res.headers.append("Set-Cookie", newXsrfCookie(options.secure));
    }
  };
}
