/**
 * The admin API's refusals in the admin's language (decision 0101). The JSON
 * API keeps its English `message` (API clients rely on it); the admin screens
 * look the refusal's stable `code` up here and show the admin text
 * `admin.refusal.<code>`, with the server's message (its field prefix
 * removed) as `{detail}` for the texts that need the specifics. A code that
 * core/error-codes.ts does not mark "explained" is shown as the server's message, unchanged.
 */
import { EXPLAINED_ERROR_CODES } from "#core/error-codes.ts";

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
export function explainRefusal(
  refusal: Refusal,
  translate: (key: string, values: { detail: string }) => string,
): string {
  const key = refusalTextKey(refusal.code);
  return key === null
    ? refusal.message
    : translate(key, { detail: withoutFieldPrefix(refusal.message, refusal.field) });
}
