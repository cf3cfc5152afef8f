import { Link } from "react-router";
import type { TagView } from "#core/views.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { ArticleCard } from "#app/components/article-card.tsx";
import { Seo, useBreadcrumbs } from "#app/components/seo.tsx";

/** A tag's page: the language's articles carrying it, newest first, with a link to older ones (keyset). */
export function TagPage({ view }: { view: TagView }) {
  const { t } = useShell();
  const title = t("TAGS:TITLE", { tag: view.tag });
  // The tag's first page: older pages (?after=) are the same place in the trail.
  const breadcrumbs = useBreadcrumbs([
    { name: t("TAGS:LABEL"), path: view.allTagsPath },
    { name: view.tag, path: view.newestPath ?? view.seo.canonicalPath },
  ]);
  return (
    <>
      <Seo
        title={title}
        description={title}
        canonicalPath={view.seo.canonicalPath}
        alternates={view.seo.alternates}
        structuredData={[breadcrumbs]}
      />
      <h1 className="page-title">{title}</h1>
      <p className="standalone-link">
        <Link to={view.allTagsPath}>{t("TAGS:ALL")}</Link>
      </p>
      <div className="card-grid">
        {view.items.map((article) => (
          <ArticleCard key={article.id} article={article} />
        ))}
      </div>
      {(view.newestPath || view.olderPath) && (
        <nav className="pagination" aria-label={t("PAGINATION:LABEL")}>
          {view.newestPath ? <Link to={view.newestPath}>{t("TAGS:NEWEST")}</Link> : <span />}
          {view.olderPath ? (
            <Link to={view.olderPath} rel="next">
              {t("TAGS:OLDER")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
