/**
 * The admin API's refusals in the admin's language (decision 0101). The JSON
 * API keeps its English `message` (API clients rely on it); the admin screens
 * look the refusal's stable `code` up here and show the admin text
 * `admin.refusal.<code>`, with the server's message (its field prefix
 * removed) as `{detail}` for the texts that need the specifics. A code not
 * listed here is shown as the server's message, unchanged.
 */
import type { ErrorCode } from "#core/error-codes.ts";

export const EXPLAINED_ERROR_CODES = [
  "invalid_field",
  "invalid_query",
  "malformed_json",
  "invalid_encoding",
  "not_found",
  "conflict",
  "unknown_language",
  "unknown_key",
  "key_exists",
  "read_only_key",
  "section_name_required",
  "page_name_taken",
  "invalid_message",
  "last_admin",
  "last_language",
  "favorite_cannot_be_disabled",
  "favorite_cannot_be_deleted",
  "language_disabled",
  "code_taken",
  "short_code_taken",
  "in_use",
  "invalid_fallbacks",
  "no_source_language",
  "forbidden",
  "unauthenticated",
  "unknown_user",
  "file_too_large",
  "unsupported_media_type",
  "format_mismatch",
  "damaged_image",
  "image_too_large",
  "image_not_encodable",
  "uploads_busy",
  "invalid_file",
  "empty_file",
  "invalid_file_name",
  "import_refused",
  "too_many_imports",
  "import_not_found",
  "upload_incomplete",
  "wrong_chunk",
  "precondition_failed",
  "precondition_required",
] as const satisfies readonly ErrorCode[];

const EXPLAINED: ReadonlySet<string> = new Set(EXPLAINED_ERROR_CODES);

export const ADMIN_ERROR_KEY_PREFIX = "admin.refusal.";

/** A refusal as the API sends it: `{ error: { code, message, field? } }`. */
export interface Refusal {
  code: string;
  message: string;
  field?: string;
}

/** The admin text key of a code, or null when the admin does not explain it. */
export function refusalTextKey(code: string): string | null {
  return EXPLAINED.has(code) ? `${ADMIN_ERROR_KEY_PREFIX}${code}` : null;
}

/** The server prefixes field messages with the field's name ("code: …"); next to the field, or after a translated sentence, that name is redundant. */
export function withoutFieldPrefix(message: string, field: string | undefined): string {
  return field !== undefined && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

/** What to show for a refusal: `translate(key, { detail })` for an explained code, else the server's message. */
export function explainRefusal(refusal: Refusal, translate: (key: string, values: { detail: string }) => string): string {
  const key = refusalTextKey(refusal.code);
  return key === null ? refusal.message : translate(key, { detail: withoutFieldPrefix(refusal.message, refusal.field) });
}
