/**
 * Previous / "Page N of M" / next under a paged admin list: links when each page has its own address (the audit
 * log, the ROME codes), buttons when the page is the screen's own state (the translations grid).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PageWindow } from "#core/pagination.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

type PagerTarget = { href: (page: number) => string } | { onPage: (page: number) => void };

export function AdminPager({
  window,
  label,
  className = "pagination",
  ...target
}: { window: PageWindow; label: string; className?: string } & PagerTarget) {
  const { t } = useAdminText();
  if (window.pageCount <= 1) return null;
  const step = (page: number, rel: "prev" | "next", text: ReactNode) =>
    "href" in target ? (
      <Link className="button" to={target.href(page)} rel={rel}>
        {text}
      </Link>
    ) : (
      <button type="button" className="button" onClick={() => target.onPage(page)}>
        {text}
      </button>
    );
  return (
    <nav className={className} aria-label={label}>
      {window.hasPrevious ? step(window.page - 1, "prev", t("admin.common.previous_page")) : <span />}
      <p>{t("admin.common.page_of", { page: window.page, pages: window.pageCount })}</p>
      {window.hasNext ? step(window.page + 1, "next", t("admin.common.next_page")) : <span />}
    </nav>
  );
}
