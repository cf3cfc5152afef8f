import { Link } from "react-router";
import type { PageWindow } from "#core/pagination.ts";
import { useShell } from "#app/lib/use-shell.ts";

/** Previous / "page N of M" / next links under a paged list; page 1 is the list's own address. */
export function Pagination({ window, basePath }: { window: PageWindow; basePath: string }) {
  const { t } = useShell();
  if (window.pageCount <= 1) return null;
  const pagePath = (page: number) => (page === 1 ? basePath : `${basePath}?page=${page}`);
  return (
    <nav className="pagination" aria-label={t("PAGINATION:LABEL")}>
      {window.hasPrevious ? <Link to={pagePath(window.page - 1)} rel="prev">{t("PAGINATION:PREVIOUS")}</Link> : <span />}
      <p aria-current="page">{t("PAGINATION:STATUS", { page: window.page, total: window.pageCount })}</p>
      {window.hasNext ? <Link to={pagePath(window.page + 1)} rel="next">{t("PAGINATION:NEXT")}</Link> : <span />}
    </nav>
  );
}
