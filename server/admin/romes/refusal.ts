/**
 * Thrown anywhere in the import pipeline when the whole file must be refused;
 * parseRomeFile turns it into `{ ok: false, message }`. Any other error is a
 * bug (or an upload failure) and propagates.
 */
export class FileRefused extends Error {
  override name = "FileRefused";
}

const MAX_QUOTED_CHARS = 40;

/** Quotes a value taken from the file for a message, bounded so hostile input cannot flood the UI. */
export function quoteForMessage(value: string): string {
  return JSON.stringify(truncateChars(value, MAX_QUOTED_CHARS));
}

/** Cuts by code point (never inside a surrogate pair), marking the cut with an ellipsis. */
export function truncateChars(value: string, max: number): string {
  const chars = [...value];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : value;
}
