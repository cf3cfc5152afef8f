/**
 * The 404 page in the visitor's language, with ways on: a jobs search (the
 * site's search), the home page and the two sections.
 */
import { SEARCH_QUERY_MAX_LENGTH } from "#core/text.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { ErrorPage } from "#app/components/error-page.tsx";
import { useSiteLinks } from "#app/components/site-links.ts";

export function NotFoundPage() {
  const { t } = useShell();
  const { home, articles, jobs } = useSiteLinks();
  const places = [home, articles, jobs].filter((link) => link !== null);
  return (
    <ErrorPage status={404} title={t("NOTFOUND:TITLE")} siteTitle={t("SITE:TITLE")} text={t("NOTFOUND:TEXT")}>
      <nav aria-labelledby="not-found-ways" className="error-page__ways">
        <h2 id="not-found-ways">{t("NOTFOUND:WAYS")}</h2>
        {jobs && (
          // A plain GET form: it works before hydration and lands on the jobs directory's own search.
          <form method="get" action={jobs.to} role="search" className="search-form">
            <label htmlFor="not-found-search">{t("JOBS:SEARCH_LABEL")}</label>
            <div className="search-form__row">
              <input id="not-found-search" type="search" name="q" maxLength={SEARCH_QUERY_MAX_LENGTH} autoComplete="off" />
              <button type="submit" className="button">
                {t("JOBS:SEARCH_BUTTON")}
              </button>
            </div>
          </form>
        )}
        <ul className="chip-list">
          {places.map((place) => (
            <li key={place.to}>
              <a href={place.to}>{place.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </ErrorPage>
  );
}
