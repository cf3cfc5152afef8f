/** Validates path parameters and query strings with zod the way readJson validates bodies: a 400 naming the field. */
import type { z } from "zod";
import { HttpError } from "./errors.ts";

/**
 * `field` names a single value (a path parameter); without it, the value is an
 * object (a query string) and the failing key names the field.
 */
export function validateInput<Schema extends z.ZodType>(schema: Schema, value: unknown, field?: string): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = [field, ...issue.path.map(String)].filter((part) => part !== undefined && part !== "").join(".") || "query";
  throw new HttpError(400, "invalid_field", `${name}: ${issue.message}`, name);
}
