/**
 * Sign-in and sign-out on a public page without React (decision 0171), as the account menu
 * does in the app (app/components/account-menu.tsx): the popup opened in the click (a blocked
 * one falls back to a full-page sign-in), results heard from our own origin's postMessage, the
 * BroadcastChannel or the one-time cookie, checked for their shape, then a toast. The header's
 * account area is then fetched again with the page (decision 0134 makes that the visitors'
 * page with the person's header) and put in place, and the focus moves to its button.
 */
import { openSignIn } from "#app/lib/sign-in-popup.ts";
import {
  parseSignInResult,
  SIGN_IN_CHANNEL,
  SIGN_IN_MESSAGE_TYPE,
  takeFlashResult,
  type SignInMethod,
  type SignInResult,
} from "#core/sign-in-result.ts";
import { formatSignInError } from "#core/sign-in-error.ts";
import { SHELL_USER_ELEMENT_ID } from "#core/shell.ts";
import { postJson, t } from "./shell.ts";
import type { IslandToasts } from "./toasts.ts";

const ACK_TYPE = `${SIGN_IN_MESSAGE_TYPE}-ack`;
const ACCOUNT_AREA = ".site-header__tools > .sign-in-menu, .site-header__tools > .account";

/** Whether this window opened a sign-in popup that has not answered yet (only then does a channel result get a toast). */
let awaitingPopup = false;

function startSignIn(method: SignInMethod) {
  if (openSignIn(method)) awaitingPopup = true;
}

/** The header's account area and user block as the server renders them now; a reload if that fails. */
async function refreshAccountArea(focus: boolean): Promise<void> {
  try {
    const response = await fetch(window.location.href, {
      credentials: "same-origin",
      headers: { Accept: "text/html" },
    });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const next = page.querySelector(ACCOUNT_AREA);
    const current = document.querySelector(ACCOUNT_AREA);
    if (!next || !current) throw new Error("no account area in the page");
    current.replaceWith(document.adoptNode(next));
    const user = document.getElementById(SHELL_USER_ELEMENT_ID);
    if (user) user.textContent = page.getElementById(SHELL_USER_ELEMENT_ID)?.textContent ?? "null";
    if (focus) next.querySelector<HTMLElement>(".header-menu__button")?.focus();
  } catch (error) {
    console.warn("Account area not refreshed", error);
    window.location.reload();
  }
}

async function signOut(toasts: IslandToasts | null) {
  try {
    await postJson("/api/auth/sign-out", {});
    toasts?.show("info", t("TOAST:SIGNED_OUT"));
  } catch (error) {
    console.warn("Sign-out failed", error);
  }
  await refreshAccountArea(true);
}

function show(toasts: IslandToasts | null, result: SignInResult) {
  if (result.ok) {
    toasts?.show(
      "success",
      t(result.welcome === "new" ? "TOAST:WELCOME" : "TOAST:WELCOME_BACK", { displayName: result.displayName }),
    );
    return;
  }
  const message = t("TOAST:SIGNIN_FAILED", { message: result.message });
  toasts?.show("error", result.method ? formatSignInError(message, result.method) : message);
}

/** The sign-in and sign-out buttons (by delegation: the account area is replaced after each), and the results' listeners. */
export function enhanceSignIn(toasts: IslandToasts | null): void {
  document.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-sign-in], [data-sign-out]");
    if (!button) return;
    button.closest<HTMLElement>("[popover]")?.hidePopover();
    const method = button.dataset.signIn;
    if (method === "google" || method === "github") startSignIn(method);
    else void signOut(toasts);
  });

  const flash = takeFlashResult(document);
  if (flash) show(toasts, flash);

  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(SIGN_IN_CHANNEL) : null;
  const handled = new Set<string>();
  const accept = (result: SignInResult, fromOurPopup: boolean) => {
    if (!handled.has(result.id)) {
      if (!fromOurPopup && !awaitingPopup) {
        // Another tab signed in: show the new state here too, without a toast.
        if (result.ok) void refreshAccountArea(false);
        return;
      }
      handled.add(result.id);
      awaitingPopup = false;
      show(toasts, result);
      if (result.ok) void refreshAccountArea(true);
    }
    // Tells the popup it was heard, so it can close.
    channel?.postMessage({ type: ACK_TYPE, id: result.id });
  };
  window.addEventListener("message", (event) => {
    // Only our own origin may report a sign-in, and only in the expected shape.
    if (event.origin !== window.location.origin) return;
    const result = parseSignInResult(event.data);
    if (result) accept(result, true);
  });
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const result = parseSignInResult(event.data);
      if (result) accept(result, false);
    };
  }
}
