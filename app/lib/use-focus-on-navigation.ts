/**
 * After a client-side navigation to another address (a link, pagination, a
 * GET form, "Create article"), the focus moves to the new page's heading, as
 * a full page load would reset it: otherwise it stays on a link that may be
 * gone and screen readers hear nothing. Hash-only changes keep it, and so do
 * navigations within one screen that pass `state={KEEP_FOCUS}` (tabs).
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export const KEEP_FOCUS = { keepFocus: true } as const;

function keepsFocus(state: unknown): boolean {
  return typeof state === "object" && state !== null && "keepFocus" in state && state.keepFocus === true;
}

export function useFocusOnNavigation() {
  const location = useLocation();
  const address = location.pathname + location.search;
  const previous = useRef(address);
  const keep = keepsFocus(location.state as unknown);
  useEffect(() => {
    if (previous.current === address) return;
    previous.current = address;
    if (keep) return;
    const main = document.getElementById("content");
    const heading = main?.querySelector<HTMLElement>("h1");
    const target = heading ?? main;
    if (!target) return;
    if (target === heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [address, keep]);
}
