import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { createToastStore, type ToastStore } from "./engine.ts";

const ToastStoreContext = createContext<ToastStore | null>(null);

/** Holds the app's one toast store. Server renders get their own, which never shows anything. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createToastStore());
  return <ToastStoreContext value={store}>{children}</ToastStoreContext>;
}

/** The store itself, for the Toaster view. */
export function useToastStore(): ToastStore {
  const store = useContext(ToastStoreContext);
  if (!store) throw new Error("useToastStore must be used inside <ToastProvider>");
  return store;
}

export interface Toasts {
  success: (message: string) => string;
  info: (message: string) => string;
  error: (message: string) => string;
  remove: (id: string) => void;
}

/** What components use to show toasts; each show returns the toast's id. */
export function useToasts(): Toasts {
  const store = useToastStore();
  return useMemo(
    () => ({
      success: (message) => store.show("success", message),
      info: (message) => store.show("info", message),
      error: (message) => store.show("error", message),
      remove: (id) => store.remove(id),
    }),
    [store],
  );
}
