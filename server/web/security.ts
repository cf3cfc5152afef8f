/**
 * Security headers on every response through hono/secure-headers, with a fresh
 * CSP nonce per response (decision 0026). The same policy and header values
 * are exported for the page cache's Node fast path, which answers before Hono.
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { PAGE_STYLE_SOURCE } from "#server/auth/pages.ts";
import type { HttpEnv } from "#server/http/env.ts";

type Source = string | typeof NONCE;

/**
 * The policy's directives; `nonce` is the per-response value (or hono's NONCE callback).
 * In development Vite injects stylesheets as <style> elements and talks to the page over
 * a WebSocket, so `npm run dev` allows inline styles and ws: (never in production).
 */
function directives(nonce: Source, development = false) {
  const policy = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", nonce],
    // No 'unsafe-inline': the rendered HTML has no style attributes, and the sign-in
    // pages' one <style> is allowed by its hash. Styles set from script (CSSOM) are not affected.
    styleSrc: ["'self'", PAGE_STYLE_SOURCE],
    // Avatars come from the identity providers; article covers may be remote.
    imgSrc: ["'self'", "data:", "https:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
  };
  if (!development) return policy;
  return { ...policy, styleSrc: ["'self'", "'unsafe-inline'"], connectSrc: ["'self'", "ws:", "wss:"] };
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export function contentSecurityPolicy(nonce: string): string {
  return Object.entries(directives(`'nonce-${nonce}'`))
    .map(([name, sources]) => `${kebab(name)} ${sources.join(" ")}`)
    .join("; ");
}

const HSTS = "max-age=31536000; includeSubDomains";
const PERMISSIONS_POLICY = { camera: [], microphone: [], geolocation: [], payment: [] };

/** Header values secureHeaders() sets besides the CSP (hono's defaults we keep, and ours). */
const HEADER_OPTIONS = {
  xContentTypeOptions: "nosniff",
  referrerPolicy: "strict-origin-when-cross-origin",
  xFrameOptions: "DENY",
  // The sign-in popup must be able to message its opener.
  crossOriginOpenerPolicy: "same-origin-allow-popups",
  crossOriginResourcePolicy: "same-origin",
  originAgentCluster: "?1",
  xDnsPrefetchControl: "off",
  xDownloadOptions: "noopen",
  xPermittedCrossDomainPolicies: "none",
  xXssProtection: "0",
} as const;

/** The headers every response carries, whatever produced it (the fast path sets them itself). */
export function securityHeaderValues(hsts: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": HEADER_OPTIONS.xContentTypeOptions,
    "Referrer-Policy": HEADER_OPTIONS.referrerPolicy,
    "X-Frame-Options": HEADER_OPTIONS.xFrameOptions,
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": HEADER_OPTIONS.crossOriginOpenerPolicy,
    "Cross-Origin-Resource-Policy": HEADER_OPTIONS.crossOriginResourcePolicy,
    "Origin-Agent-Cluster": HEADER_OPTIONS.originAgentCluster,
    "X-DNS-Prefetch-Control": HEADER_OPTIONS.xDnsPrefetchControl,
    "X-Download-Options": HEADER_OPTIONS.xDownloadOptions,
    "X-Permitted-Cross-Domain-Policies": HEADER_OPTIONS.xPermittedCrossDomainPolicies,
    "X-XSS-Protection": HEADER_OPTIONS.xXssProtection,
    ...(hsts ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/**
 * hono/secure-headers with our policy. The nonce is made before the handlers
 * run (React Router renders it into the page) and shared as `nonce`. A CSP a
 * handler set itself (a cached page's) is kept: overwrite is off.
 */
export function securityHeaders(options: { hsts: boolean; development?: boolean }): MiddlewareHandler<HttpEnv> {
  const headers = secureHeaders({
    ...HEADER_OPTIONS,
    strictTransportSecurity: options.hsts ? HSTS : false,
    permissionsPolicy: PERMISSIONS_POLICY,
    contentSecurityPolicy: directives(NONCE, options.development),
    overwrite: false,
  });
  return async (c, next) =>
    headers(c, async () => {
      c.set("nonce", c.get("secureHeadersNonce")!);
      await next();
    });
}
