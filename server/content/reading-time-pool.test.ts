import { afterAll, describe, expect, it } from "vitest";
import { readingMinutes } from "#core/markdown.ts";
import { createReadingTimePool } from "./reading-time-pool.ts";

describe("the reading-time pool", () => {
  const pool = createReadingTimePool(2);
  afterAll(() => pool.close());

  it("measures reading times in the order of the bodies, over many messages and both workers, as the main thread would", async () => {
    const bodies = Array.from(
      { length: 237 },
      (_, index) => `${"word ".repeat(index * 20)}${index % 4 === 0 ? "漢字".repeat(index * 10) : ""}`,
    );
    const minutes = await pool.readingMinutesOf(bodies);
    expect(minutes).toEqual(bodies.map(readingMinutes));
    expect(new Set(minutes).size).toBeGreaterThan(10);
    expect(await pool.readingMinutesOf([])).toEqual([]);
  });
});
