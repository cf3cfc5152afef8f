/**
 * A confirmation step for consequential admin actions, on the native modal
 * <dialog>: the browser traps focus inside, Escape cancels, and the page
 * behind is inert. Focus starts on Cancel (the safe choice) and goes back to
 * the control that opened the dialog when it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/confirm-dialog.css";

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, naming what is affected: "Revoke admin rights from Ada?" */
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** "danger" styles the confirm button as destructive. */
  tone?: "danger" | "normal";
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = "normal",
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useAdminText();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open && opener.current) {
      // The opener may have re-rendered (Grant became Revoke) but it is the same element.
      const target = opener.current;
      opener.current = null;
      if (target.isConnected) target.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={children ? textId : undefined}
      onCancel={(event) => {
        // Escape: let React's state close the dialog, so it and the page agree.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      {children && (
        <div id={textId} className="confirm-dialog__text">
          {children}
        </div>
      )}
      <div className="confirm-dialog__actions">
        <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t("admin.common.cancel")}
        </button>
        <button
          type="button"
          className={tone === "danger" ? "button button--danger" : "button"}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
