/**
 * The analytics report (PRODUCT.md §10): per-day counts of sign-ins, sign-outs,
 * page views and language switches by language, for a range of UTC days.
 */
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#server/db/schema.ts";
import { addDays, daySchema, daysInRange, eachDay, timestampBounds, utcDay } from "./dates.ts";

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

const LANGUAGE_EVENT = /^lang_(\d+)$/;

/** Groups by the day part of the ISO timestamp: the same SQL on SQLite and PostgreSQL. */
const eventDay = sql<string>`substr(created_at, 1, 10)`;

export async function analyticsSummary(db: Kysely<Database>, range: SummaryRange): Promise<AnalyticsSummary> {
  const { start, end } = timestampBounds(range.from, range.to);
  const [rows, languageRows] = await Promise.all([
    db
      .selectFrom("analytics_events")
      .select([eventDay.as("day"), "name", (eb) => eb.fn.countAll<number | string | bigint>().as("count")])
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .groupBy([eventDay, "name"])
      .execute(),
    db.selectFrom("languages").select(["id", "label", "code", "enabled"]).orderBy("population", "desc").orderBy("id").execute(),
  ]);

  const switchedTo = new Set(rows.flatMap((row) => LANGUAGE_EVENT.exec(row.name)?.[1] ?? []).map(Number));
  const known = new Map(languageRows.map((language) => [language.id, language]));
  const languages: SwitchLanguage[] = [
    ...languageRows.filter((language) => language.enabled === 1 || switchedTo.has(language.id)),
    // A language deleted since: its events still count, under a label saying so.
    ...[...switchedTo].filter((id) => !known.has(id)).map((id) => ({ id, label: `Removed language #${id}`, code: null })),
  ].map((language) => ({ id: language.id, event: `lang_${language.id}`, label: language.label, code: language.code }));

  const emptyCounts = (): Omit<DayCounts, "date"> => ({
    signIns: 0,
    signOuts: 0,
    pageViews: 0,
    languageSwitches: Object.fromEntries(languages.map((language) => [String(language.id), 0])),
  });
  const byDay = new Map(eachDay(range.from, range.to).map((date) => [date, { date, ...emptyCounts() }]));
  const totals = emptyCounts();
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day) continue;
    const count = Number(row.count);
    const languageId = LANGUAGE_EVENT.exec(row.name)?.[1];
    for (const counts of [day, totals]) {
      if (languageId !== undefined) {
        const key = String(Number(languageId));
        counts.languageSwitches[key] = (counts.languageSwitches[key] ?? 0) + count;
      }
      else if (row.name === "sign_in") counts.signIns += count;
      else if (row.name === "sign_out") counts.signOuts += count;
      else if (row.name === "page_view") counts.pageViews += count;
    }
  }
  return { from: range.from, to: range.to, days: [...byDay.values()], languages, totals };
}
