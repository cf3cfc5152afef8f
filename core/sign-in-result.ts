/**
 * The sign-in result the server hands to the page (docs/product.md §6): by
 * postMessage from the popup, on a BroadcastChannel when the popup lost its
 * opener, or in a one-time cookie after a full-page sign-in. The page checks
 * the shape before trusting it (and the message's origin, see account-menu.tsx).
 */

export const SIGN_IN_MESSAGE_TYPE = "polyglot-press:sign-in";
/** BroadcastChannel name: same-origin only, so only this site's pages hear it. */
export const SIGN_IN_CHANNEL = "polyglot-press:sign-in";
/** The one-time cookie carrying the result of a full-page sign-in; readable by the page, which deletes it. */
export const FLASH_COOKIE = "pp_flash";

export type SignInMethod = "google" | "github";

export type SignInResult =
  | {
      type: typeof SIGN_IN_MESSAGE_TYPE;
      id: string;
      ok: true;
      method: SignInMethod;
      welcome: "new" | "returning";
      displayName: string;
    }
  | { type: typeof SIGN_IN_MESSAGE_TYPE; id: string; ok: false; method: SignInMethod | null; message: string };

const MAX_TEXT = 1000;

function isText(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_TEXT;
}

function isMethod(value: unknown): value is SignInMethod {
  return value === "google" || value === "github";
}

/** The result if `value` has exactly the expected shape, else null. */
export function parseSignInResult(value: unknown): SignInResult | null {
  if (typeof value !== "object" || value === null) return null;
  const candidate = value as Record<string, unknown>;
  if (candidate.type !== SIGN_IN_MESSAGE_TYPE || !isText(candidate.id)) return null;
  if (candidate.ok === true) {
    if (
      !isMethod(candidate.method) ||
      (candidate.welcome !== "new" && candidate.welcome !== "returning") ||
      !isText(candidate.displayName)
    )
      return null;
    return {
      type: SIGN_IN_MESSAGE_TYPE,
      id: candidate.id,
      ok: true,
      method: candidate.method,
      welcome: candidate.welcome,
      displayName: candidate.displayName,
    };
  }
  if (candidate.ok === false) {
    if (!(candidate.method === null || isMethod(candidate.method)) || !isText(candidate.message)) return null;
    return {
      type: SIGN_IN_MESSAGE_TYPE,
      id: candidate.id,
      ok: false,
      method: candidate.method,
      message: candidate.message,
    };
  }
  return null;
}

/** Reads and deletes the flash cookie; null when there is none or it is not a sign-in result. */
export function takeFlashResult(doc: Pick<Document, "cookie">): SignInResult | null {
  const pair = doc.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  if (!pair) return null;
  doc.cookie = `${FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  try {
    return parseSignInResult(JSON.parse(decodeURIComponent(pair.slice(FLASH_COOKIE.length + 1))));
  } catch {
    return null;
  }
}

/** The path the sign-in start route takes: provider, where to come back to, popup or full page. */
export function signInStartPath(method: SignInMethod, returnTo: string, popup: boolean): string {
  const query = new URLSearchParams({ returnTo });
  if (popup) query.set("popup", "1");
  return `/auth/${method}/start?${query}`;
}
