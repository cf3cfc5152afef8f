/**
 * Moves focus back to what opened an inline editor once the editor has closed
 * and the opener is rendered again (keyboard users keep their place).
 */
import { useLayoutEffect, useRef } from "react";

export function useFocusReturn<Key>() {
  const elements = useRef(new Map<Key, HTMLElement>());
  const pending = useRef<{ key: Key } | null>(null);

  // After every render: the opener may only now be back in the document.
  useLayoutEffect(() => {
    if (pending.current === null) return;
    const element = elements.current.get(pending.current.key);
    if (!element) return;
    element.focus();
    pending.current = null;
  });

  return {
    /** A ref callback that records the element for `key`. */
    register: (key: Key) => (element: HTMLElement | null) => {
      if (element) elements.current.set(key, element);
      else elements.current.delete(key);
    },
    /** Focuses `key`'s element as soon as it is rendered. */
    returnTo(key: Key) {
      pending.current = { key };
    },
  };
}
