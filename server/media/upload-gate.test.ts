import { describe, expect, it } from "vitest";
import { createUploadGate } from "./upload-gate.ts";

/** A job that runs until `finish()` is called, recording when it started. */
function heldJob(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    job: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the upload gate", () => {
  it("admits up to its limit, refuses the next, and admits again once a place is given back (once)", () => {
    const gate = createUploadGate({ maxAdmitted: 2 });
    const first = gate.admit()!;
    const second = gate.admit()!;
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(gate.admit()).toBeNull();
    first.release();
    first.release();
    expect(gate.state().admitted).toBe(1);
    expect(gate.admit()).not.toBeNull();
    expect(gate.admit()).toBeNull();
  });

  it("runs one job at a time, in the order the tickets asked", async () => {
    const gate = createUploadGate({ maxAdmitted: 3 });
    const log: string[] = [];
    const jobs = ["a", "b", "c"].map((name) => heldJob(log, name));
    const results = jobs.map((held) => gate.admit()!.run(held.job));
    await tick();
    expect(log).toEqual(["start a"]);
    expect(gate.state()).toEqual({ admitted: 3, waiting: 2, running: 1 });
    jobs[0]!.finish();
    await tick();
    expect(log).toEqual(["start a", "end a", "start b"]);
    jobs[1]!.finish();
    jobs[2]!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(gate.state()).toEqual({ admitted: 3, waiting: 0, running: 0 });
  });

  it("a failing job gives the turn to the next", async () => {
    const gate = createUploadGate({ maxAdmitted: 2 });
    const failing = gate.admit()!.run(async () => {
      throw new Error("broken image");
    });
    const next = gate.admit()!.run(async () => "next");
    await expect(failing).rejects.toThrow("broken image");
    expect(await next).toBe("next");
  });

  it("a waiting upload whose client goes away leaves the queue without running", async () => {
    const gate = createUploadGate({ maxAdmitted: 4 });
    const log: string[] = [];
    const running = heldJob(log, "running");
    const first = gate.admit()!.run(running.job);
    const cancel = new AbortController();
    const abandoned = gate.admit()!.run(heldJob(log, "abandoned").job, cancel.signal);
    const last = gate.admit()!.run(async () => "last");
    await tick();
    expect(gate.state().waiting).toBe(2);
    cancel.abort(new Error("client closed"));
    await expect(abandoned).rejects.toThrow("client closed");
    expect(gate.state().waiting).toBe(1);
    running.finish();
    expect(await first).toBe("running");
    expect(await last).toBe("last");
    expect(log).toEqual(["start running", "end running"]);
    // Already aborted: refused before it queues.
    await expect(gate.admit()!.run(async () => "never", AbortSignal.abort(new Error("gone")))).rejects.toThrow("gone");
  });

  it("says when to come back: at least 1 s, more with more uploads in, at most 60 s", async () => {
    const gate = createUploadGate({ maxAdmitted: 100 });
    const alone = gate.retryAfterSeconds();
    expect(alone).toBeGreaterThanOrEqual(1);
    for (let index = 0; index < 5; index += 1) gate.admit();
    expect(gate.retryAfterSeconds()).toBeGreaterThan(alone);
    for (let index = 0; index < 95; index += 1) gate.admit();
    expect(gate.retryAfterSeconds()).toBe(60);
    // Quick jobs bring the estimate down.
    const quick = createUploadGate({ maxAdmitted: 1 });
    const ticket = quick.admit()!;
    for (let index = 0; index < 20; index += 1) await ticket.run(async () => undefined);
    expect(quick.retryAfterSeconds()).toBe(1);
  });
});
