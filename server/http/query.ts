/**
 * Query strings validated with zod, for the JSON API and for loaders alike:
 * bad input is a 400 naming the parameter, never a 500. Empty values count as
 * absent (a GET form sends `?entity=` for "any"); a parameter given twice is refused.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { HttpError } from "./errors.ts";

export type QueryResult<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

export function parseQuery<Schema extends z.ZodType>(schema: Schema, params: URLSearchParams): QueryResult<z.output<Schema>> {
  const record: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    if (values.length > 1) return { ok: false, field: key, message: `${key}: must be given at most once` };
    if (values[0] !== "") record[key] = values[0]!;
  }
  const parsed = schema.safeParse(record);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join(".") || "query";
  return { ok: false, field, message: `${field}: ${issue.message}` };
}

/** For Hono routes: the validated query, or a thrown 400 the app's error handler turns into JSON. */
export function readQuery<Schema extends z.ZodType>(c: Context, schema: Schema): z.output<Schema> {
  const result = parseQuery(schema, new URL(c.req.url).searchParams);
  if (!result.ok) throw new HttpError(400, "invalid_field", result.message, result.field);
  return result.value;
}
