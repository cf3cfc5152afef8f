/**
 * Double-submit XSRF protection (spec §9): the server sets an XSRF-TOKEN
 * cookie; a state-changing request must repeat it in X-XSRF-TOKEN (or, for a
 * plain HTML form, a _xsrf field) or it is refused with 403.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { errorResponse } from "./errors.ts";
import type { HttpEnv } from "./env.ts";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
export const XSRF_FORM_FIELD = "_xsrf";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function hasXsrfCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim().startsWith(`${XSRF_COOKIE}=`));
}

/** A Set-Cookie value with a fresh token: readable by the page's script (it must copy it into the header). */
export function newXsrfCookie(secure: boolean): string {
  return `${XSRF_COOKIE}=${randomBytes(24).toString("base64url")}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function submittedToken(request: Request): Promise<string | null> {
  const header = request.headers.get(XSRF_HEADER);
  if (header) return header;
  if ((request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
    const form = await request.clone().formData().catch(() => null);
    const field = form?.get(XSRF_FORM_FIELD);
    return typeof field === "string" ? field : null;
  }
  return null;
}

export function xsrfProtection(options: { secure: boolean }): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, XSRF_COOKIE);
    if (!SAFE_METHODS.has(c.req.method)) {
      const submitted = await submittedToken(c.req.raw);
      if (!cookie || !submitted || !sameToken(cookie, submitted)) {
        return errorResponse(403, "xsrf_mismatch", `The ${XSRF_HEADER} header is missing or does not match the ${XSRF_COOKIE} cookie.`);
      }
    }
    await next();
    if (!cookie) c.res.headers.append("Set-Cookie", newXsrfCookie(options.secure));
  };
}
