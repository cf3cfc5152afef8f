/**
 * Opens sign-in with `method` in a popup (docs/seed-spec.md: sign-in from any page), or, when the browser blocks
 * popups, in this window; the account menu (the app) and the public pages' island both start sign-in here.
 * Returns whether a popup opened, that is whether this window now waits for its answer.
 */
import { signInStartPath, type SignInMethod } from "#core/sign-in-result.ts";

const POPUP_NAME = "polyglot-press-sign-in";
const POPUP_FEATURES = "popup,width=520,height=680";

export function openSignIn(method: SignInMethod): boolean {
  const returnTo = window.location.pathname + window.location.search;
  const popup = window.open(signInStartPath(method, returnTo, true), POPUP_NAME, POPUP_FEATURES);
  if (!popup) {
    window.location.assign(signInStartPath(method, returnTo, false));
    return false;
  }
  popup.focus();
  return true;
}
