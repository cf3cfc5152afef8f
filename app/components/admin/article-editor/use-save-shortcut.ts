/** Ctrl/Cmd+S saves the draft from anywhere on the page but another form or a dialog. */
import { useEffect, useEffectEvent, type RefObject } from "react";

export function useSaveShortcut(enabled: boolean, formRef: RefObject<HTMLFormElement | null>, save: () => void): void {
  const onSave = useEffectEvent(save);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "s")
        return;
      const target = event.target instanceof Element ? event.target : null;
      const otherForm = target?.closest("form");
      if (target?.closest("dialog") || (otherForm && otherForm !== formRef.current)) return;
      event.preventDefault();
      onSave();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled, formRef]);
}
