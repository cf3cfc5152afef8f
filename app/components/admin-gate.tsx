/**
 * What a visitor who is not an admin sees at /admin (docs/product.md §7): 401
 * "Sign in required" with the sign-in buttons, or 403 "No access". Translated,
 * since anyone can land here. Rendered by the root's error boundary (the
 * admin middleware refuses before any loader runs) and by the admin layout's
 * (an admin loader refusing, e.g. after a sign-out).
 */
import { isRouteErrorResponse } from "react-router";
import { useShell } from "#app/lib/use-shell.ts";
import { SignInButtons } from "#app/components/account-menu.tsx";
import { ErrorPage, type StatusHandlers } from "#app/components/error-page.tsx";

/** 401 or 403 when `error` is the admin gate's refusal (server/auth/guard.ts), else null. */
export function adminGateStatus(error: unknown): 401 | 403 | null {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return null;
  const gate = (error.data as { gate?: unknown }).gate;
  return (gate === 401 || gate === 403) && error.status === gate ? gate : null;
}

export function AdminGate({ status }: { status: 401 | 403 }) {
  const { t } = useShell();
  const [titleKey, textKey] =
    status === 401
      ? ["ADMIN:SIGNIN_REQUIRED_TITLE", "ADMIN:SIGNIN_REQUIRED_TEXT"]
      : ["ADMIN:NO_ACCESS_TITLE", "ADMIN:NO_ACCESS_TEXT"];
  return (
    <ErrorPage status={status} title={t(titleKey)} siteTitle={t("SITE:TITLE")} text={t(textKey)}>
      {status === 401 && <SignInButtons />}
    </ErrorPage>
  );
}

/** The 401 and 403 handlers of every error boundary that the admin gate's refusal can reach. */
export const adminGateHandlers = {
  401: (error: unknown) => (adminGateStatus(error) ? <AdminGate status={401} /> : null),
  403: (error: unknown) => (adminGateStatus(error) ? <AdminGate status={403} /> : null),
} satisfies Partial<StatusHandlers>;
