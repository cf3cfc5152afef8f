import { describe, expect, it } from "vitest";
import { nextAttemptAt } from "./deliveries.ts";

describe("nextAttemptAt", () => {
  const created = new Date("2026-11-28T00:00:00Z");
  const base = 30_000;

  it("waits four times longer after each failure, at most four hours", () => {
    const delays = [1, 2, 3, 4, 5, 6].map(
      (attempts) => nextAttemptAt(created, attempts, created, base)!.getTime() - created.getTime(),
    );
    expect(delays).toEqual([30_000, 120_000, 480_000, 1_920_000, 7_680_000, 14_400_000]);
  });

  it("gives up once the next attempt would fall past 24 hours after the event", () => {
    const late = new Date(created.getTime() + 22 * 3_600_000);
    expect(nextAttemptAt(created, 8, late, base)).toBeNull();
    expect(nextAttemptAt(created, 1, late, base)).toEqual(new Date(late.getTime() + 30_000));
  });
});
