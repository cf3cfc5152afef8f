/**
 * The header's account area (docs/product.md §6), one compact menu button: "Sign in"
 * holding "Sign in with Google/GitHub" when signed out; the photo and name
 * holding "Admin" (for admins) and "Sign out" when signed in. After signing in
 * or out the focus moves to the new button, so it is not lost with the old one.
 * Sign-in runs in a popup opened synchronously in the click (so it is not
 * blocked); a blocked popup falls back to a full-page sign-in.
 */
import { openSignIn } from "#app/lib/sign-in-popup.ts";
import { useEffect, useEffectEvent, useRef, type ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { api } from "#app/lib/api-client.ts";
import {
  parseSignInResult,
  SIGN_IN_CHANNEL,
  SIGN_IN_MESSAGE_TYPE,
  takeFlashResult,
  type SignInMethod,
  type SignInResult,
} from "#core/sign-in-result.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { useReloadPageData } from "#app/lib/use-reload-page-data.ts";
import { formatSignInError } from "#core/sign-in-error.ts";
import { useToasts } from "#app/toast/context.tsx";
import { HeaderMenu } from "./header-menu.tsx";

const ACK_TYPE = `${SIGN_IN_MESSAGE_TYPE}-ack`;

/**
 * Whether this window opened a sign-in popup that has not answered yet: only
 * then does a result heard on the BroadcastChannel (not from our own popup's
 * postMessage) get a toast. Module state: one per browser window.
 */
let awaitingPopup = false;

function startSignIn(method: SignInMethod) {
  if (openSignIn(method)) awaitingPopup = true;
}

const icons: Record<SignInMethod, ReactNode> = {
  google: (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z" />
    </svg>
  ),
  github: (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="18" height="18">
      <path
        fill="currentColor"
        d="M8 0a8 8 0 0 0-2.5 15.6c.4 0 .5-.2.5-.4v-1.5c-2.2.5-2.7-1-2.7-1-.4-.9-.9-1.2-.9-1.2-.7-.5.1-.5.1-.5.8.1 1.2.8 1.2.8.7 1.3 1.9.9 2.4.7 0-.5.3-.9.5-1.1-1.8-.2-3.6-.9-3.6-4 0-.9.3-1.6.8-2.1 0-.2-.4-1 .1-2.1 0 0 .7-.2 2.2.8a7.5 7.5 0 0 1 4 0c1.5-1 2.2-.8 2.2-.8.4 1.1.2 1.9.1 2.1.5.6.8 1.3.8 2.1 0 3.1-1.9 3.8-3.6 4 .3.3.6.8.6 1.5v2.2c0 .2.1.5.6.4A8 8 0 0 0 8 0Z"
      />
    </svg>
  ),
};

/** One button per available sign-in method; also used by the admin area's "Sign in required" page. */
export function SignInButtons() {
  const { tl, signInMethods } = useShell();
  return (
    <div className="sign-in-buttons">
      {signInMethods.map((method) => (
        <button
          key={method}
          type="button"
          className="account-button"
          data-sign-in={method}
          onClick={(event) => {
            event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover();
            startSignIn(method);
          }}
        >
          {icons[method]}
          <span>{tl(method === "google" ? "SIGNIN:GOOGLE" : "SIGNIN:GITHUB")}</span>
        </button>
      ))}
    </div>
  );
}

/** Listens for sign-in results (popup, BroadcastChannel, one-time cookie) and shows them. */
function useSignInResults() {
  const { t } = useShell();
  const toasts = useToasts();
  const reloadPageData = useReloadPageData();
  // The listeners are installed once; these effect events see the latest render's values.
  const show = useEffectEvent((result: SignInResult) => {
    if (result.ok) {
      toasts.success(
        t(result.welcome === "new" ? "TOAST:WELCOME" : "TOAST:WELCOME_BACK", { displayName: result.displayName }),
      );
      return;
    }
    const message = t("TOAST:SIGNIN_FAILED", { message: result.message });
    toasts.error(result.method ? formatSignInError(message, result.method) : message);
  });
  const reload = useEffectEvent(reloadPageData);

  useEffect(() => {
    const flash = takeFlashResult(document);
    if (flash) show(flash);

    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(SIGN_IN_CHANNEL) : null;
    const handled = new Set<string>();
    const accept = (result: SignInResult, fromOurPopup: boolean) => {
      if (!handled.has(result.id)) {
        if (!fromOurPopup && !awaitingPopup) {
          // Another tab signed in: show the new state here too, without a toast.
          if (result.ok) reload();
          return;
        }
        handled.add(result.id);
        awaitingPopup = false;
        if (result.ok) reload();
        show(result);
      }
      // Tells the popup it was heard, so it can close.
      channel?.postMessage({ type: ACK_TYPE, id: result.id });
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own origin may report a sign-in, and only in the expected shape.
      if (event.origin !== window.location.origin) return;
      const result = parseSignInResult(event.data);
      if (result) accept(result, true);
    };
    window.addEventListener("message", onMessage);
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        const result = parseSignInResult(event.data);
        if (result) accept(result, false);
      };
    }
    return () => {
      window.removeEventListener("message", onMessage);
      channel?.close();
    };
  }, []);
}

const personIcon = (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
    <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
  </svg>
);

/** Moves the focus to the account button when the signed-in user changes (not on the first render). */
function useFocusOnUserChange(uid: string | undefined) {
  const button = useRef<HTMLButtonElement>(null);
  const previous = useRef(uid);
  useEffect(() => {
    if (previous.current === uid) return;
    previous.current = uid;
    button.current?.focus();
  }, [uid]);
  return button;
}

export function AccountMenu() {
  const { t, tl, user } = useShell();
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const button = useFocusOnUserChange(user?.uid);
  useSignInResults();

  if (!user) {
    return (
      <HeaderMenu
        key="sign-in"
        id="sign-in-menu"
        className="sign-in-menu"
        buttonClassName="account-button"
        buttonRef={button}
        label={
          <>
            {personIcon}
            <span>{tl("SIGNIN:MENU")}</span>
          </>
        }
      >
        <SignInButtons />
      </HeaderMenu>
    );
  }

  const name = user.displayName || user.email || "";
  const signOut = async () => {
    try {
      await api.post("/api/auth/sign-out", {});
      toasts.info(t("TOAST:SIGNED_OUT"));
    } catch {
      // The API client has logged it (docs/product.md §6); the page reloads its state either way.
    }
    await revalidator.revalidate();
  };

  return (
    <HeaderMenu
      key="account"
      id="account-menu"
      className="account"
      buttonClassName="account__who"
      buttonRef={button}
      label={
        <>
          {user.photoURL ? (
            // Low priority: React would otherwise preload it from the head, which must stay the same for every visitor (decision 0134).
            <img
              className="account__photo"
              src={user.photoURL}
              alt=""
              width="32"
              height="32"
              referrerPolicy="no-referrer"
              fetchPriority="low"
            />
          ) : (
            <span className="account__photo account__photo--initial" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="visually-hidden">{tl("SIGNIN:SIGNED_IN_AS", { name })}</span>
          <span className="account__name" aria-hidden="true">
            {name}
          </span>
        </>
      }
    >
      {user.role !== "user" && (
        <Link
          className="account-link"
          to="/admin"
          onClick={(event) => event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover()}
        >
          {tl("NAV:ADMIN")}
        </Link>
      )}
      <button type="button" className="account-button" data-sign-out="" onClick={signOut}>
        {tl("SIGNOUT:BUTTON")}
      </button>
    </HeaderMenu>
  );
}
