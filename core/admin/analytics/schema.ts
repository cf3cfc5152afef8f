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
        context.addIssue({
          code: "custom",
          path: ["to"],
          message: `the range may cover at most ${MAX_RANGE_DAYS} days`,
        });
      }
    });
}

export type SummaryRange = z.output<ReturnType<typeof summaryQuerySchema>>;

const switchLanguageSchema = z.object({
  id: z.number().int(),
  /** The event name, `lang_{id}`. */
  event: z.string(),
  label: z.string(),
  code: z.string().nullable(),
});
export type SwitchLanguage = z.infer<typeof switchLanguageSchema>;

const countsShape = {
  signIns: z.number().int(),
  signOuts: z.number().int(),
  pageViews: z.number().int(),
  /** Switches to each language of `languages`, by language id. */
  languageSwitches: z.record(z.string(), z.number().int()),
};
const dayCountsSchema = z.object({ date: z.string(), ...countsShape });
export type DayCounts = z.infer<typeof dayCountsSchema>;

export const analyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first; days without events count 0. */
  days: z.array(dayCountsSchema),
  /** Every enabled language, then any other language switched to in the range. */
  languages: z.array(switchLanguageSchema),
  totals: z.object(countsShape),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
