/**
 * The admin forms' own checks in the admin's language, the way decision 0101
 * explains the server's refusals. The schemas in core/admin keep their English
 * messages (the JSON API answers with them, for API clients); the admin looks
 * each zod issue up here by what it is, never by its wording:
 * - a rule a schema names carries a stable code: `checkParams` on a refine
 *   and `checkIssue` in a superRefine or transform put it in `params.check`
 *   with the values its text needs; a pattern given to `.regex()` is named by
 *   `namedPattern` (a regex issue carries only its pattern, and `.regex()`
 *   keeps the pattern in the OpenAPI document). Shown as `admin.check.<code>`;
 * - zod's own checks (min, max, int, a number's or a text's type) are told by
 *   their kind and limit: `admin.check.too_long` with `{max}`, and so on;
 * - anything else reads "is not valid" (`admin.check.invalid`): translated,
 *   never the English message.
 */
import type { z } from "zod";
import type { MessageValues } from "./translate.ts";

export const ADMIN_CHECK_KEY_PREFIX = "admin.check.";

/** The rules schemas name; each has the admin text `admin.check.<code>` (server/admin/i18n/catalog/checks.json). */
export const SCHEMA_CHECK_CODES = [
  "article_key",
  "cover",
  "tag",
  "slug",
  "translation_key",
  "language_tag",
  "reserved_short_code",
  "short_code",
  "page_name_empty",
  "page_name_slash",
  "page_name_dots",
  "page_name_feed",
  "page_name_preview",
  "page_name_control",
] as const;
export type SchemaCheckCode = (typeof SCHEMA_CHECK_CODES)[number];

/** The texts for zod's own checks, by kind (`admin.check.<name>`). */
export const GENERIC_CHECKS = [
  "required",
  "too_short",
  "too_long",
  "too_small",
  "negative",
  "too_large",
  "too_many",
  "not_a_number",
  "not_whole_number",
  "not_text",
  "invalid",
] as const;

const NAMED: ReadonlySet<string> = new Set(SCHEMA_CHECK_CODES);

/** What a schema passes to `.refine()` for a rule of its own: the English message for the API, the code and values for the admin. */
export function checkParams(code: SchemaCheckCode, message: string, values: MessageValues = {}) {
  return { error: message, params: { check: code, ...values } };
}

const PATTERN_CODES = new Map<string, SchemaCheckCode>();

/** A pattern for `.regex()`, named: its issues (which carry the pattern as text) are shown as `admin.check.<code>`. */
export function namedPattern(code: SchemaCheckCode, pattern: RegExp): RegExp {
  PATTERN_CODES.set(String(pattern), code);
  return pattern;
}

/** The same for `context.addIssue()` in a superRefine or transform. */
export function checkIssue(code: SchemaCheckCode, message: string, values: MessageValues = {}) {
  return { code: "custom" as const, message, params: { check: code, ...values } };
}

export interface CheckText {
  key: string;
  values: MessageValues;
}

const text = (name: string, values: MessageValues = {}): CheckText => ({
  key: `${ADMIN_CHECK_KEY_PREFIX}${name}`,
  values,
});

/** The admin text of a zod issue, with its arguments. */
export function checkTextOf(issue: z.core.$ZodIssue): CheckText {
  switch (issue.code) {
    case "custom": {
      const { check, ...values } = (issue.params ?? {}) as Record<string, unknown>;
      return typeof check === "string" && NAMED.has(check) ? text(check, values as MessageValues) : text("invalid");
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? text("required") : text("too_short", { min });
      if (issue.origin === "number" || issue.origin === "int")
        return min === 0 ? text("negative") : text("too_small", { min });
      return text("invalid");
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return text("too_long", { max });
      if (issue.origin === "number" || issue.origin === "int") return text("too_large", { max });
      if (issue.origin === "array" || issue.origin === "set") return text("too_many", { max });
      return text("invalid");
    }
    case "invalid_format": {
      const named =
        issue.format === "regex" && issue.pattern !== undefined ? PATTERN_CODES.get(issue.pattern) : undefined;
      return named === undefined ? text("invalid") : text(named);
    }
    case "invalid_type":
      if (issue.expected === "int") return text("not_whole_number");
      if (issue.expected === "number") return text("not_a_number");
      if (issue.expected === "string") return text("not_text");
      return text("invalid");
    // Not given by the admin forms' fields (an enum is a select, a key set is the form's own): the generic text.
    case "invalid_value":
    case "unrecognized_keys":
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "not_multiple_of":
      return text("invalid");
  }
}

/** What to show for a zod issue: its admin text in the admin's language. */
export function explainIssue(
  issue: z.core.$ZodIssue,
  translate: (key: string, values: MessageValues) => string,
): string {
  const { key, values } = checkTextOf(issue);
  return translate(key, values);
}
