/**
 * Whether React has taken the page over. A control whose only effect is a React handler (a row's switch or button
 * that calls the API) does nothing before that, and hydration puts a toggled checkbox back as the server rendered
 * it: such controls stay disabled until then, so a click is never silently lost (a slow machine showed it).
 */
import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
