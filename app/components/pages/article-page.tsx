import { Link } from "react-router";
import type { ArticleView } from "#core/views.ts";
import { formatDate } from "#core/i18n/format.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { Seo, useBreadcrumbs } from "#app/components/seo.tsx";
import { blogPosting } from "#core/structured-data.ts";
import { ResponsiveImage } from "#app/components/responsive-image.tsx";
import { JobLink } from "#app/components/pages/job-link.tsx";
import { FrenchLabelsNotice } from "#app/components/french-labels-notice.tsx";
import { MarkupHtml } from "#app/components/markup-html.tsx";

/** The element holding an article's rendered body (see MarkupHtml). */
export const ARTICLE_BODY_ID = "article-body";

export function ArticlePage({ view }: { view: ArticleView }) {
  const { t, tl, language, publicUrl } = useShell();
  const { article } = view;
  const trail = useBreadcrumbs([
    ...(view.articlesPath ? [{ name: t("NAV:ARTICLES"), path: view.articlesPath }] : []),
    { name: article.title, path: view.seo.canonicalPath },
  ]);
  const posting = blogPosting({
    publicUrl,
    siteName: t("SITE:TITLE"),
    path: view.seo.canonicalPath,
    language: language.code,
    title: article.title,
    summary: article.summary,
    author: article.author,
    publishedAt: article.publishedAt,
    updatedAt: article.updatedAt,
    image: article.socialImage,
    tags: article.tags,
    sourceLanguage: article.sourceLanguage,
    otherVersions: view.otherLanguages,
  });
  return (
    <article className="article" aria-labelledby="article-title">
      <Seo
        title={article.title}
        description={article.summary}
        canonicalPath={view.seo.canonicalPath}
        alternates={view.seo.alternates}
        image={article.socialImage === null ? null : { path: article.socialImage, alt: article.coverAlt }}
        article={article}
        structuredData={[posting, trail]}
      />
      <header className="article__header">
        <h1 id="article-title">{article.title}</h1>
        <p className="article__summary">{article.summary}</p>
        <p className="article__meta">
          {tl("ARTICLES:BY", { author: article.author })}
          <span aria-hidden="true"> · </span>
          {article.publishedAt !== null && (
            <>
              <time dateTime={article.publishedAt}>
                {tl("ARTICLES:PUBLISHED", { date: formatDate(article.publishedAt, language.code) })}
              </time>
              <span aria-hidden="true"> · </span>
            </>
          )}
          {tl("ARTICLES:READING_TIME", { minutes: article.readingMinutes })}
        </p>
        {view.outdatedNotice && (
          <p role="note" className="article__outdated">
            {t("ARTICLES:OUTDATED_NOTICE", { date: formatDate(view.outdatedNotice.changedAt, language.code) })}{" "}
            {t("ARTICLES:READ_ORIGINAL")}{" "}
            <Link
              to={view.outdatedNotice.original.path}
              hrefLang={view.outdatedNotice.original.code}
              lang={view.outdatedNotice.original.code}
              dir={view.outdatedNotice.original.dir}
            >
              {view.outdatedNotice.original.label}
            </Link>
          </p>
        )}
      </header>
      {article.coverImage ? (
        <ResponsiveImage className="article__cover" image={article.coverImage} alt={article.coverAlt} loading="eager" />
      ) : (
        article.cover && (
          <img className="article__cover" src={article.cover} alt={article.coverAlt} width="1200" height="630" />
        )
      )}
      <MarkupHtml id={ARTICLE_BODY_ID} className="prose" html={article.html} />
      <footer className="article__footer">
        {article.updatedAt !== article.publishedAt && (
          <p>
            <time dateTime={article.updatedAt}>
              {tl("ARTICLES:UPDATED", { date: formatDate(article.updatedAt, language.code) })}
            </time>
          </p>
        )}
        {view.tagLinks.length > 0 && (
          <section aria-labelledby="tags-title">
            <h2 id="tags-title">{t("TAGS:LABEL")}</h2>
            <ul className="chip-list">
              {view.tagLinks.map((link) => (
                <li key={link.tag}>
                  <Link to={link.path}>{link.tag}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {view.relatedJobs.length > 0 && (
          <section aria-labelledby="related-job-title">
            <h2 id="related-job-title">{tl("ARTICLES:RELATED_JOB")}</h2>
            <FrenchLabelsNotice labelLangs={view.relatedJobs.map((job) => job.labelLang)} />
            <ul className="chip-list">
              {view.relatedJobs.map((job) => (
                <li key={job.code}>
                  <JobLink job={job} pageLanguage={language.code} />
                </li>
              ))}
            </ul>
          </section>
        )}
        {view.otherLanguages.length > 0 && (
          <section aria-labelledby="also-in-title">
            <h2 id="also-in-title">{tl("ARTICLES:ALSO_IN")}</h2>
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
