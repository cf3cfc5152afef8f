/**
 * Feedback for admin screens: a success toast when the app mounts the toast
 * provider, otherwise the screen's own polite status line; and the error
 * message a failed request may show (the server's 4xx text, else a plain one),
 * and the alert region that shows it.
 */
import { useState } from "react";
import { explainRefusal, type Refusal } from "#core/i18n/admin-errors.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { useToasts, type Toasts } from "#app/toast/context.tsx";

/** The toasts, or null when no <ToastProvider> is mounted above (it throws then). */
function useToastsIfMounted(): Toasts | null {
  // The provider's presence never changes during a render's lifetime, so the hook calls stay in the same order.
  try {
    return useToasts();
  } catch {
    return null;
  }
}

export function useSaveFeedback() {
  const toasts = useToastsIfMounted();
  const [status, setStatus] = useState("");
  return {
    /** The text for the screen's role="status" line (empty while toasts show the feedback). */
    status,
    success: (message: string) => {
      if (toasts) toasts.success(message);
      else setStatus(message);
    },
  };
}

/** The screen's role="status" line for useSaveFeedback's messages. */
export function SaveStatus({ feedback }: { feedback: { status: string } }) {
  return (
    <p role="status" className="admin-status">
      {feedback.status}
    </p>
  );
}

/** The server's refusal (a 4xx with its error JSON), or null for any other failure. */
export function refusalOf(error: unknown): Refusal | null {
  return error instanceof ApiError && error.kind === "client" && error.body !== null ? error.body.error : null;
}

/** A refusal in the admin's language (decision 0101): the text for its code, else the server's message. */
export function refusalMessage(refusal: Refusal, t: Translate): string {
  return explainRefusal(refusal, t);
}

/** What to tell the admin when a request failed: the server's refusal in their language, else `couldNot` ("Could not save the image") and why. */
export function failureMessage(error: unknown, couldNot: string, t: Translate): string {
  const refusal = refusalOf(error);
  return refusal ? refusalMessage(refusal, t) : t("admin.common.failure", { couldNot });
}

/** An error about the screen as a whole; always rendered, so screen readers already watch the region when one arrives. */
export function ErrorAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? "admin-error-summary" : "admin-error-summary admin-error-summary--empty"}>
      {message}
    </div>
  );
}
