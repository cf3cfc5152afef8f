/**
 * The analytics report (docs/product.md §10): per-day counts of sign-ins, sign-outs,
 * page views and language switches by language, for a range of UTC days.
 */
import { sql } from "kysely";
import type { AnalyticsSummary, DayCounts, SummaryRange, SwitchLanguage } from "#core/admin/analytics/schema.ts";
import { eachDay, timestampBounds } from "#core/dates.ts";
import type { AdminServices } from "#server/content/context.ts";

const LANGUAGE_EVENT = /^lang_(\d+)$/;

/** Groups by the day part of the ISO timestamp: the same SQL on SQLite and PostgreSQL. */
const eventDay = sql<string>`substr(created_at, 1, 10)`;

export async function analyticsSummary(services: AdminServices, range: SummaryRange): Promise<AnalyticsSummary> {
  const { db } = services.database;
  const { start, end } = timestampBounds(range.from, range.to);
  const [rows, languageRows] = await Promise.all([
    db
      .selectFrom("analytics_events")
      .select([eventDay.as("day"), "name", (eb) => eb.fn.countAll<number | string | bigint>().as("count")])
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .groupBy([eventDay, "name"])
      .execute(),
    db
      .selectFrom("languages")
      .select(["id", "label", "code", "enabled"])
      .orderBy("population", "desc")
      .orderBy("id")
      .execute(),
  ]);

  const switchedTo = new Set(rows.flatMap((row) => LANGUAGE_EVENT.exec(row.name)?.[1] ?? []).map(Number));
  const known = new Map(languageRows.map((language) => [language.id, language]));
  const languages: SwitchLanguage[] = [
    ...languageRows.filter((language) => language.enabled === 1 || switchedTo.has(language.id)),
    // A language deleted since: its events still count, under a label saying so.
    ...[...switchedTo]
      .filter((id) => !known.has(id))
      .map((id) => ({ id, label: `Removed language #${id}`, code: null })),
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
      } else if (row.name === "sign_in") counts.signIns += count;
      else if (row.name === "sign_out") counts.signOuts += count;
      else if (row.name === "page_view") counts.pageViews += count;
    }
  }
  return { from: range.from, to: range.to, days: [...byDay.values()], languages, totals };
}
