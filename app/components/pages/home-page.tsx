import { Link } from "react-router";
import type { HomeView } from "#core/views.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { ArticleCard } from "#app/components/article-card.tsx";
import { Seo } from "#app/components/seo.tsx";
import { webSite } from "#core/structured-data.ts";

export function HomePage({ view }: { view: HomeView }) {
  const { t, tl, publicUrl, language } = useShell();
  const site = webSite({
    publicUrl,
    name: t("SITE:TITLE"),
    description: t("SITE:DESCRIPTION"),
    language: language.code,
    homePath: view.seo.canonicalPath,
    searchPath: view.searchPath,
  });
  return (
    <>
      <Seo
        title={t("SITE:TITLE")}
        description={t("SITE:DESCRIPTION")}
        canonicalPath={view.seo.canonicalPath}
        alternates={view.seo.alternates}
        structuredData={[site]}
      />
      <section className="hero" aria-labelledby="home-title">
        <p className="hero__tagline">{tl("SITE:TAGLINE")}</p>
        <h1 id="home-title">{tl("HOME:TITLE")}</h1>
        <p className="hero__intro">{tl("HOME:INTRO")}</p>
      </section>
      <section aria-labelledby="latest-title" className="section">
        <div className="section__header">
          <h2 id="latest-title">{tl("HOME:LATEST")}</h2>
          {view.articlesPath && <Link to={view.articlesPath}>{tl("HOME:ALL_ARTICLES")}</Link>}
        </div>
        {view.latest.length > 0 ? (
          <div className="card-grid">
            {view.latest.map((article) => (
              <ArticleCard key={article.id} article={article} headingLevel={3} />
            ))}
          </div>
        ) : (
          <p>{tl("ARTICLES:EMPTY")}</p>
        )}
      </section>
      {view.jobsPath && (
        <section aria-labelledby="jobs-title" className="section feature">
          <h2 id="jobs-title">{tl("HOME:JOBS_TITLE")}</h2>
          <p>{tl("HOME:JOBS_TEXT")}</p>
          <p className="feature__figures">
            <span>{tl("HOME:JOB_COUNT", { count: view.jobCount })}</span> ·{" "}
            <span>{tl("HOME:DOMAIN_COUNT", { count: view.domainCount })}</span>
          </p>
          <Link className="button" to={view.jobsPath}>
            {tl("HOME:JOBS_LINK")}
          </Link>
        </section>
      )}
    </>
  );
}
