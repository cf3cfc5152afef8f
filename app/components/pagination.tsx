import { Link } from "react-router";
import type { PageWindow } from "#core/pagination.ts";
import { useShell } from "#app/lib/use-shell.ts";

/** Previous / "page N of M" / next links under a paged list; page 1 is the list's own address. */
export function Pagination({ window, basePath }: { window: PageWindow; basePath: string }) {
  const { t, tl } = useShell();
  if (window.pageCount <= 1) return null;
  // A base path may carry its own query (a search's ?q=).
  const pagePath = (page: number) =>
    page === 1 ? basePath : `${basePath}${basePath.includes("?") ? "&" : "?"}page=${page}`;
  return (
    <nav className="pagination" aria-label={t("PAGINATION:LABEL")}>
      {window.hasPrevious ? (
        <Link to={pagePath(window.page - 1)} rel="prev">
          {tl("PAGINATION:PREVIOUS")}
        </Link>
      ) : (
        <span />
      )}
      <p aria-current="page">{tl("PAGINATION:STATUS", { page: window.page, total: window.pageCount })}</p>
      {window.hasNext ? (
        <Link to={pagePath(window.page + 1)} rel="next">
          {tl("PAGINATION:NEXT")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
