/**
 * Every `code` the API answers in `{ error: { code, message, field? } }`, and how the admin screens show it: from
 * this one list the refusals of core/errors.ts and the server's `errorResponse` take their type, the OpenAPI document its enum, and the
 * admin the codes it explains in the admin's language (an `admin.refusal.<code>` text, decision 0101) rather than
 * showing the server's English message (decision 0170). A new refusal adds its code here first.
 */
const CODES = {
  // The request itself
  bad_request: "message",
  bad_host: "message",
  unknown_host: "message",
  method_not_allowed: "message",
  invalid_field: "explained",
  invalid_query: "explained",
  invalid_body: "message",
  invalid_header: "message",
  malformed_json: "explained",
  invalid_encoding: "explained",
  payload_too_large: "message",
  unsupported_media_type: "explained",
  client_closed: "message",
  // Who is asking
  unauthenticated: "explained",
  forbidden: "explained",
  cross_site_request: "message",
  xsrf_mismatch: "message",
  rate_limited: "message",
  // What it names
  not_found: "explained",
  unknown_language: "explained",
  unknown_key: "explained",
  unknown_user: "explained",
  // Writes from a stale copy (decision 0151)
  precondition_required: "explained",
  precondition_failed: "explained",
  // Refusals of the content rules
  conflict: "explained",
  key_exists: "explained",
  read_only_key: "explained",
  section_name_required: "explained",
  page_name_taken: "explained",
  invalid_message: "explained",
  last_admin: "explained",
  last_language: "explained",
  favorite_cannot_be_disabled: "explained",
  favorite_cannot_be_deleted: "explained",
  language_disabled: "explained",
  code_taken: "explained",
  short_code_taken: "explained",
  in_use: "explained",
  invalid_fallbacks: "explained",
  no_source_language: "explained",
  // Files and images
  file_too_large: "explained",
  format_mismatch: "explained",
  damaged_image: "explained",
  image_too_large: "explained",
  image_not_encodable: "explained",
  image_not_renderable: "message",
  invalid_file: "explained",
  empty_file: "explained",
  invalid_file_name: "explained",
  file_refused: "message",
  import_refused: "explained",
  too_many_imports: "explained",
  import_not_found: "explained",
  upload_incomplete: "explained",
  upload_complete: "message",
  wrong_chunk: "explained",
  wrong_chunk_size: "message",
  chunk_too_large: "message",
  // Machine translation (decision 0218): none configured, the provider's error or unreadable answer, its silence
  machine_translation_off: "explained",
  machine_translation_failed: "explained",
  machine_translation_unavailable: "explained",
  // The server's own state
  uploads_busy: "explained",
  images_busy: "message",
  busy: "message",
  database_unavailable: "message",
  internal_error: "message",
} as const satisfies Record<string, "explained" | "message">;

export type ErrorCode = keyof typeof CODES;

export const ERROR_CODES = Object.keys(CODES) as [ErrorCode, ...ErrorCode[]];

/** The codes the admin explains in the admin's language (core/i18n/admin-errors.ts). */
export const EXPLAINED_ERROR_CODES: readonly ErrorCode[] = ERROR_CODES.filter((code) => CODES[code] === "explained");
