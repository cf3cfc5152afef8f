import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daySchema, daysInRange, eachDay, isRealDay, timestampBounds, utcDay } from "./dates.ts";

describe("calendar days", () => {
  it("accepts only real dates written YYYY-MM-DD", () => {
    expect(isRealDay("2024-02-29")).toBe(true);
    expect(isRealDay("2023-02-29")).toBe(false);
    expect(isRealDay("2024-13-01")).toBe(false);
    expect(isRealDay("2024-04-31")).toBe(false);
    expect(daySchema.safeParse("2024-1-01").success).toBe(false);
    expect(daySchema.safeParse("2024-01-01T00:00").success).toBe(false);
    expect(daySchema.safeParse("yesterday").success).toBe(false);
    expect(daySchema.safeParse("2024-01-01").success).toBe(true);
  });

  it("counts and lists days across month, year and leap-day boundaries", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(daysInRange("2024-01-01", "2024-01-01")).toBe(1);
    expect(daysInRange("2024-01-01", "2024-12-31")).toBe(366);
    expect(eachDay("2024-02-27", "2024-03-01")).toEqual(["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(eachDay("2024-03-02", "2024-03-01")).toEqual([]);
    expect(timestampBounds("2024-02-28", "2024-02-29")).toEqual({
      start: "2024-02-28T00:00:00.000Z",
      end: "2024-03-01T00:00:00.000Z",
    });
  });

  it("lists exactly daysInRange days, each the day after the previous", () => {
    const day = fc
      .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
      .map(utcDay);
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (from, length) => {
        const to = addDays(from, length);
        const days = eachDay(from, to);
        expect(days).toHaveLength(daysInRange(from, to));
        expect(days.at(-1)).toBe(to);
        days.slice(1).forEach((current, index) => expect(addDays(days[index]!, 1)).toBe(current));
      }),
    );
  });
});
