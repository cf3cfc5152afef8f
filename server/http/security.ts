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

export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    c.set("nonce", randomBytes(16).toString("base64"));
    await next();
    const headers = c.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    // The sign-in popup must be able to message its opener.
    headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    headers.set("Cross-Origin-Resource-Policy", "same-origin");
    if (options.hsts) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy(c.get("nonce")));
  };
}
