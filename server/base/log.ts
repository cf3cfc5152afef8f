/**
 * Structured JSON logs. Secrets never reach them: cookies, tokens and query
 * strings are not logged, and a logged `path` or raw `target` loses what a
 * signed link carries (a draft-preview token opens the draft to whoever reads
 * it) and its query's values, whichever line logs it.
 */
import { pino, type DestinationStream } from "pino";
import { decodeSegment, PREVIEW_SEGMENT } from "#core/paths.ts";

export type Logger = pino.Logger;

export const REDACTED = "[redacted]";

/**
 * Path segments after which everything is a signed link's secret: `/{lang}/preview/{token}`.
 * A new kind of signed link names its segment here (tests/integration/hosts-origins-logs.test.ts
 * checks every route with a `:token` parameter).
 */
const SIGNED_LINK_SEGMENTS: ReadonlySet<string> = new Set([PREVIEW_SEGMENT]);

/** The path with whatever follows a signed-link segment replaced (compared decoded and lowercased, as the router does). */
export function redactPath(path: string): string {
  const segments = path.split("/");
  const signed = segments.findIndex((segment) =>
    SIGNED_LINK_SEGMENTS.has((decodeSegment(segment) ?? segment).toLowerCase()),
  );
  if (signed === -1 || signed === segments.length - 1) return path;
  return [...segments.slice(0, signed + 1), REDACTED].join("/");
}

/** A raw request target with its path redacted and its query reduced to parameter names. */
export function redactTarget(target: string): string {
  const queryStart = target.indexOf("?");
  if (queryStart === -1) return redactPath(target);
  const names = target
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => (pair.includes("=") ? `${pair.slice(0, pair.indexOf("="))}=${REDACTED}` : REDACTED));
  return `${redactPath(target.slice(0, queryStart))}?${names.join("&")}`;
}

const ifText = (redact: (value: string) => string) => (value: unknown) =>
  typeof value === "string" ? redact(value) : value;

/** `destination`: where lines go (stdout unless given; tests read them). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          "*.cookie",
          "*.authorization",
          "*.access_token",
          "*.id_token",
          "*.refresh_token",
          "*.code",
          "*.client_secret",
        ],
        censor: REDACTED,
      },
      serializers: { err: pino.stdSerializers.err, path: ifText(redactPath), target: ifText(redactTarget) },
    },
    destination,
  );
}
