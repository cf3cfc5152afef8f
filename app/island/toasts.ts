/**
 * The toasts of a public page without React (decision 0171): the same timing engine as the
 * app's Toaster (app/toast/engine.ts), drawn into the two live regions the server rendered
 * (app/toast/toaster.tsx), with the same markup, so the same stylesheet and behaviour apply:
 * hover or focus holds a toast, a tap dismisses it, errors go to the assertive region.
 */
import { createToastStore, type Toast, type ToastKind } from "#app/toast/engine.ts";

const kindSymbol: Record<ToastKind, string> = { success: "✓", info: "i", error: "!" };

export interface IslandToasts {
  show: (kind: ToastKind, message: string) => void;
}

function toastElement(toast: Toast, dismissLabel: string, store: ReturnType<typeof createToastStore>): HTMLElement {
  const element = document.createElement("div");
  element.className = `toast toast--${toast.kind}`;
  const symbol = document.createElement("span");
  symbol.className = "toast__symbol";
  symbol.setAttribute("aria-hidden", "true");
  symbol.textContent = kindSymbol[toast.kind];
  const message = document.createElement("p");
  message.className = "toast__message";
  message.textContent = toast.message;
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "toast__dismiss";
  dismiss.setAttribute("aria-label", dismissLabel);
  dismiss.innerHTML = '<span aria-hidden="true">×</span>';
  dismiss.addEventListener("click", (event) => {
    event.stopPropagation();
    store.remove(toast.id);
  });
  element.append(symbol, message, dismiss);
  if (toast.progressBar) {
    const progress = document.createElement("div");
    progress.className = "toast__progress";
    progress.setAttribute("aria-hidden", "true");
    element.append(progress);
  }
  const pause = () => store.hoverStart(toast.id);
  const resume = () => store.hoverEnd(toast.id);
  element.addEventListener("mouseenter", pause);
  element.addEventListener("mouseleave", resume);
  element.addEventListener("focusin", pause);
  element.addEventListener("focusout", resume);
  element.addEventListener("click", () => store.tap(toast.id));
  return element;
}

/** Toasts drawn into the page's `.toaster` regions; null when the page has none. */
export function createIslandToasts(dismissLabel: () => string): IslandToasts | null {
  const regions = document.querySelectorAll<HTMLElement>(".toaster .toaster__region");
  const polite = regions[0];
  const assertive = regions[1];
  if (!polite || !assertive) return null;
  const store = createToastStore();
  const shown = new Map<string, HTMLElement>();
  store.subscribe(() => {
    const toasts = store.getSnapshot();
    const ids = new Set(toasts.map((toast) => toast.id));
    for (const [id, element] of shown) {
      if (!ids.has(id)) {
        element.remove();
        shown.delete(id);
      }
    }
    for (const toast of toasts) {
      let element = shown.get(toast.id);
      if (!element) {
        element = toastElement(toast, dismissLabel(), store);
        shown.set(toast.id, element);
        (toast.kind === "error" ? assertive : polite).append(element);
      }
      element.dataset.state = toast.state;
      // CSSOM, not a style attribute: the CSP allows no inline styles (decision 0026).
      element.querySelector<HTMLElement>(".toast__progress")?.style.setProperty("inline-size", `${toast.progress}%`);
    }
  });
  return { show: (kind, message) => void store.show(kind, message) };
}
