/**
 * The analytics charts (Chart.js, drawn in the browser) and, under each, the
 * same numbers as a table for screen-reader and keyboard users. Only the admin
 * analytics route imports this module, so Chart.js stays out of public pages.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from "chart.js";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import type { AnalyticsSummary, DayCounts, SwitchLanguage } from "#core/admin/analytics/schema.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { useAdminText, type AdminTextHook } from "#app/lib/admin-text.ts";

Chart.register(
  LineController,
  BarController,
  LineElement,
  BarElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

/** "23 Nov" in the admin's language, for the charts' axis. */
function dayLabeller(lang: string): (day: string) => string {
  const shortDay = new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", timeZone: "UTC" });
  return (day) => shortDay.format(new Date(`${day}T00:00:00Z`));
}

/** Distinguishable on white and from each other (WCAG 1.4.11 non-text contrast ≥ 3:1). */
const LANGUAGE_COLORS = ["#1f3a5f", "#b4471f", "#2e7d32", "#6a1b9a", "#00796b", "#c2185b", "#8d6e00", "#455a64"];
// Each series has its own point shape too, shown in the legend: colour is never the only difference (WCAG 1.4.1).
const TRAFFIC_SERIES = [
  { key: "pageViews", textKey: "admin.analytics.page_views", color: "#1f3a5f", pointStyle: "circle" },
  { key: "signIns", textKey: "admin.analytics.sign_ins", color: "#b4471f", pointStyle: "triangle" },
  { key: "signOuts", textKey: "admin.analytics.sign_outs", color: "#5f6b7a", pointStyle: "rect" },
] as const;

/** A canvas Chart.js draws on after hydration; recreated when the configuration changes. */
function ChartCanvas({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // Labels in the page's own typeface rather than Chart.js's default Helvetica.
    Chart.defaults.font.family = getComputedStyle(canvas).fontFamily;
    const chart = new Chart(canvas, {
      ...config,
      options: { ...config.options, animation: reducedMotion ? false : { duration: 300 } },
    });
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="analytics-chart__canvas">
      <canvas ref={canvasRef} role="img" aria-label={label} />
    </div>
  );
}

/** One number column of a chart's data table: its count per day and over the whole range. */
interface DailyColumn {
  key: string;
  label: string;
  lang?: string;
  count(day: DayCounts): number;
  total: number;
}

/** A titled chart with its numbers as a table, a row per day and a total row, in a collapsed "Data table". */
function ChartSection(props: {
  titleId: string;
  title: string;
  config: ChartConfiguration;
  chartLabel: string;
  tableLabel: string;
  caption: string;
  notice?: ReactNode;
  days: DayCounts[];
  columns: DailyColumn[];
}) {
  const { t, number } = useAdminText();
  return (
    <section className="analytics-chart" aria-labelledby={props.titleId}>
      <h2 id={props.titleId}>{props.title}</h2>
      {props.notice}
      <ChartCanvas config={props.config} label={props.chartLabel} />
      <details className="analytics-chart__data">
        <summary>{t("admin.analytics.data_table")}</summary>
        <div className="admin-table-scroll" tabIndex={0} role="region" aria-label={props.tableLabel}>
          <table className="admin-table">
            <caption className="visually-hidden">{props.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.common.date")}</th>
                {props.columns.map((column) => (
                  <th scope="col" key={column.key} className="admin-table__number" lang={column.lang}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{day.date}</th>
                  {props.columns.map((column) => (
                    <td key={column.key} className="admin-table__number">
                      {number(column.count(day))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t("admin.common.total")}</th>
                {props.columns.map((column) => (
                  <td key={column.key} className="admin-table__number">
                    {number(column.total)}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
    </section>
  );
}

const baseOptions = {
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: "index", intersect: false },
  plugins: { legend: { position: "bottom", labels: { boxWidth: 14, boxHeight: 14 } } },
  // Headroom above the highest value, so the top bar or point is not cut by the frame.
  scales: { y: { beginAtZero: true, grace: "8%", ticks: { precision: 0 } } },
} satisfies ChartConfiguration["options"];

function busiestDay(summary: AnalyticsSummary, count: (day: AnalyticsSummary["days"][number]) => number) {
  return summary.days.reduce((best, day) => (count(day) > count(best) ? day : best), summary.days[0]!);
}

function trafficSummary(summary: AnalyticsSummary, t: Translate): string {
  const { totals } = summary;
  const busiest = busiestDay(summary, (day) => day.pageViews);
  const text = t("admin.analytics.traffic_chart", {
    from: summary.from,
    to: summary.to,
    views: totals.pageViews,
    signIns: totals.signIns,
    signOuts: totals.signOuts,
  });
  return totals.pageViews > 0
    ? `${text} ${t("admin.analytics.busiest", { day: busiest.date, views: busiest.pageViews })}`
    : text;
}

function switchesSummary(summary: AnalyticsSummary, languages: SwitchLanguage[], { t, number }: AdminTextHook): string {
  if (languages.length === 0) return t("admin.analytics.switches_chart_none", { from: summary.from, to: summary.to });
  const counts = languages.map(
    (language) => `${language.label} ${number(summary.totals.languageSwitches[String(language.id)] ?? 0)}`,
  );
  return t("admin.analytics.switches_chart", { from: summary.from, to: summary.to, counts: counts.join(", ") });
}

export function TrafficChart({ summary }: { summary: AnalyticsSummary }) {
  const { t, lang } = useAdminText();
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: "line",
      data: {
        labels: summary.days.map((day) => dayLabeller(lang)(day.date)),
        datasets: TRAFFIC_SERIES.map((series) => ({
          label: t(series.textKey),
          data: summary.days.map((day) => day[series.key]),
          borderColor: series.color,
          backgroundColor: series.color,
          pointStyle: series.pointStyle,
          pointRadius: summary.days.length > 62 ? 0 : 3.5,
          // Monotone curves never dip below zero between two days.
          cubicInterpolationMode: "monotone" as const,
        })),
      },
      options: {
        ...baseOptions,
        plugins: { legend: { ...baseOptions.plugins.legend, labels: { usePointStyle: true, boxHeight: 8 } } },
      },
    }),
    [summary, t, lang],
  );
  return (
    <ChartSection
      titleId="traffic-title"
      title={t("admin.analytics.traffic_title")}
      config={config}
      chartLabel={trafficSummary(summary, t)}
      tableLabel={t("admin.analytics.traffic_table")}
      caption={t("admin.analytics.traffic_caption")}
      days={summary.days}
      columns={TRAFFIC_SERIES.map((series) => ({
        key: series.key,
        label: t(series.textKey),
        count: (day) => day[series.key],
        total: summary.totals[series.key],
      }))}
    />
  );
}

export function LanguageSwitchChart({ summary }: { summary: AnalyticsSummary }) {
  const text = useAdminText();
  const { t, lang } = text;
  // Languages nobody switched to would only add empty legend entries and columns.
  const languages = useMemo(
    () => summary.languages.filter((language) => (summary.totals.languageSwitches[String(language.id)] ?? 0) > 0),
    [summary],
  );
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: "bar",
      data: {
        labels: summary.days.map((day) => dayLabeller(lang)(day.date)),
        datasets: languages.map((language, index) => ({
          label: language.label,
          data: summary.days.map((day) => day.languageSwitches[String(language.id)] ?? 0),
          backgroundColor: LANGUAGE_COLORS[index % LANGUAGE_COLORS.length],
          stack: "switches",
        })),
      },
      options: { ...baseOptions, scales: { x: { stacked: true }, y: { ...baseOptions.scales.y, stacked: true } } },
    }),
    [summary, languages, lang],
  );
  return (
    <ChartSection
      titleId="switches-title"
      title={t("admin.analytics.switches_title")}
      notice={languages.length === 0 && <p className="analytics-chart__empty">{t("admin.analytics.switches_none")}</p>}
      config={config}
      chartLabel={switchesSummary(summary, languages, text)}
      tableLabel={t("admin.analytics.switches_table")}
      caption={t("admin.analytics.switches_caption")}
      days={summary.days}
      columns={[
        ...languages.map((language) => ({
          key: String(language.id),
          label: language.label,
          lang: language.code ?? undefined,
          count: (day: DayCounts) => day.languageSwitches[String(language.id)] ?? 0,
          total: summary.totals.languageSwitches[String(language.id)] ?? 0,
        })),
        {
          key: "all",
          label: t("admin.common.all_languages"),
          count: (day: DayCounts) =>
            languages.reduce((sum, language) => sum + (day.languageSwitches[String(language.id)] ?? 0), 0),
          total: Object.values(summary.totals.languageSwitches).reduce((sum, count) => sum + count, 0),
        },
      ]}
    />
  );
}
