/**
 * Every `code` the API answers in `{ error: { code, message, field? } }`: one list, from which the server's
 * `HttpError` and `errorResponse` take their type, the OpenAPI document its enum, and the admin the codes it
 * explains in the admin's language (core/i18n/admin-errors.ts). A new refusal adds its code here first.
 */
export const ERROR_CODES = [
  // The request itself
  "bad_request",
  "bad_host",
  "unknown_host",
  "method_not_allowed",
  "invalid_field",
  "invalid_query",
  "invalid_body",
  "invalid_header",
  "malformed_json",
  "invalid_encoding",
  "payload_too_large",
  "unsupported_media_type",
  "client_closed",
  // Who is asking
  "unauthenticated",
  "forbidden",
  "cross_site_request",
  "xsrf_mismatch",
  "rate_limited",
  // What it names
  "not_found",
  "unknown_language",
  "unknown_key",
  "unknown_user",
  // Writes from a stale copy (decision 0151)
  "precondition_required",
  "precondition_failed",
  // Refusals of the content rules
  "conflict",
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
  // Files and images
  "file_too_large",
  "format_mismatch",
  "damaged_image",
  "image_too_large",
  "image_not_encodable",
  "image_not_renderable",
  "invalid_file",
  "empty_file",
  "invalid_file_name",
  "file_refused",
  "import_refused",
  "too_many_imports",
  "import_not_found",
  "upload_incomplete",
  "upload_complete",
  "wrong_chunk",
  "wrong_chunk_size",
  "chunk_too_large",
  // The server's own state
  "uploads_busy",
  "images_busy",
  "busy",
  "database_unavailable",
  "internal_error",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
