/**
 * The 404 page in the visitor's language, with ways on: when the address names an
 * article published only in other languages, those languages first, each linked to
 * its version (decision 0085); then a jobs search (the site's search), the home page
 * and the two sections.
 */
import { isRouteErrorResponse, useRouteError } from "react-router";
import { SEARCH_QUERY_MAX_LENGTH } from "#core/text.ts";
import type { ArticleElsewhere } from "#core/views.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { ErrorPage } from "#app/components/error-page.tsx";
import { useSiteLinks } from "#app/components/site-links.ts";

/** The languages the missing article exists in, when the 404 carries them. */
function useAvailableIn(): ArticleElsewhere["availableIn"] | null {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return null;
  const data = error.data as Partial<ArticleElsewhere>;
  return data.kind === "elsewhere" && Array.isArray(data.availableIn) ? data.availableIn : null;
}

export function NotFoundPage() {
  const { t, tl, language } = useShell();
  const { home, articles, jobs } = useSiteLinks();
  const availableIn = useAvailableIn();
  const places = [home, articles, jobs].filter((link) => link !== null);
  return (
    <ErrorPage
      status={404}
      // An article published only in other languages exists: its heading says what is missing, not "Page not found" (issue 44).
      title={availableIn ? t("NOTFOUND:NOT_TRANSLATED_TITLE", { language: language.label }) : t("NOTFOUND:TITLE")}
      siteTitle={t("SITE:TITLE")}
      text={availableIn ? tl("NOTFOUND:NOT_TRANSLATED", { language: language.label }) : tl("NOTFOUND:TEXT")}
    >
      {availableIn && (
        <section aria-labelledby="not-found-languages" className="error-page__languages">
          <h2 id="not-found-languages">{tl("NOTFOUND:AVAILABLE_IN")}</h2>
          <ul className="language-versions">
            {availableIn.map((other) => (
              <li key={other.code}>
                <a href={other.path} lang={other.code} hrefLang={other.code} dir={other.dir}>
                  <span className="language-versions__language">{other.label}</span>
                  <span className="language-versions__title">{other.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav aria-labelledby="not-found-ways" className="error-page__ways">
        <h2 id="not-found-ways">{tl("NOTFOUND:WAYS")}</h2>
        {jobs && (
          // A plain GET form: it works before hydration and lands on the jobs directory's own search.
          <form method="get" action={jobs.to} role="search" className="search-form">
            <label htmlFor="not-found-search">{tl("JOBS:SEARCH_LABEL")}</label>
            <div className="search-form__row">
              <input
                id="not-found-search"
                type="search"
                name="q"
                maxLength={SEARCH_QUERY_MAX_LENGTH}
                autoComplete="off"
              />
              <button type="submit" className="button">
                {tl("JOBS:SEARCH_BUTTON")}
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
