/**
 * Where the visitor goes back to after signing in: only a path on this site.
 * Anything that a browser could read as another origin ("//evil.example",
 * "/\evil.example", a tab or newline the URL parser drops) is refused, so the
 * sign-in flow can never be used as an open redirect.
 */
import { z } from "zod";

export const DEFAULT_RETURN_TO = "/";
export const MAX_RETURN_TO_LENGTH = 2048;

const PROBE_ORIGIN = "http://return-to.invalid";

export function isSafeReturnTo(value: string): boolean {
  if (value.length === 0 || value.length > MAX_RETURN_TO_LENGTH) return false;
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  // Backslashes count as slashes in browsers; control characters are stripped by URL parsers.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return false;
  const url = URL.parse(value, PROBE_ORIGIN);
  return url !== null && url.origin === PROBE_ORIGIN;
}

export const returnToSchema = z
  .string()
  .refine(
    isSafeReturnTo,
    `must be a path on this site that starts with "/" (not "//"), at most ${MAX_RETURN_TO_LENGTH} characters`,
  );
