import { Link } from "react-router";
import type { JobView } from "#server/content/public-pages.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { ArticleCard } from "#app/components/article-card.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { Seo } from "#app/components/seo.tsx";

export function JobPage({ view }: { view: JobView }) {
  const { t, language } = useShell();
  const { job } = view;
  const isFrenchFallback = job.labelLang !== language.code;
  const domainLabel = t(`ROME:DOMAIN:${job.domain}`);
  return (
    <article className="job" aria-labelledby="job-title">
      <Seo title={`${job.code} · ${job.label}`} description={`${job.code} — ${job.label} (${domainLabel})`} canonicalPath={view.seo.canonicalPath} alternates={view.seo.alternates} />
      {view.jobsPath && (
        <p className="breadcrumb">
          <Link to={view.jobsPath}>{t("JOBS:BACK")}</Link>
        </p>
      )}
      <p className="job__code">
        <span className="visually-hidden">{t("JOBS:CODE")} </span>
        {job.code}
      </p>
      <h1 id="job-title" lang={isFrenchFallback ? job.labelLang : undefined}>
        {job.label}
      </h1>
      {isFrenchFallback && <p className="job__note">{t("JOBS:FRENCH_LABEL")}</p>}
      <dl className="job__facts">
        <dt>{t("JOBS:CODE")}</dt>
        <dd>{job.code}</dd>
        <dt>{t("JOBS:DOMAIN")}</dt>
        <dd>
          <span className="code">{job.domain}</span> {domainLabel}
        </dd>
      </dl>
      <section aria-labelledby="related-title" className="section">
        <h2 id="related-title">{t("JOBS:RELATED_ARTICLES")}</h2>
        {view.related.length > 0 ? (
          <div className="card-grid">
            {view.related.map((article) => (
              <ArticleCard key={article.id} article={article} headingLevel={3} />
            ))}
          </div>
        ) : (
          <p>{t("JOBS:NO_RELATED")}</p>
        )}
        <Pagination window={view.relatedWindow} basePath={view.relatedBasePath} />
      </section>
      <p className="attribution">{t("JOBS:SOURCE")}</p>
    </article>
  );
}
