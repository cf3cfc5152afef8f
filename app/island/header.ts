/**
 * The header of a public page without React (decision 0171). The menus are native popovers
 * and work without any script (decisions 0008, 0040); this adds what the app's components add:
 * arrow keys on the menus (app/components/header-menu.tsx), the search field's focus when its
 * panel opens (header-search.tsx), and the language picker's saved choice and `lang_{id}`
 * event (language-picker.tsx, app/lib/saved-language.ts). Listeners are delegated from the
 * document, so an account area put in after a sign-in works the same.
 */
import { restoreLanguageChoice, saveLanguageChoice } from "#app/lib/saved-language.ts";
import { recordEvent } from "./shell.ts";

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

function menuItems(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
}

/** ArrowDown/ArrowUp on a menu button open its panel on the first/last item. */
function openOnArrow(event: KeyboardEvent, button: HTMLElement) {
  const panel = document.getElementById(button.getAttribute("popovertarget") ?? "");
  if (!panel || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
  event.preventDefault();
  if (!panel.matches(":popover-open")) panel.showPopover();
  const items = menuItems(panel);
  items[event.key === "ArrowDown" ? 0 : items.length - 1]?.focus();
}

/** The arrows, Home and End move between a panel's items instead of scrolling the page. */
function moveBetweenItems(event: KeyboardEvent, panel: HTMLElement) {
  const step = STEPS[event.key];
  const items = menuItems(panel);
  if (!step || items.length === 0) return;
  event.preventDefault();
  const current = items.indexOf(document.activeElement as HTMLElement);
  const backwards = event.key === "ArrowUp" || event.key === "End";
  items[current < 0 ? (backwards ? items.length - 1 : 0) : step(current, items.length)]?.focus();
}

export function enhanceHeaderMenus(): void {
  document.addEventListener("keydown", (event) => {
    const target = event.target as Element;
    const button = target.closest<HTMLElement>(".header-menu__button");
    if (button) return openOnArrow(event, button);
    const panel = target.closest<HTMLElement>(".header-menu__panel");
    if (panel) moveBetweenItems(event, panel);
  });
}

/** On phones the search box is a popover: its field takes the focus when it opens. */
export function enhanceSearch(): void {
  const panel = document.getElementById("header-search-panel");
  panel?.addEventListener("toggle", (event) => {
    if (event.newState === "open") document.getElementById("header-search-field")?.focus();
  });
}

/** The picker's links carry their language's id and short code; choosing another language saves it and records `lang_{id}`. */
export function enhanceLanguagePicker(): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>("#language-menu a[data-language-id]")];
  const language = (link: HTMLAnchorElement) => ({
    id: Number(link.dataset.languageId),
    shortCode: link.dataset.shortCode ?? "",
  });
  // At start: a saved choice is kept only if that language is still enabled (docs/seed-spec.md §4).
  if (links.length > 0) restoreLanguageChoice(links.map((link) => language(link).id));
  for (const link of links) {
    link.addEventListener("click", () => {
      link.closest<HTMLElement>("[popover]")?.hidePopover();
      if (link.getAttribute("aria-current") === "true") return;
      saveLanguageChoice(language(link));
      recordEvent({ name: `lang_${language(link).id}` });
    });
  }
}

/** One `page_view` per page, its path only (never the query: it may hold a search), as app/components/page-view-beacon.tsx. */
export function recordPageView(): void {
  recordEvent({ name: "page_view", path: window.location.pathname });
}
