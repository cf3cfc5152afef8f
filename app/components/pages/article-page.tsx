import { Link } from "react-router";
import type { ArticleView } from "#server/content/public-pages.ts";
import { formatDate } from "#core/i18n/format.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { Seo } from "#app/components/seo.tsx";
import { ResponsiveImage } from "#app/components/responsive-image.tsx";

export function ArticlePage({ view }: { view: ArticleView }) {
  const { t, language } = useShell();
  const { article } = view;
  return (
    <article className="article" aria-labelledby="article-title">
      <Seo
        title={article.title}
        description={article.summary}
        canonicalPath={view.seo.canonicalPath}
        alternates={view.seo.alternates}
        image={article.cover}
        type="article"
      />
      <header className="article__header">
        <h1 id="article-title">{article.title}</h1>
        <p className="article__summary">{article.summary}</p>
        <p className="article__meta">
          {t("ARTICLES:BY", { author: article.author })}
          <span aria-hidden="true"> · </span>
          <time dateTime={article.publishedAt}>{t("ARTICLES:PUBLISHED", { date: formatDate(article.publishedAt, language.code) })}</time>
          <span aria-hidden="true"> · </span>
          {t("ARTICLES:READING_TIME", { minutes: article.readingMinutes })}
        </p>
      </header>
      {article.coverImage ? (
        <ResponsiveImage className="article__cover" image={article.coverImage} alt={article.coverAlt} loading="eager" />
      ) : (
        article.cover && <img className="article__cover" src={article.cover} alt={article.coverAlt} width="1200" height="630" />
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
      <footer className="article__footer">
        {article.updatedAt !== article.publishedAt && (
          <p>
            <time dateTime={article.updatedAt}>{t("ARTICLES:UPDATED", { date: formatDate(article.updatedAt, language.code) })}</time>
          </p>
        )}
        {view.relatedJobs.length > 0 && (
          <section aria-labelledby="related-job-title">
            <h2 id="related-job-title">{t("ARTICLES:RELATED_JOB")}</h2>
            <ul className="chip-list">
              {view.relatedJobs.map((job) => (
                <li key={job.code}>
                  <Link to={job.path}>
                    <span className="code">{job.code}</span> <span lang={job.labelLang === language.code ? undefined : job.labelLang}>{job.label}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {view.otherLanguages.length > 0 && (
          <section aria-labelledby="also-in-title">
            <h2 id="also-in-title">{t("ARTICLES:ALSO_IN")}</h2>
            <ul className="chip-list">
              {view.otherLanguages.map((other) => (
                <li key={other.code}>
                  <Link to={other.path} lang={other.code} hrefLang={other.code} dir={other.dir}>
                    {other.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </footer>
    </article>
  );
}
