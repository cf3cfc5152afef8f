import { Form, Link } from "react-router";
import type { JobsDirectoryView } from "#core/views.ts";
import { itemPath, sectionPath } from "#core/paths.ts";
import { SEARCH_QUERY_MAX_LENGTH, slugify } from "#core/text.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { Seo, useBreadcrumbs } from "#app/components/seo.tsx";
import { FrenchLabelsNotice } from "#app/components/french-labels-notice.tsx";

/**
 * The jobs directory: a search, the index of the domaines and the jobs of the chosen domaine
 * (or the matches of a search). Every job is reachable by plain links: index → domaine → job.
 */
export function JobsDirectoryPage({ view }: { view: JobsDirectoryView }) {
  const { t, tl, language } = useShell();
  const listing = view.query !== "" || view.domain !== null;
  const breadcrumbs = useBreadcrumbs([
    { name: t("NAV:JOBS"), path: sectionPath(language.shortCode, view.jobsPageName) },
  ]);
  // First on the directory's own page; after the jobs once a domaine is chosen, to go on to the next.
  const domainIndex = (
    <nav aria-labelledby="domain-index-title" className="domain-index">
      <h2 id="domain-index-title">{tl("JOBS:BROWSE")}</h2>
      <ul>
        {view.index.map((domain) => (
          <li key={domain.letter}>
            <Link to={`?domain=${domain.letter}`} aria-current={domain.letter === view.domain ? "page" : undefined}>
              <span className="code">{domain.letter}</span>{" "}
              <span className="domain-index__name">{t(`ROME:DOMAIN:${domain.letter}`)}</span>{" "}
              <span className="domain-index__count">{domain.countText}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <>
      <Seo
        title={t("JOBS:TITLE")}
        description={t("JOBS:DESCRIPTION")}
        canonicalPath={view.seo.canonicalPath}
        alternates={view.seo.alternates}
        structuredData={[breadcrumbs]}
      />
      <h1 className="page-title">{tl("JOBS:TITLE")}</h1>
      <p className="lead">{tl("JOBS:INTRO")}</p>
      <Form method="get" role="search" className="search-form">
        <label htmlFor="job-search">{tl("JOBS:SEARCH_LABEL")}</label>
        <div className="search-form__row">
          <input
            id="job-search"
            type="search"
            name="q"
            defaultValue={view.query}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            autoComplete="off"
          />
          <button type="submit" className="button">
            {tl("JOBS:SEARCH_BUTTON")}
          </button>
        </div>
      </Form>
      {listing && (
        <p role="status" className="results-count">
          {view.total === 0 ? t("JOBS:NO_RESULTS", { query: view.query }) : view.totalText}{" "}
          <Link to=".">{view.query ? t("JOBS:CLEAR") : t("JOBS:ALL_DOMAINS")}</Link>
        </p>
      )}
      {!listing && domainIndex}
      <FrenchLabelsNotice
        labelLangs={view.groups.flatMap((group) =>
          group.jobs.map((job) => ("labelLang" in job ? job.labelLang : undefined)),
        )}
      />
      {view.groups.map((group) => (
        <section
          key={group.letter}
          id={`domain-${group.letter}`}
          aria-labelledby={`domain-title-${group.letter}`}
          className="domain"
        >
          <h2 id={`domain-title-${group.letter}`}>
            <span className="code">{group.letter}</span> {t(`ROME:DOMAIN:${group.letter}`)}
          </h2>
          <ul className="job-list">
            {group.jobs.map((job) => (
              <li key={job.code}>
                {/* Plain links: many router links cost more to hydrate on a slow phone than the full-page loads they save. */}
                <a href={itemPath(language.shortCode, view.jobsPageName, job.code, slugify(job.label))}>
                  <span className="code">{job.code}</span>{" "}
                  <span lang={"labelLang" in job ? job.labelLang : undefined}>{job.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {view.domain !== null && domainIndex}
      <p className="attribution">{tl("JOBS:SOURCE")}</p>
    </>
  );
}
