/**
 * A button in the header that opens a small panel of links or buttons (the
 * language list, the sign-in providers, the account actions): the WAI-ARIA
 * disclosure pattern on the native popover, so it opens, closes on Escape or
 * an outside click and returns the focus before hydration too. Once hydrated,
 * ArrowDown/ArrowUp on the button open the panel on its first/last item, and
 * the arrows, Home and End move between the items instead of scrolling the page.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type Ref } from "react";

interface HeaderMenuProps {
  id: string;
  /** The button's content; its text is the button's accessible name unless `name` is given. */
  label: ReactNode;
  /** The button's accessible name when its visible text may be hidden (the language button on phones). */
  name?: string;
  className?: string;
  buttonClassName?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

function menuItems(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
}

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function HeaderMenu({ id, label, name, className, buttonClassName, buttonRef, children }: HeaderMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  const openOnArrow = (event: KeyboardEvent<HTMLButtonElement>) => {
    const panel = panelRef.current;
    if (!panel || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
    event.preventDefault();
    if (!panel.matches(":popover-open")) panel.showPopover();
    const items = menuItems(panel);
    items[event.key === "ArrowDown" ? 0 : items.length - 1]?.focus();
  };

  // A native listener: the panel is a plain container, not a widget of its own.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const moveBetweenItems = (event: globalThis.KeyboardEvent) => {
      const step = STEPS[event.key];
      const items = menuItems(panel);
      if (!step || items.length === 0) return;
      event.preventDefault();
      const current = items.indexOf(document.activeElement as HTMLElement);
      const backwards = event.key === "ArrowUp" || event.key === "End";
      items[current < 0 ? (backwards ? items.length - 1 : 0) : step(current, items.length)]?.focus();
    };
    panel.addEventListener("keydown", moveBetweenItems);
    return () => panel.removeEventListener("keydown", moveBetweenItems);
  }, []);

  return (
    <div className={["header-menu", className].filter(Boolean).join(" ")}>
      <button
        type="button"
        ref={buttonRef}
        className={["header-menu__button", buttonClassName].filter(Boolean).join(" ")}
        popoverTarget={id}
        aria-label={name}
        onKeyDown={openOnArrow}
      >
        {label}
      </button>
      <div id={id} ref={panelRef} popover="auto" className="header-menu__panel">
        {children}
      </div>
    </div>
  );
}
