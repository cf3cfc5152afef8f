/**
 * Refuses addresses no page can answer before any routing: malformed
 * percent-encoding, control characters (NUL…), and absurd lengths — a 400, never a 500.
 */
import type { MiddlewareHandler } from "hono";
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

export function findBadInput(url: string): string | null {
  const { path, query } = rawPathAndQuery(url);
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

export function requestGuard(renderBadRequest: (message: string) => Response): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const problem = findBadInput(c.req.url);
    if (problem === null) return next();
    const wantsJson = /^\/(api|init|auth)\//.test(c.req.path) || !(c.req.header("accept") ?? "").includes("text/html");
    return wantsJson ? errorResponse(400, "bad_request", problem) : renderBadRequest(problem);
  };
}
