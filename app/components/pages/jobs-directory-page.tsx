import { Form, Link } from "react-router";
import type { JobsDirectoryView } from "#server/content/public-pages.ts";
import { formatNumber } from "#core/i18n/format.ts";
import { itemPath } from "#core/paths.ts";
import { SEARCH_QUERY_MAX_LENGTH, slugify } from "#core/text.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { Seo } from "#app/components/seo.tsx";

export function JobsDirectoryPage({ view }: { view: JobsDirectoryView }) {
  const { t, language } = useShell();
  return (
    <>
      <Seo title={t("JOBS:TITLE")} description={t("JOBS:DESCRIPTION")} canonicalPath={view.seo.canonicalPath} alternates={view.seo.alternates} />
      <h1 className="page-title">{t("JOBS:TITLE")}</h1>
      <p className="lead">{t("JOBS:INTRO")}</p>
      <Form method="get" role="search" className="search-form">
        <label htmlFor="job-search">{t("JOBS:SEARCH_LABEL")}</label>
        <div className="search-form__row">
          <input id="job-search" type="search" name="q" defaultValue={view.query} maxLength={SEARCH_QUERY_MAX_LENGTH} autoComplete="off" />
          <button type="submit" className="button">
            {t("JOBS:SEARCH_BUTTON")}
          </button>
        </div>
      </Form>
      <p role="status" className="results-count">
        {view.total === 0 ? t("JOBS:NO_RESULTS", { query: view.query }) : t("JOBS:RESULTS", { count: formatNumber(view.total, language.code) })}
        {view.query && (
          <>
            {" "}
            <Link to=".">{t("JOBS:CLEAR")}</Link>
          </>
        )}
      </p>
      {view.groups.length > 1 && (
        <nav aria-label={t("JOBS:DOMAIN")} className="domain-index">
          <ul>
            {view.groups.map((group) => (
              <li key={group.letter}>
                <a href={`#domain-${group.letter}`}>
                  <span className="code">{group.letter}</span> {t(`ROME:DOMAIN:${group.letter}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {view.groups.map((group) => (
        <section key={group.letter} id={`domain-${group.letter}`} aria-labelledby={`domain-title-${group.letter}`} className="domain">
          <h2 id={`domain-title-${group.letter}`}>
            <span className="code">{group.letter}</span> {t(`ROME:DOMAIN:${group.letter}`)}
          </h2>
          <ul className="job-list">
            {group.jobs.map((job) => (
              <li key={job.code}>
                {/* Plain links: 532 router links cost more to hydrate on a slow phone than the full-page loads they save. */}
                <a href={itemPath(language.shortCode, view.jobsPageName, job.code, slugify(job.label))}>
                  <span className="code">{job.code}</span> <span lang={"labelLang" in job ? job.labelLang : undefined}>{job.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className="attribution">{t("JOBS:SOURCE")}</p>
    </>
  );
}
