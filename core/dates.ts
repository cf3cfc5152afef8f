/** Calendar days as `YYYY-MM-DD` text in UTC: how the admin reports take, group and show dates. */
import { z } from "zod";

const DAY_MS = 86_400_000;

function parseDay(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** True for a date that exists: "2024-02-29" yes, "2023-02-29" and "2024-13-01" no. */
export function isRealDay(day: string): boolean {
  const time = parseDay(day);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
}

export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
  .refine(isRealDay, "must be a real calendar date");

export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDay(new Date(parseDay(day) + days * DAY_MS));
}

/** How many days from `from` to `to`, both included (1 when they are the same day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((parseDay(to) - parseDay(from)) / DAY_MS) + 1;
}

export function eachDay(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, daysInRange(from, to)) }, (_, index) => addDays(from, index));
}

/** The ISO timestamps bounding whole days: created_at >= start and < end. */
export function timestampBounds(from: string, to: string): { start: string; end: string } {
  return { start: `${from}T00:00:00.000Z`, end: `${addDays(to, 1)}T00:00:00.000Z` };
}
