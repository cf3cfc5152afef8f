/**
 * The scheduler publishes and unpublishes with no one watching (decision 0095), so an editor
 * left open would keep showing the state before it. While a change is pending, the page's data
 * is reloaded once it falls due (then every POLL_MS, the scheduler acting within a minute) and
 * whenever the tab regains focus; the reloaded version ends the wait (decision 0106).
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** After the due time: the scheduler's tick is at most a minute. */
const POLL_MS = 10_000;
/** setTimeout's longest delay (about 24.8 days); a change due later is picked up on focus or reload. */
const LONGEST_TIMEOUT = 2 ** 31 - 1;

/**
 * `behind`: a panel's own read already shows what the scheduler did while the page's data still
 * shows the state before it (the two reads straddled the change), so the page's data is reloaded
 * at once instead of at the next poll: a "Published" state never sits beside a "Publish now" button.
 */
export function useScheduledRefresh(dueTimes: readonly (string | null)[], behind = false) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (behind) void revalidate.current();
  }, [behind]);
  const pending = dueTimes.filter((time): time is string => time !== null).map((time) => Date.parse(time));
  const earliest = pending.length === 0 ? null : Math.min(...pending);

  useEffect(() => {
    if (earliest === null) return;
    const refresh = () => {
      if (document.visibilityState === "visible") void revalidate.current();
    };
    let poll: ReturnType<typeof setInterval> | undefined;
    const delay = Math.max(0, earliest - Date.now());
    const timer =
      delay > LONGEST_TIMEOUT
        ? undefined
        : setTimeout(() => {
            refresh();
            poll = setInterval(refresh, POLL_MS);
          }, delay);
    window.addEventListener("focus", refresh);
    return () => {
      clearTimeout(timer);
      clearInterval(poll);
      window.removeEventListener("focus", refresh);
    };
  }, [earliest]);
}
