import { data, Form } from "react-router";
import { MAX_RANGE_DAYS, summaryQuerySchema } from "#core/admin/analytics/schema.ts";
import { analyticsSummary } from "#server/admin/analytics/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { parseQuery } from "#server/http/query.ts";
import { LanguageSwitchChart, TrafficChart } from "#app/components/admin/analytics-charts.tsx";
import { withoutFieldPrefix } from "#core/i18n/admin-errors.ts";
import { ErrorSummary, Field } from "#app/components/admin/form-fields.tsx";
import { servicesContext } from "#server/content/context.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-reports.css";
import type { Route } from "./+types/analytics";

const FIELDS = new Set(["from", "to"]);
const fieldId = (field: string) => `analytics-${field}`;

/** /admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD (GET form): the events of those days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireScreen(context);
  const params = new URL(request.url).searchParams;
  const range = parseQuery(summaryQuerySchema(), params);
  if (!range.ok) {
    const values = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
    const error = { field: range.field, message: withoutFieldPrefix(range.message, range.field) };
    return data({ summary: null, values, error, maxDays: MAX_RANGE_DAYS }, { status: 400 });
  }
  const summary = await analyticsSummary(context.get(servicesContext), range.value);
  return { summary, values: { from: summary.from, to: summary.to }, error: null, maxDays: MAX_RANGE_DAYS };
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { summary, values, error, maxDays } = loaderData;
  const { t } = useAdminText();
  const labels = { from: t("admin.common.from"), to: t("admin.common.to") };
  const errors = error && FIELDS.has(error.field) ? { [error.field]: error.message } : {};
  const general = error && !FIELDS.has(error.field) ? error.message : null;
  return (
    <section className="admin-report" aria-labelledby="analytics-title">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.analytics") })}</title>
      <h1 id="analytics-title">{t("admin.nav.analytics")}</h1>
      <p className="admin-report__lead">{t("admin.analytics.intro", { days: maxDays })}</p>
      {/* Keyed by the values so the inputs show the applied range after each navigation. */}
      <Form
        method="get"
        className="report-filters"
        aria-label={t("admin.analytics.range")}
        key={`${values.from}:${values.to}`}
      >
        <ErrorSummary errors={errors} general={general} labels={labels} idFor={fieldId} />
        <Field id={fieldId("from")} label={labels.from} error={errors.from}>
          {(control) => <input {...control} type="date" name="from" defaultValue={values.from} required />}
        </Field>
        <Field id={fieldId("to")} label={labels.to} error={errors.to}>
          {(control) => <input {...control} type="date" name="to" defaultValue={values.to} required />}
        </Field>
        <button type="submit" className="button">
          {t("admin.analytics.apply")}
        </button>
      </Form>
      {summary && (
        <div className="analytics-charts">
          <TrafficChart summary={summary} />
          <LanguageSwitchChart summary={summary} />
        </div>
      )}
    </section>
  );
}
