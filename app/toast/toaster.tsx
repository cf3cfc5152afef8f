import { useSyncExternalStore } from "react";
import { useToastStore } from "./context.tsx";
import type { Toast, ToastKind, ToastStore } from "./engine.ts";

export interface ToasterProps {
  /** Accessible name of the notifications region, already translated. */
  regionLabel: string;
  /** Accessible name of each toast's dismiss button, already translated. */
  dismissLabel: string;
}

const noToasts: readonly Toast[] = [];
const serverSnapshot = () => noToasts;

// A symbol besides the colour, so the kind does not rely on colour alone.
const kindSymbol: Record<ToastKind, string> = { success: "✓", info: "i", error: "!" };

/**
 * Renders the toasts. Both live regions are in the server HTML, empty, so
 * screen readers already watch them when the first toast arrives: errors go to
 * the assertive `alert` region, the rest to the polite `status` region.
 */
export function Toaster({ regionLabel, dismissLabel }: ToasterProps) {
  const store = useToastStore();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
  const renderToast = (toast: Toast) => (
    <ToastItem key={toast.id} toast={toast} store={store} dismissLabel={dismissLabel} />
  );
  return (
    <section className="toaster" aria-label={regionLabel}>
      {/* aria-atomic=false: announce only the new toast, not every toast still on screen. */}
      <div className="toaster__region" role="status" aria-live="polite" aria-atomic="false">
        {toasts.filter((toast) => toast.kind !== "error").map(renderToast)}
      </div>
      <div className="toaster__region" role="alert" aria-live="assertive" aria-atomic="false">
        {toasts.filter((toast) => toast.kind === "error").map(renderToast)}
      </div>
    </section>
  );
}

interface ToastItemProps {
  toast: Toast;
  store: ToastStore;
  dismissLabel: string;
}

function ToastItem({ toast, store, dismissLabel }: ToastItemProps) {
  const { id } = toast;
  const pause = () => store.hoverStart(id);
  const resume = () => store.hoverEnd(id);
  return (
    // Tap-to-dismiss is a pointer shortcut; keyboard users have the dismiss button,
    // and focusing it pauses the toast just like hovering does.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- see above
    <div
      className={`toast toast--${toast.kind}`}
      data-state={toast.state}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      onClick={() => store.tap(id)}
    >
      <span className="toast__symbol" aria-hidden="true">
        {kindSymbol[toast.kind]}
      </span>
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__dismiss" aria-label={dismissLabel} onClick={() => store.remove(id)}>
        <span aria-hidden="true">×</span>
      </button>
      {toast.progressBar && (
        <div className="toast__progress" aria-hidden="true" style={{ inlineSize: `${toast.progress}%` }} />
      )}
    </div>
  );
}
