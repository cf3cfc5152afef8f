import type { ArticleListView } from "#core/views.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { ArticleCard } from "#app/components/article-card.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { Seo, useBreadcrumbs } from "#app/components/seo.tsx";

export function ArticleListPage({ view }: { view: ArticleListView }) {
  const { t, tl } = useShell();
  const breadcrumbs = useBreadcrumbs([{ name: t("NAV:ARTICLES"), path: view.basePath }]);
  return (
    <>
      <Seo
        title={t("ARTICLES:TITLE")}
        description={t("ARTICLES:DESCRIPTION")}
        canonicalPath={view.seo.canonicalPath}
        alternates={view.seo.alternates}
        structuredData={[breadcrumbs]}
      />
      <h1 className="page-title">{tl("ARTICLES:TITLE")}</h1>
      {view.items.length === 0 ? (
        <p>{tl("ARTICLES:EMPTY")}</p>
      ) : (
        <div className="card-grid">
          {view.items.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
      )}
      <Pagination window={view.window} basePath={view.basePath} />
    </>
  );
}
