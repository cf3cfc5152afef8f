/**
 * Refuses addresses no page can answer before any routing: a path not starting
 * with exactly one slash, malformed percent-encoding, control characters (NUL…),
 * and absurd lengths — a 400, never a 500.
 */
import type { ErrorCode } from "#core/error-codes.ts";
import type { Context, MiddlewareHandler } from "hono";
import { decodeSegment } from "#core/paths.ts";
import { errorResponse } from "./errors.ts";
import type { HttpEnv } from "./env.ts";

export const MAX_PATH_LENGTH = 2048;
export const MAX_QUERY_LENGTH = 4096;

export function rawPathAndQuery(url: string): { path: string; query: string } {
  const afterOrigin = url.replace(/^[a-z]+:\/\/[^/]*/i, "");
  const queryStart = afterOrigin.indexOf("?");
  return queryStart === -1
    ? { path: afterOrigin, query: "" }
    : { path: afterOrigin.slice(0, queryStart), query: afterOrigin.slice(queryStart + 1) };
}

/**
 * Why an address is refused, or null. Takes the absolute URL Hono sees or the
 * raw request target Node sees (the page cache's fast path): both give one answer.
 */
export function findBadInput(url: string): string | null {
  const { path, query } = rawPathAndQuery(url);
  // "//host/…" is a network-path reference: a URL parser reads a host there, and a redirect to it leaves the site.
  if (!path.startsWith("/") || path.startsWith("//")) return "The path must start with a single slash.";
  if (path.length > MAX_PATH_LENGTH) return `The path is longer than ${MAX_PATH_LENGTH} characters.`;
  if (query.length > MAX_QUERY_LENGTH) return `The query string is longer than ${MAX_QUERY_LENGTH} characters.`;
  if (path.split("/").some((segment) => decodeSegment(segment) === null)) {
    return "The path has malformed percent-encoding or a control character.";
  }
  for (const pair of query.split("&")) {
    if (pair && decodeSegment(pair.replace(/\+/g, " ")) === null) {
      return "The query string has malformed percent-encoding or a control character.";
    }
  }
  return null;
}

/** A small page in the site's favorite language naming the problem, for a browser. */
export type RenderErrorPage = (status: 400 | 405, message: string) => Response;

/** A refusal in the one error shape: JSON for the API and anything that is not a browser asking for a page, else a small page. */
export function refusal(
  c: Context<HttpEnv>,
  renderPage: RenderErrorPage,
  status: 400 | 405,
  code: ErrorCode,
  message: string,
): Response {
  const wantsJson = /^\/(api|init|auth)\//.test(c.req.path) || !(c.req.header("accept") ?? "").includes("text/html");
  return wantsJson ? errorResponse(status, code, message) : renderPage(status, message);
}

export function requestGuard(renderPage: RenderErrorPage): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const problem = findBadInput(c.req.url);
    return problem === null ? next() : refusal(c, renderPage, 400, "bad_request", problem);
  };
}
