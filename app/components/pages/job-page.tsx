import { Link } from "react-router";
import type { JobView } from "#core/views.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { FrenchLabelsNotice } from "#app/components/french-labels-notice.tsx";
import { ArticleCard } from "#app/components/article-card.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { Seo, useBreadcrumbs } from "#app/components/seo.tsx";
import { occupation } from "#core/structured-data.ts";

export function JobPage({ view }: { view: JobView }) {
  const { t, tl, language, publicUrl } = useShell();
  const { job } = view;
  // A label borrowed from a fallback language or the official French one carries its language; the French one is noted once.
  const isFallback = job.labelLang !== language.code;
  const domainLabel = t(`ROME:DOMAIN:${job.domain}`);
  const description = `${job.code} — ${job.label} (${domainLabel})`;
  const trail = useBreadcrumbs([
    ...(view.jobsPath ? [{ name: t("NAV:JOBS"), path: view.jobsPath }] : []),
    { name: job.label, path: view.relatedBasePath },
  ]);
  const structuredData = [
    occupation({
      publicUrl,
      path: view.relatedBasePath,
      code: job.code,
      label: job.label,
      officialLabel: job.officialLabel,
      description,
    }),
    trail,
  ];
  return (
    <article className="job" aria-labelledby="job-title">
      <Seo
        title={`${job.code} · ${job.label}`}
        description={description}
        canonicalPath={view.seo.canonicalPath}
        alternates={view.seo.alternates}
        structuredData={structuredData}
      />
      {view.jobsPath && (
        <p className="breadcrumb">
          <Link to={view.jobsPath}>{tl("JOBS:BACK")}</Link>
        </p>
      )}
      <p className="job__code">
        <span className="visually-hidden">{tl("JOBS:CODE")} </span>
        {job.code}
      </p>
      <h1 id="job-title" lang={isFallback ? job.labelLang : undefined}>
        {job.label}
      </h1>
      <FrenchLabelsNotice labelLangs={[job.labelLang]} />
      <dl className="job__facts">
        <dt>{tl("JOBS:CODE")}</dt>
        <dd>{job.code}</dd>
        <dt>{tl("JOBS:DOMAIN")}</dt>
        <dd>
          <span className="code">{job.domain}</span> {domainLabel}
        </dd>
      </dl>
      <section aria-labelledby="related-title" className="section">
        <h2 id="related-title">{tl("JOBS:RELATED_ARTICLES")}</h2>
        {view.related.length > 0 ? (
          <div className="card-grid">
            {view.related.map((article) => (
              <ArticleCard key={article.id} article={article} headingLevel={3} />
            ))}
          </div>
        ) : (
          <p>{tl("JOBS:NO_RELATED")}</p>
        )}
        <Pagination window={view.relatedWindow} basePath={view.relatedBasePath} />
      </section>
      <p className="attribution">{tl("JOBS:SOURCE")}</p>
    </article>
  );
}
