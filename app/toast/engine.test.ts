import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createToastEntry,
  createToastStore,
  DISPLAY_MS,
  EASE_MS,
  EXTENDED_MS,
  PROGRESS_TICK_MS,
  reduceToast,
  type ToastStore,
} from "./engine.ts";

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => {
  vi.useRealTimers();
});

function only(store: ToastStore) {
  const [toast, ...rest] = store.getSnapshot();
  expect(rest).toHaveLength(0);
  return toast;
}

describe("constants", () => {
  it("match the seed spec's toast defaults (docs/seed-spec.md)", () => {
    expect([DISPLAY_MS, EXTENDED_MS, EASE_MS, PROGRESS_TICK_MS]).toEqual([5000, 1000, 300, 10]);
  });
});

describe("toast store", () => {
  it("shows a toast as active with a full progress bar", () => {
    const store = createToastStore();
    const id = store.show("success", "Saved");
    expect(store.getSnapshot()).toEqual([
      { id, kind: "success", message: "Saved", state: "active", progress: 100, progressBar: true },
    ]);
  });

  it("removes the toast at exactly 5000 ms, then drops it after the 300 ms ease", () => {
    const store = createToastStore();
    store.show("info", "Hello");
    vi.advanceTimersByTime(4999);
    expect(only(store)?.state).toBe("active");
    vi.advanceTimersByTime(1);
    expect(only(store)?.state).toBe("removed");
    expect(only(store)?.progress).toBe(0);
    vi.advanceTimersByTime(EASE_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("counts the progress down from 100 every 10 ms", () => {
    const store = createToastStore();
    store.show("info", "Hello");
    expect(only(store)?.progress).toBe(100);
    vi.advanceTimersByTime(2500);
    expect(only(store)?.progress).toBe(50);
    vi.advanceTimersByTime(2490);
    expect(only(store)?.progress).toBeCloseTo(0.2, 10);
    vi.advanceTimersByTime(5);
    expect(only(store)?.progress).toBeCloseTo(0.2, 10); // unchanged between ticks
  });

  it("removes a tapped toast when tap-to-dismiss is on", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello");
    vi.advanceTimersByTime(1000);
    store.tap(id);
    expect(only(store)?.state).toBe("removed");
    vi.advanceTimersByTime(EASE_MS);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("ignores a tap when tap-to-dismiss is off, and still times out", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello", { tapToDismiss: false });
    const before = store.getSnapshot();
    store.tap(id);
    expect(store.getSnapshot()).toBe(before);
    expect(only(store)?.state).toBe("active");
    vi.advanceTimersByTime(DISPLAY_MS);
    expect(only(store)?.state).toBe("removed");
  });

  it("pauses while hovered: no removal at 10 s and the bar stays frozen", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello");
    vi.advanceTimersByTime(1000);
    store.hoverStart(id);
    expect(only(store)?.progress).toBe(80);
    vi.advanceTimersByTime(9000);
    expect(only(store)).toMatchObject({ state: "active", progress: 80 });
  });

  it("restarts with the 1000 ms extended time-out when the hover ends", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello");
    vi.advanceTimersByTime(4000);
    store.hoverStart(id);
    vi.advanceTimersByTime(3000);
    store.hoverEnd(id);
    expect(only(store)?.progress).toBe(100);
    vi.advanceTimersByTime(500);
    expect(only(store)?.progress).toBe(50);
    vi.advanceTimersByTime(499);
    expect(only(store)?.state).toBe("active");
    vi.advanceTimersByTime(1);
    expect(only(store)?.state).toBe("removed");
  });

  it("keeps the toast after the hover when the extended time-out is 0", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello", { extendedTimeOut: 0 });
    vi.advanceTimersByTime(1000);
    store.hoverStart(id);
    store.hoverEnd(id);
    vi.advanceTimersByTime(60_000);
    expect(only(store)).toMatchObject({ state: "active", progress: 80 });
    store.tap(id);
    expect(only(store)?.state).toBe("removed");
  });

  it("never times out with disableTimeOut, hovered or not", () => {
    const store = createToastStore();
    const id = store.show("error", "Oops", { disableTimeOut: true });
    vi.advanceTimersByTime(60_000);
    expect(only(store)).toMatchObject({ state: "active", progress: 100 });
    store.hoverStart(id);
    store.hoverEnd(id);
    vi.advanceTimersByTime(60_000);
    expect(only(store)?.state).toBe("active");
  });

  it("stays paused until both hover and focus have ended", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello");
    store.hoverStart(id); // pointer
    store.hoverStart(id); // keyboard focus
    store.hoverEnd(id); // pointer leaves, focus stays
    vi.advanceTimersByTime(10_000);
    expect(only(store)?.state).toBe("active");
    store.hoverEnd(id);
    vi.advanceTimersByTime(EXTENDED_MS);
    expect(only(store)?.state).toBe("removed");
  });

  it("ignores a hover end without a hover start", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello");
    vi.advanceTimersByTime(1000);
    store.hoverEnd(id);
    vi.advanceTimersByTime(DISPLAY_MS - 1000);
    expect(only(store)?.state).toBe("removed");
  });

  it("reset restarts the full display time and refills the bar", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello");
    vi.advanceTimersByTime(4000);
    store.reset(id);
    expect(only(store)?.progress).toBe(100);
    vi.advanceTimersByTime(DISPLAY_MS - 1);
    expect(only(store)?.state).toBe("active");
    vi.advanceTimersByTime(1);
    expect(only(store)?.state).toBe("removed");
  });

  it("reset brings a leaving toast back before it is dropped", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello");
    store.remove(id);
    vi.advanceTimersByTime(EASE_MS - 1);
    store.reset(id);
    expect(only(store)).toMatchObject({ state: "active", progress: 100 });
    vi.advanceTimersByTime(EASE_MS);
    expect(only(store)?.state).toBe("active");
  });

  it("reset while hovered refills the bar but waits for the hover to end", () => {
    const store = createToastStore();
    const id = store.show("info", "Hello");
    store.hoverStart(id);
    store.reset(id);
    vi.advanceTimersByTime(10_000);
    expect(only(store)).toMatchObject({ state: "active", progress: 100 });
    store.hoverEnd(id);
    vi.advanceTimersByTime(EXTENDED_MS);
    expect(only(store)?.state).toBe("removed");
  });

  it("removes explicitly, then drops after the ease time", () => {
    const store = createToastStore();
    const id = store.show("success", "Saved");
    vi.advanceTimersByTime(2500);
    store.remove(id);
    expect(only(store)).toMatchObject({ state: "removed", progress: 50 });
    vi.advanceTimersByTime(EASE_MS);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("does not restart the timer of a removed toast on hover", () => {
    const store = createToastStore();
    const id = store.show("success", "Saved");
    store.remove(id);
    store.hoverStart(id);
    store.hoverEnd(id);
    vi.advanceTimersByTime(EASE_MS);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("keeps several toasts independent", () => {
    const store = createToastStore();
    const first = store.show("info", "First");
    vi.advanceTimersByTime(2000);
    const second = store.show("error", "Second");
    store.hoverStart(second);
    vi.advanceTimersByTime(3000);
    expect(store.getSnapshot().map((toast) => [toast.id, toast.state])).toEqual([
      [first, "removed"],
      [second, "active"],
    ]);
    store.hoverEnd(second);
    vi.advanceTimersByTime(EASE_MS);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([second]);
    vi.advanceTimersByTime(EXTENDED_MS - EASE_MS);
    expect(only(store)?.state).toBe("removed");
  });

  it("gives each toast its own id", () => {
    const store = createToastStore();
    expect(store.show("info", "a")).not.toBe(store.show("info", "b"));
  });

  it("ignores unknown ids", () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    for (const act of [store.reset, store.tap, store.hoverStart, store.hoverEnd, store.remove]) act("nope");
    expect(listener).not.toHaveBeenCalled();
  });

  it("notifies subscribers until they unsubscribe", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show("info", "Hello");
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    vi.advanceTimersByTime(DISPLAY_MS + EASE_MS);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("returns the same snapshot until something changes", () => {
    const store = createToastStore();
    const empty = store.getSnapshot();
    expect(store.getSnapshot()).toBe(empty);
    const id = store.show("info", "Hello");
    const shown = store.getSnapshot();
    expect(shown).not.toBe(empty);
    expect(store.getSnapshot()).toBe(shown);
    store.hoverStart(id);
    const paused = store.getSnapshot();
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toBe(paused);
    store.tap(id);
    expect(store.getSnapshot()).not.toBe(paused);
  });

  it("does not tick without a progress bar", () => {
    const store = createToastStore();
    store.show("info", "Hello", { progressBar: false });
    const listener = vi.fn();
    store.subscribe(listener);
    vi.advanceTimersByTime(DISPLAY_MS - 1);
    expect(listener).not.toHaveBeenCalled();
    expect(only(store)).toMatchObject({ progress: 100, progressBar: false });
    vi.advanceTimersByTime(1);
    expect(only(store)?.state).toBe("removed");
  });

  it("uses injected timer functions", () => {
    const timeouts: number[] = [];
    const store = createToastStore({
      now: () => 1_000_000,
      setTimeout: (_callback, ms) => timeouts.push(ms),
      setInterval: () => 0,
    });
    store.show("info", "Hello", { timeOut: 3000 });
    expect(timeouts).toEqual([3000]);
  });
});

describe("reduceToast", () => {
  const entry = createToastEntry("t", "info", "Hello", {}, 0);

  it("returns the same entry when an event changes nothing", () => {
    expect(reduceToast(entry, "hoverEnd", 100)).toBe(entry);
    expect(reduceToast(entry, "tick", 0)).toBe(entry);
    const removed = reduceToast(entry, "remove", 100);
    expect(reduceToast(removed, "remove", 200)).toBe(removed);
    expect(reduceToast(removed, "timeout", 200)).toBe(removed);
    expect(reduceToast(removed, "tick", 200)).toBe(removed);
  });

  it("computes the deadline from the clock it is given", () => {
    expect(entry.hideAt).toBe(DISPLAY_MS);
    expect(reduceToast(entry, "reset", 700).hideAt).toBe(700 + DISPLAY_MS);
    const paused = reduceToast(entry, "hoverStart", 1000);
    expect(paused).toMatchObject({ hideAt: null, holds: 1, toast: { progress: 80 } });
    expect(reduceToast(paused, "hoverEnd", 2000)).toMatchObject({
      hideAt: 2000 + EXTENDED_MS,
      countdownMs: EXTENDED_MS,
      holds: 0,
    });
  });

  it("treats a time-out of 0 as no time-out", () => {
    expect(createToastEntry("t", "info", "Hello", { timeOut: 0 }, 0).hideAt).toBeNull();
  });
});
