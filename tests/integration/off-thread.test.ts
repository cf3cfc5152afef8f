/** The off-thread runner (decision 0142) with tasks of its own (tests/fixtures/off-thread-tasks.ts). */
import { describe, expect, it } from "vitest";
import { machineSlowness, mainThreadCost } from "#tests/fixtures/main-thread-cost.ts";
import { OffThreadBusy, runOffThread, runOffThreadForRequest } from "#server/untrusted/off-thread.ts";

const TASKS = "#tests/fixtures/off-thread-tasks.ts";

describe("runOffThread", () => {
  it("runs a task on another thread and returns its value", async () => {
    expect(await runOffThread(TASKS, "echo", { text: "héllo", list: [1, 2] })).toEqual({
      kind: "done",
      value: { text: "héllo", list: [1, 2] },
    });
  });

  it("reports a task's FileRefused as a refusal, and other errors as errors", async () => {
    expect(await runOffThread(TASKS, "refuse", "line 3: bad")).toEqual({ kind: "refused", message: "line 3: bad" });
    await expect(runOffThread(TASKS, "fail", "a bug")).rejects.toThrow("a bug");
  });

  it("ends a task that runs over its time without holding the event loop, and runs the next one on a new thread", async () => {
    const { result, cpuMs } = await mainThreadCost(() => runOffThread(TASKS, "spin", undefined, 0.5));
    expect(result).toEqual({ kind: "over-time", seconds: 0.5 });
    expect(cpuMs).toBeLessThan(100 * machineSlowness());
    expect(await runOffThread(TASKS, "echo", 1)).toEqual({ kind: "done", value: 1 });
  });

  it("ends a task that runs over its memory", async () => {
    expect(await runOffThread(TASKS, "hog", undefined, 60)).toEqual({ kind: "over-memory", megabytes: 256 });
    expect(await runOffThread(TASKS, "echo", 2)).toEqual({ kind: "done", value: 2 });
  }, 60_000);

  it("runs one job at a time and refuses more than eight in line", async () => {
    const inLine = Array.from({ length: 8 }, () => runOffThread(TASKS, "spin", 50));
    await expect(runOffThread(TASKS, "echo", 3)).rejects.toBeInstanceOf(OffThreadBusy);
    const started = performance.now();
    const results = await Promise.all(inLine);
    expect(results.every((result) => result.kind === "done")).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(8 * 50 - 10);
    expect(await runOffThread(TASKS, "echo", 4)).toEqual({ kind: "done", value: 4 });
  });

  it("words a request's refusal: the task's own message, or the limit passed while doing the work", async () => {
    expect(await runOffThreadForRequest("read the file", TASKS, "echo", "x")).toEqual({ ok: true, value: "x" });
    expect(await runOffThreadForRequest("read the file", TASKS, "refuse", "line 3: bad")).toEqual({
      ok: false,
      message: "line 3: bad",
    });
    expect(await runOffThreadForRequest("render the Markdown", TASKS, "hog", undefined)).toEqual({
      ok: false,
      message: "It took more than 256 MB of memory to render the Markdown.",
    });
  }, 60_000);
});
