/**
 * The unsaved-changes guard of admin screens: while something typed is not saved, leaving the page asks
 * first — inside the app, a confirmation dialog (React Router's blocker); closing or reloading the tab, the
 * browser's own question (beforeunload). A navigation that only changes the hash, or whose state says the
 * edits are gone anyway (`allowLeave`), is never blocked.
 */
import { useEffect, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";

interface UnsavedChangesGuardProps {
  /** Whether something typed is not saved. */
  unsaved: boolean;
  /** The dialog's question ("Leave the French version?"). */
  title: string;
  /** What would be lost. */
  children: ReactNode;
  /** A navigation that may leave anyway (its state says the edits are gone with what was deleted). */
  allowLeave?: (state: unknown) => boolean;
}

/** The blocker and the browser's warning; renders the dialog that asks whether to leave. */
export function UnsavedChangesGuard({ unsaved, title, children, allowLeave }: UnsavedChangesGuardProps) {
  const { t } = useAdminText();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !allowLeave?.(nextLocation.state) &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={title}
      confirmLabel={t("admin.version.discard")}
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {children}
    </ConfirmDialog>
  );
}
