import { Form, Link } from "react-router";
import type { SearchView } from "#core/views.ts";
import type { TextPart } from "#core/views.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { Pagination } from "#app/components/pagination.tsx";
import { Seo } from "#app/components/seo.tsx";
import { JobLink } from "#app/components/pages/job-link.tsx";
import { FrenchLabelsNotice } from "#app/components/french-labels-notice.tsx";

/** Text with its matching words in <mark>: each part is text, so React escapes it. */
function Marked({ parts }: { parts: TextPart[] }) {
  return parts.map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : part.text));
}

/** The search results page: the form, matching articles (ranked, paged, with marked passages) and matching jobs. */
export function SearchPage({ view }: { view: SearchView }) {
  const { t, language } = useShell();
  const title = view.query ? t("SEARCH:RESULTS_TITLE", { query: view.query }) : t("SEARCH:TITLE");
  return (
    <>
      <Seo
        title={title}
        description={t("SEARCH:EMPTY")}
        canonicalPath={view.seo.canonicalPath}
        alternates={view.query ? [] : view.seo.alternates}
      />
      {/* A results page is not worth indexing: every query would be a page. */}
      {view.query && <meta name="robots" content="noindex" />}
      <h1 className="page-title" id="search-title">
        {title}
      </h1>
      <Form method="get" role="search" aria-labelledby="search-title" className="search-form">
        <label htmlFor="search-page-field">{t("SEARCH:INPUT")}</label>
        <div className="search-form__row">
          <input
            id="search-page-field"
            type="search"
            name="q"
            defaultValue={view.query}
            maxLength={200}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="button">
            {t("SEARCH:BUTTON")}
          </button>
        </div>
      </Form>
      {view.trimmed !== null && <p className="notice">{t("SEARCH:TRIMMED", { max: view.trimmed })}</p>}
      {view.query === "" ? (
        <p className="lead">{t("SEARCH:EMPTY")}</p>
      ) : (
        <div className="search-results">
          <section aria-labelledby="search-articles-title">
            <h2 id="search-articles-title">{t("SEARCH:ARTICLES")}</h2>
            <p role="status" className="results-count">
              {view.moreThan !== null
                ? t("SEARCH:ARTICLE_COUNT_AT_LEAST", { count: view.moreThan })
                : t("SEARCH:ARTICLE_COUNT", { count: view.total })}
            </p>
            {view.wholeQuery !== "all" && (
              <p className="notice">
                {t(view.wholeQuery === "none" ? "SEARCH:WORDS_APART" : "SEARCH:WHOLE_FIRST", { query: view.query })}
              </p>
            )}
            {view.results.length > 0 && (
              <ol className="search-results__list" start={view.window.offset + 1}>
                {view.results.map((result) => (
                  <li key={result.id} className="search-result">
                    <h3 className="search-result__title">
                      <Link to={result.path}>
                        <Marked parts={result.title} />
                      </Link>
                    </h3>
                    <p className="search-result__snippet">
                      <Marked parts={result.snippet} />
                    </p>
                  </li>
                ))}
              </ol>
            )}
            <Pagination window={view.window} basePath={view.basePath} />
          </section>
          <section aria-labelledby="search-jobs-title" className="search-results__jobs">
            <h2 id="search-jobs-title">{t("SEARCH:JOBS")}</h2>
            <p className="results-count">{t("SEARCH:JOB_COUNT", { count: view.jobCount })}</p>
            <FrenchLabelsNotice labelLangs={view.jobs.map((job) => job.labelLang)} />
            {view.jobs.length > 0 && (
              <ul className="job-list">
                {view.jobs.map((job) => (
                  <li key={job.code}>
                    <JobLink job={job} pageLanguage={language.code} />
                  </li>
                ))}
              </ul>
            )}
            {view.allJobsPath && (
              <p>
                <Link to={view.allJobsPath}>{t("SEARCH:ALL_JOBS")}</Link>
              </p>
            )}
          </section>
        </div>
      )}
    </>
  );
}
