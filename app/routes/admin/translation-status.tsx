/**
 * /admin/translation-status (issue 10 item 2): per language, how complete the UI
 * strings, the articles and the ROME job labels are, with links to the articles
 * that are missing or outdated there. Text and numbers carry everything; the bars
 * only repeat them.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Coverage, LanguageTranslationStatus } from "#core/admin/translation-dashboard/schema.ts";
import { translationDashboard, translationDashboardAsReadBy } from "#server/admin/translation-dashboard/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { servicesContext } from "#server/content/context.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-reports.css";
import type { Route } from "./+types/translation-status";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireScreen(context);
  return translationDashboardAsReadBy(user, await translationDashboard(context.get(servicesContext)));
}

/** "N missing: translate", linked to the screen where they are translated; nothing when none is missing. */
function MissingLink({ coverage, to }: { coverage: Coverage; to: string }) {
  const { t } = useAdminText();
  if (coverage.done >= coverage.total) return null;
  return (
    <Link className="coverage__link" to={to}>
      {t("admin.status.missing_translate", { count: coverage.total - coverage.done })}
    </Link>
  );
}

function Figure({ name, value, children }: { name: string; value: Coverage; children?: ReactNode }) {
  const { t } = useAdminText();
  return (
    <div className="coverage">
      <dt>{name}</dt>
      <dd>
        <span className="coverage__percent">{t("admin.status.percent", { percent: value.percent })}</span>{" "}
        <span className="coverage__count">{t("admin.status.of", { done: value.done, total: value.total })}</span>
        <progress className="coverage__bar" max={Math.max(value.total, 1)} value={value.done} aria-hidden="true" />
        {children}
      </dd>
    </div>
  );
}

function articlesLink(code: string, status: string) {
  return `/admin/articles?${new URLSearchParams({ language: code, status })}`;
}

function LanguageCard({ language }: { language: LanguageTranslationStatus }) {
  const { articles } = language;
  const headingId = `status-${language.code}`;
  const { t } = useAdminText();
  return (
    <li className="translation-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="translation-card__title">
        <span lang={language.code} dir={language.dir}>
          {language.label}
        </span>{" "}
        <span className="translation-card__code">({language.code})</span>
        {!language.enabled && <span className="translation-card__hidden"> · {t("admin.status.hidden")}</span>}
      </h2>
      <dl className="translation-card__figures">
        <Figure name={t("admin.status.strings")} value={language.strings}>
          <MissingLink coverage={language.strings} to="/admin/translations" />
        </Figure>
        <Figure name={t("admin.status.articles")} value={articles}>
          <ul className="coverage__links">
            {articles.source > 0 && <li>{t("admin.status.written_here", { count: articles.source })}</li>}
            {(["outdated", "missing", "draft"] as const).map((status) => (
              <li key={status}>
                {articles[status] > 0 ? (
                  <Link to={articlesLink(language.code, status)}>
                    {t(`admin.status.${status}`, { count: articles[status] })}
                  </Link>
                ) : (
                  t(`admin.status.${status}`, { count: 0 })
                )}
              </li>
            ))}
          </ul>
        </Figure>
        <Figure name={t("admin.status.jobs")} value={language.jobs}>
          <MissingLink coverage={language.jobs} to="/admin/romes" />
        </Figure>
      </dl>
    </li>
  );
}

export default function TranslationStatus({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminText();
  return (
    <section className="admin-report" aria-labelledby="translation-status-title">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.translation_status") })}</title>
      <h1 id="translation-status-title">{t("admin.nav.translation_status")}</h1>
      <p className="admin-page__intro">{t("admin.status.intro")}</p>
      <ul className="translation-cards">
        {loaderData.languages.map((language) => (
          <LanguageCard key={language.code} language={language} />
        ))}
      </ul>
    </section>
  );
}
