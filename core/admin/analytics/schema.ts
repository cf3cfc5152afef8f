/** What the analytics admin API accepts and answers (/admin/analytics). */
import { z } from "zod";
import { addDays, daySchema, daysInRange, utcDay } from "#core/dates.ts";

export const DEFAULT_RANGE_DAYS = 30;

export const MAX_RANGE_DAYS = 366;

/** `?from=&to=`: real days, from ≤ to, at most 366 days; by default the last 30 days up to today (UTC). */
export function summaryQuerySchema(now = new Date()) {
  return z
    .object({ from: daySchema.optional(), to: daySchema.optional() })
    .transform(({ from, to }) => {
      const end = to ?? utcDay(now);
      return { from: from ?? addDays(end, -(DEFAULT_RANGE_DAYS - 1)), to: end };
    })
    .superRefine((range, context) => {
      if (range.from > range.to) {
        context.addIssue({ code: "custom", path: ["from"], message: `must be on or before "to" (${range.to})` });
      } else if (daysInRange(range.from, range.to) > MAX_RANGE_DAYS) {
        context.addIssue({ code: "custom", path: ["to"], message: `the range may cover at most ${MAX_RANGE_DAYS} days` });
      }
    });
}

export type SummaryRange = z.output<ReturnType<typeof summaryQuerySchema>>;

export interface SwitchLanguage {
  id: number;
  /** The event name, `lang_{id}`. */
  event: string;
  label: string;
  code: string | null;
}

export interface DayCounts {
  date: string;
  signIns: number;
  signOuts: number;
  pageViews: number;
  /** Switches to each language of `languages`, by language id. */
  languageSwitches: Record<string, number>;
}

export interface AnalyticsSummary {
  from: string;
  to: string;
  /** Every day of the range, oldest first; days without events count 0. */
  days: DayCounts[];
  /** Every enabled language, then any other language switched to in the range. */
  languages: SwitchLanguage[];
  totals: Omit<DayCounts, "date">;
}
