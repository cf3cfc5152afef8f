/** Security headers on every response, and a fresh CSP nonce per rendered page. */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./env.ts";

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes (progress bars, chart sizes) are harmless; scripts are what the nonce guards.
    "style-src 'self' 'unsafe-inline'",
    // Avatars come from the identity providers; article covers may be remote.
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The headers every response carries, whatever produced it. */
export function securityHeaderValues(hsts: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    // The sign-in popup must be able to message its opener.
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(hsts ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler<HttpEnv> {
  const values = Object.entries(securityHeaderValues(options.hsts));
  return async (c, next) => {
    c.set("nonce", randomBytes(16).toString("base64"));
    await next();
    const headers = c.res.headers;
    for (const [name, value] of values) headers.set(name, value);
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy(c.get("nonce")));
  };
}
