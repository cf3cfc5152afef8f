/**
 * Validates input with zod — path parameters, query strings and bodies alike
 * (readJson comes through here): a 400 naming the field. Before the schema,
 * every text is checked for what a database cannot store the same way
 * everywhere: NUL (PostgreSQL refuses it, SQLite keeps it) and lone UTF-16
 * surrogates (not Unicode text at all) — decision 0024.
 */
import type { z } from "zod";
import { invalid } from "#core/errors.ts";

const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why a text cannot be stored, or null when it can. */
export function unstorableText(text: string): string | null {
  if (text.includes("\u0000")) return "must not contain NUL characters";
  if (LONE_SURROGATE.test(text)) return "must not contain lone surrogates (malformed Unicode)";
  return null;
}

/** The first text (value or key) in a parsed input that cannot be stored, with its path. */
export function findUnstorableText(
  value: unknown,
  path: readonly string[] = [],
): { path: string[]; problem: string } | null {
  if (typeof value === "string") {
    const problem = unstorableText(value);
    return problem === null ? null : { path: [...path], problem };
  }
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unstorableText(key);
    if (keyProblem !== null)
      return { path: [...path, key.toWellFormed().replaceAll("\u0000", "\\0")], problem: `name ${keyProblem}` };
    const found = findUnstorableText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

function fieldName(parts: readonly (string | undefined)[], fallback: string): string {
  return parts.filter((part) => part !== undefined && part !== "").join(".") || fallback;
}

/**
 * `field` names a single value (a path parameter); without it, the value is an
 * object (a query string, a body) and the failing key names the field.
 * `fileFields` names top-level fields that carry a whole file's text (a translations import's `content`):
 * they are left to the service that reads the file, which checks every text it takes from it and names the
 * key or line (core/text-characters.ts) rather than the field.
 */
export function validateInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  field?: string,
  fallback = "query",
  fileFields: readonly string[] = [],
): z.output<Schema> {
  const walked =
    fileFields.length > 0 && typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter(([key]) => !fileFields.includes(key)))
      : value;
  const unstorable = findUnstorableText(walked);
  if (unstorable) {
    const name = fieldName([field, ...unstorable.path], fallback);
    throw invalid("invalid_field", `${name}: ${unstorable.problem}`, name);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = fieldName([field, ...issue.path.map(String)], fallback);
  throw invalid("invalid_field", `${name}: ${issue.message}`, name);
}
