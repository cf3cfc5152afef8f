/**
 * /admin/translation-status (issue 10 item 2): per language, how complete the UI
 * strings, the articles and the ROME job labels are, with links to the articles
 * that are missing or outdated there. Text and numbers carry everything; the bars
 * only repeat them.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Coverage, LanguageTranslationStatus } from "#core/admin/translation-dashboard/schema.ts";
import { translationDashboard } from "#server/admin/translation-dashboard/service.ts";
import { requireStaff } from "#server/auth/guard.ts";
import { requestContext, servicesContext } from "#server/context.ts";
import "#app/styles/admin-reports.css";
import type { Route } from "./+types/translation-status";

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context.get(requestContext).user);
  return await translationDashboard(context.get(servicesContext));
}

const number = new Intl.NumberFormat("en-US");

function Figure({ name, value, detail, children }: { name: string; value: Coverage; detail: string; children?: ReactNode }) {
  return (
    <div className="coverage">
      <dt>{name}</dt>
      <dd>
        <span className="coverage__percent">{value.percent} %</span>{" "}
        <span className="coverage__count">
          {number.format(value.done)} of {number.format(value.total)} {detail}
        </span>
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
  return (
    <li className="translation-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="translation-card__title">
        <span lang={language.code} dir={language.dir}>
          {language.label}
        </span>{" "}
        <span className="translation-card__code">({language.code})</span>
        {!language.enabled && <span className="translation-card__hidden"> · hidden on the site</span>}
      </h2>
      <dl className="translation-card__figures">
        <Figure name="UI strings" value={language.strings} detail="strings">
          {language.strings.done < language.strings.total && (
            <Link className="coverage__link" to="/admin/translations">
              {number.format(language.strings.total - language.strings.done)} missing: translate
            </Link>
          )}
        </Figure>
        <Figure name="Articles up to date" value={articles} detail="articles">
          <ul className="coverage__links">
            {articles.source > 0 && <li>{number.format(articles.source)} written in this language</li>}
            <li>
              {articles.outdated > 0 ? <Link to={articlesLink(language.code, "outdated")}>{number.format(articles.outdated)} outdated</Link> : "0 outdated"}
            </li>
            <li>{articles.missing > 0 ? <Link to={articlesLink(language.code, "missing")}>{number.format(articles.missing)} missing</Link> : "0 missing"}</li>
            <li>{articles.draft > 0 ? <Link to={articlesLink(language.code, "draft")}>{number.format(articles.draft)} in draft</Link> : "0 in draft"}</li>
          </ul>
        </Figure>
        <Figure name="ROME job labels" value={language.jobs} detail="jobs">
          {language.jobs.done < language.jobs.total && (
            <Link className="coverage__link" to="/admin/romes">
              {number.format(language.jobs.total - language.jobs.done)} missing: translate
            </Link>
          )}
        </Figure>
      </dl>
    </li>
  );
}

export default function TranslationStatus({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-report" aria-labelledby="translation-status-title">
      <title>Translation status · Admin · Polyglot Press</title>
      <h1 id="translation-status-title">Translation status</h1>
      <p className="admin-page__intro">
        For each language: how many UI strings, articles and ROME job labels it has. An article is up to date when its published translation was made from, or checked
        against, the current text of its source language.
      </p>
      <ul className="translation-cards">
        {loaderData.languages.map((language) => (
          <LanguageCard key={language.code} language={language} />
        ))}
      </ul>
    </section>
  );
}
