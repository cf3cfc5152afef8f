import { Link } from "react-router";
import type { ArticleListView } from "#server/content/public-pages.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { ArticleCard } from "#app/components/article-card.tsx";
import { Seo } from "#app/components/seo.tsx";

export function ArticleListPage({ view }: { view: ArticleListView }) {
  const { t } = useShell();
  const { window } = view;
  const pagePath = (page: number) => (page === 1 ? view.basePath : `${view.basePath}?page=${page}`);
  return (
    <>
      <Seo title={t("ARTICLES:TITLE")} description={t("ARTICLES:DESCRIPTION")} canonicalPath={view.seo.canonicalPath} alternates={view.seo.alternates} />
      <h1 className="page-title">{t("ARTICLES:TITLE")}</h1>
      {view.items.length === 0 ? (
        <p>{t("ARTICLES:EMPTY")}</p>
      ) : (
        <div className="card-grid">
          {view.items.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
      )}
      {window.pageCount > 1 && (
        <nav className="pagination" aria-label={t("PAGINATION:LABEL")}>
          {window.hasPrevious ? <Link to={pagePath(window.page - 1)} rel="prev">{t("PAGINATION:PREVIOUS")}</Link> : <span />}
          <p aria-current="page">{t("PAGINATION:STATUS", { page: window.page, total: window.pageCount })}</p>
          {window.hasNext ? <Link to={pagePath(window.page + 1)} rel="next">{t("PAGINATION:NEXT")}</Link> : <span />}
        </nav>
      )}
    </>
  );
}
