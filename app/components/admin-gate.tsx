/**
 * What a visitor who is not an admin sees at /admin (PRODUCT.md §7): 401
 * "Sign in required" with the sign-in buttons, or 403 "No access". Translated,
 * since anyone can land here. Rendered by the root's error boundary (the
 * admin middleware refuses before any loader runs) and by the admin layout's
 * (an admin loader refusing, e.g. after a sign-out).
 */
import { isRouteErrorResponse } from "react-router";
import { useShell } from "#app/lib/use-shell.ts";
import { SignInButtons } from "./account-menu.tsx";

/** 401 or 403 when `error` is the admin gate's refusal (server/auth/guard.ts), else null. */
export function adminGateStatus(error: unknown): 401 | 403 | null {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return null;
  const gate = (error.data as { gate?: unknown }).gate;
  return (gate === 401 || gate === 403) && error.status === gate ? gate : null;
}

export function AdminGate({ status }: { status: 401 | 403 }) {
  const { t } = useShell();
  const [titleKey, textKey] = status === 401 ? ["ADMIN:SIGNIN_REQUIRED_TITLE", "ADMIN:SIGNIN_REQUIRED_TEXT"] : ["ADMIN:NO_ACCESS_TITLE", "ADMIN:NO_ACCESS_TEXT"];
  return (
    <section className="error-page admin-gate" aria-labelledby="admin-gate-title">
      <title>{`${t(titleKey)} · ${t("SITE:TITLE")}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status">{status}</p>
      <h1 id="admin-gate-title">{t(titleKey)}</h1>
      <p>{t(textKey)}</p>
      {status === 401 && <SignInButtons />}
    </section>
  );
}
