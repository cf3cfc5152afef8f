import { Link } from "react-router";
import type { TagsIndexView } from "#core/views.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { Seo, useBreadcrumbs } from "#app/components/seo.tsx";

/** `/{lang}/{tags}`: every tag of the language's articles, alphabetical, each a link with its number of articles. */
export function TagsIndexPage({ view }: { view: TagsIndexView }) {
  const { t, tl } = useShell();
  const breadcrumbs = useBreadcrumbs([{ name: t("TAGS:LABEL"), path: view.seo.canonicalPath }]);
  return (
    <>
      <Seo
        title={t("TAGS:LABEL")}
        description={t("TAGS:INDEX_DESCRIPTION")}
        canonicalPath={view.seo.canonicalPath}
        alternates={view.seo.alternates}
        structuredData={[breadcrumbs]}
      />
      <h1 className="page-title">{tl("TAGS:LABEL")}</h1>
      {view.tags.length === 0 ? (
        <p>{tl("TAGS:EMPTY")}</p>
      ) : (
        <ul className="chip-list tag-index">
          {view.tags.map((entry) => (
            <li key={entry.path}>
              {/* bdi: a tag written in another script keeps its own direction inside an RTL page, and the count stays after it. */}
              <Link to={entry.path}>
                <bdi>{entry.tag}</bdi>{" "}
                <span className="tag-index__count">{t("TAGS:ARTICLE_COUNT", { count: entry.count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
