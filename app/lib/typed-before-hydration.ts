/**
 * What a person typed into a text field, or chose in a list, before React took the page over. React renders a
 * controlled field from its state, which never saw that typing, so hydration puts the server's
 * value back and the text is gone (React 19 does not replay it; seen in the article editor on a
 * slow connection). The client entry records such fields just before hydrating; a form that
 * controls them takes the text up once mounted.
 */
import { useEffect, useRef } from "react";

const typedBeforeHydration = new Map<string, string>();

const TEXT_FIELDS =
  'textarea[id], input[id]:not([type]), input[id][type="text"], input[id][type="search"], input[id][type="email"], input[id][type="url"]';

/** Records, by id, every text field and list whose value is no longer the one the server rendered. */
export function recordTypedBeforeHydration(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    if (field.value !== field.defaultValue) typedBeforeHydration.set(field.id, field.value);
  }
  for (const list of root.querySelectorAll<HTMLSelectElement>("select[id]")) {
    const rendered = [...list.options].find((option) => option.defaultSelected) ?? list.options[0];
    if (rendered && list.value !== rendered.value) typedBeforeHydration.set(list.id, list.value);
  }
}

/**
 * Once mounted, hands each field's change handler (by field id, in order) what was typed into it
 * before hydration. Only forms mounted by the hydration take it up: what is left is forgotten right
 * after, so a form met later on another page never gets it.
 */
export function useTypedBeforeHydration(changeHandlers: Record<string, (value: string) => void>): void {
  const handlers = useRef(changeHandlers);
  useEffect(() => {
    if (typedBeforeHydration.size === 0) return;
    for (const [id, change] of Object.entries(handlers.current)) {
      const typed = typedBeforeHydration.get(id);
      if (typed !== undefined) change(typed);
    }
    setTimeout(() => typedBeforeHydration.clear());
  }, []);
}
