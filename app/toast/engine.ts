/**
 * Toast timing engine (docs/product.md §8, docs/seed-spec.md §4 and §9).
 *
 * Every state change lives in one pure function, `reduceToast`; the store only
 * derives its timers from the resulting state, so the rules can be tested
 * without React, without a DOM and without real time.
 */

export const DISPLAY_MS = 5000;
export const EXTENDED_MS = 1000;
export const EASE_MS = 300;
export const PROGRESS_TICK_MS = 10;

export type ToastKind = "success" | "info" | "error";
export type ToastState = "active" | "removed";

/** What the view renders. */
export interface Toast {
  readonly id: string;
  readonly kind: ToastKind;
  readonly message: string;
  readonly state: ToastState;
  /** Time left before the toast hides, in percent: 100 down to 0. */
  readonly progress: number;
  /** Whether the view draws the progress bar (the `progressBar` option). */
  readonly progressBar: boolean;
}

export interface ToastOptions {
  timeOut: number;
  extendedTimeOut: number;
  tapToDismiss: boolean;
  progressBar: boolean;
  disableTimeOut: boolean;
}

export const DEFAULT_TOAST_OPTIONS: Readonly<ToastOptions> = {
  timeOut: DISPLAY_MS,
  extendedTimeOut: EXTENDED_MS,
  tapToDismiss: true,
  progressBar: true,
  disableTimeOut: false,
};

/** Everything the engine knows about one toast: the rendered part plus its timing. */
export interface ToastEntry {
  readonly toast: Toast;
  readonly options: Readonly<ToastOptions>;
  /** When the toast hides, on the `now()` clock; null while paused or when it never times out. */
  readonly hideAt: number | null;
  /** Length of the current countdown, to turn the time left into a percentage. */
  readonly countdownMs: number;
  /** Hover and keyboard focus each hold the toast open; it resumes only when both let go. */
  readonly holds: number;
}

export type ToastEvent = "reset" | "tick" | "timeout" | "tap" | "hoverStart" | "hoverEnd" | "remove";

export function createToastEntry(
  id: string,
  kind: ToastKind,
  message: string,
  options: Partial<ToastOptions>,
  now: number,
): ToastEntry {
  const merged = { ...DEFAULT_TOAST_OPTIONS, ...options };
  const toast: Toast = { id, kind, message, state: "active", progress: 100, progressBar: merged.progressBar };
  return startCountdown(
    { toast, options: merged, hideAt: null, countdownMs: merged.timeOut, holds: 0 },
    merged.timeOut,
    now,
  );
}

/** The pure transition function: returns the same entry when the event changes nothing. */
export function reduceToast(entry: ToastEntry, event: ToastEvent, now: number): ToastEntry {
  switch (event) {
    case "reset":
      return startCountdown(entry, entry.options.timeOut, now);
    case "tick":
      return entry.hideAt === null ? entry : withProgress(entry, remainingPercent(entry, now));
    case "timeout":
      return isRemoved(entry) ? entry : removed(withProgress(entry, 0));
    case "tap":
      return entry.options.tapToDismiss ? reduceToast(entry, "remove", now) : entry;
    case "hoverStart":
      return isRemoved(entry) ? entry : pause(entry, now);
    case "hoverEnd":
      return isRemoved(entry) || entry.holds === 0 ? entry : release(entry, now);
    case "remove":
      return isRemoved(entry) ? entry : removed(entry);
  }
}

/** Makes the toast active with a full bar; the clock runs unless it is held or never times out. */
function startCountdown(entry: ToastEntry, durationMs: number, now: number): ToastEntry {
  const runs = countdownRuns(entry, durationMs) && entry.holds === 0;
  return {
    ...entry,
    toast: { ...entry.toast, state: "active", progress: 100 },
    hideAt: runs ? now + durationMs : null,
    countdownMs: durationMs,
  };
}

function countdownRuns(entry: ToastEntry, durationMs: number): boolean {
  return durationMs > 0 && !entry.options.disableTimeOut;
}

/** Stops the clock and freezes the bar where it is. */
function pause(entry: ToastEntry, now: number): ToastEntry {
  const progress = entry.hideAt === null ? entry.toast.progress : remainingPercent(entry, now);
  return { ...withProgress(entry, progress), hideAt: null, holds: entry.holds + 1 };
}

/** Lets go of one hold; the last one restarts the clock with the extended time-out, if there is one. */
function release(entry: ToastEntry, now: number): ToastEntry {
  const holds = entry.holds - 1;
  if (holds > 0 || !countdownRuns(entry, entry.options.extendedTimeOut)) return { ...entry, holds };
  return startCountdown({ ...entry, holds }, entry.options.extendedTimeOut, now);
}

function removed(entry: ToastEntry): ToastEntry {
  return { ...entry, toast: { ...entry.toast, state: "removed" }, hideAt: null };
}

function isRemoved(entry: ToastEntry): boolean {
  return entry.toast.state === "removed";
}

function withProgress(entry: ToastEntry, progress: number): ToastEntry {
  return progress === entry.toast.progress ? entry : { ...entry, toast: { ...entry.toast, progress } };
}

function remainingPercent(entry: ToastEntry, now: number): number {
  if (entry.hideAt === null || entry.countdownMs <= 0) return entry.toast.progress;
  const percent = ((entry.hideAt - now) / entry.countdownMs) * 100;
  return Math.min(100, Math.max(0, percent));
}

/** The timer functions the store uses; injected so tests can drive time. */
export interface ToastClock {
  now(): number;
  // Method syntax on purpose: the handle type differs between Node and the browser.
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

type TimerHandle = Parameters<typeof globalThis.clearTimeout>[0];

// Looked up on every call, not captured once, so fake timers installed later still apply.
const globalClock: ToastClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as TimerHandle),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as TimerHandle),
};

export interface ToastStore {
  show: (kind: ToastKind, message: string, options?: Partial<ToastOptions>) => string;
  reset: (id: string) => void;
  tap: (id: string) => void;
  hoverStart: (id: string) => void;
  hoverEnd: (id: string) => void;
  remove: (id: string) => void;
  /** Same array reference until something changes (for React's useSyncExternalStore). */
  getSnapshot: () => readonly Toast[];
  subscribe: (listener: () => void) => () => void;
}

interface ToastTimers {
  countdown?: unknown;
  ticker?: unknown;
  drop?: unknown;
}

export function createToastStore(clock: Partial<ToastClock> = {}): ToastStore {
  const time: ToastClock = { ...globalClock, ...clock };
  const entries = new Map<string, ToastEntry>();
  const timers = new Map<string, ToastTimers>();
  const listeners = new Set<() => void>();
  let snapshot: readonly Toast[] = [];
  let lastId = 0;

  function publish(): void {
    snapshot = Array.from(entries.values(), (entry) => entry.toast);
    for (const listener of [...listeners]) listener();
  }

  function dispatch(id: string, event: ToastEvent): void {
    const previous = entries.get(id);
    if (!previous) return;
    const next = reduceToast(previous, event, time.now());
    if (next === previous) return;
    entries.set(id, next);
    syncTimers(id, previous, next);
    publish();
  }

  /** Timers follow the state: a countdown (and ticker) while counting down, a drop timer while leaving. */
  function syncTimers(id: string, previous: ToastEntry | undefined, next: ToastEntry): void {
    if (previous && previous.hideAt === next.hideAt && previous.toast.state === next.toast.state) return;
    stopTimers(id);
    if (next.toast.state === "removed") {
      timers.set(id, { drop: time.setTimeout(() => drop(id), EASE_MS) });
    } else if (next.hideAt !== null) {
      timers.set(id, {
        countdown: time.setTimeout(() => dispatch(id, "timeout"), next.hideAt - time.now()),
        ticker: next.options.progressBar ? time.setInterval(() => dispatch(id, "tick"), PROGRESS_TICK_MS) : undefined,
      });
    }
  }

  function stopTimers(id: string): void {
    const running = timers.get(id);
    if (!running) return;
    if (running.countdown !== undefined) time.clearTimeout(running.countdown);
    if (running.ticker !== undefined) time.clearInterval(running.ticker);
    if (running.drop !== undefined) time.clearTimeout(running.drop);
    timers.delete(id);
  }

  /** The leave animation is over: forget the toast. */
  function drop(id: string): void {
    timers.delete(id);
    entries.delete(id);
    publish();
  }

  return {
    show(kind, message, options = {}) {
      lastId += 1;
      const id = `toast-${lastId}`;
      const entry = createToastEntry(id, kind, message, options, time.now());
      entries.set(id, entry);
      syncTimers(id, undefined, entry);
      publish();
      return id;
    },
    reset: (id) => dispatch(id, "reset"),
    tap: (id) => dispatch(id, "tap"),
    hoverStart: (id) => dispatch(id, "hoverStart"),
    hoverEnd: (id) => dispatch(id, "hoverEnd"),
    remove: (id) => dispatch(id, "remove"),
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
