/**
 * Query strings validated with zod (through validateInput), for the JSON API
 * and for loaders alike: bad input is a 400 naming the parameter, never a 500.
 * Empty values count as absent (a GET form sends `?entity=` for "any"); a
 * parameter given twice is refused rather than silently picking one.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { AppError, invalid } from "#core/errors.ts";
import { validateInput } from "./validate.ts";

export type QueryResult<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

function queryRecord(params: URLSearchParams): Record<string, string> {
  const record: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    if (values.length > 1) throw invalid("invalid_field", `${key}: must be given at most once`, key);
    if (values[0] !== "") record[key] = values[0]!;
  }
  return record;
}

/** For Hono routes: the validated query, or a thrown 400 the app's error handler turns into JSON. */
export function readQuery<Schema extends z.ZodType>(c: Context, schema: Schema): z.output<Schema> {
  return validateInput(schema, queryRecord(new URL(c.req.url).searchParams));
}

/** For loaders, which show the problem on the page instead of throwing. */
export function parseQuery<Schema extends z.ZodType>(
  schema: Schema,
  params: URLSearchParams,
): QueryResult<z.output<Schema>> {
  try {
    return { ok: true, value: validateInput(schema, queryRecord(params)) };
  } catch (error) {
    if (error instanceof AppError && error.field !== undefined)
      return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}
