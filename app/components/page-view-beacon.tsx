/**
 * Records one `page_view` analytics event per page the visitor sees: the first
 * load and every client-side navigation (docs/product.md §10). Only the path is
 * sent, never the query string (it may hold what someone searched for); admin
 * pages are not counted. A failure is only a warning (docs/product.md §9).
 */
import { useEffect } from "react";
import { useLocation } from "react-router";
import { api } from "#app/lib/api-client.ts";

export function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|$)/i.test(pathname);
}

export function PageViewBeacon() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (isAdminPath(pathname)) return;
    api.post("/api/analytics/events", { name: "page_view", path: pathname }).catch((error: unknown) => {
      console.warn("Analytics event not recorded", error);
    });
  }, [pathname]);
  return null;
}
