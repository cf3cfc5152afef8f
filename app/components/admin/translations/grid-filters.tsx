/**
 * The grid's filters: free text over keys and texts (from ?q= at first, so a
 * link can open the grid on one key), which strings (the public site's or the
 * admin area's, decision 0076), missing only, languages on the site only; and
 * the page of the matching keys shown, GRID_PAGE_SIZE at a time (decision 0201:
 * the admin area alone has over 800 keys, a thousand cells a screen is too many
 * to read, and to render).
 */
import { useId, useMemo, useState } from "react";
import { pageWindow, type PageWindow } from "#core/pagination.ts";
import { useSearchParams } from "react-router";
import { isAdminKey } from "#core/i18n/admin-catalog.ts";
import type { TranslationLanguage, TranslationRow } from "#core/admin/translations/schema.ts";
import { foldForSearch } from "#core/text.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

export interface GridFilters {
  query: string;
  setQuery: (query: string) => void;
  area: StringArea;
  setArea: (area: StringArea) => void;
  missingOnly: boolean;
  setMissingOnly: (missingOnly: boolean) => void;
  siteOnly: boolean;
  setSiteOnly: (siteOnly: boolean) => void;
  /** The languages shown as columns. */
  columns: TranslationLanguage[];
  /** The keys that match the filters. */
  rows: TranslationRow[];
  /** The page of them shown. */
  window: PageWindow;
  pageRows: TranslationRow[];
  setPage: (page: number) => void;
}

export const GRID_PAGE_SIZE = 50;

export type StringArea = "all" | "site" | "admin";

export function useGridFilters(languages: TranslationLanguage[], keys: TranslationRow[]): GridFilters {
  const [searchParams] = useSearchParams();
  const [query, setQueryState] = useState(searchParams.get("q") ?? "");
  // The site's texts first (the grid stays the size it was); a link to an admin key opens the admin's.
  const [area, setAreaState] = useState<StringArea>(isAdminKey(query) ? "admin" : "site");
  const [missingOnly, setMissingOnlyState] = useState(false);
  // Every language by default: one just added (not on the site yet) is the one to translate.
  const [siteOnly, setSiteOnlyState] = useState(false);
  const [page, setPage] = useState(1);
  // A change of filter shows its first page.
  const resettingPage =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };

  const columns = siteOnly ? languages.filter((language) => language.enabled) : languages;
  const rows = useMemo(() => {
    const folded = foldForSearch(query.trim());
    return keys.filter((row) => {
      if (area !== "all" && isAdminKey(row.key) !== (area === "admin")) return false;
      if (missingOnly && !columns.some((language) => row.labels[language.code] === null)) return false;
      if (folded === "") return true;
      return (
        foldForSearch(row.key).includes(folded) ||
        columns.some((language) => foldForSearch(row.labels[language.code]?.label ?? "").includes(folded))
      );
    });
  }, [keys, columns, query, missingOnly, area]);
  const window = pageWindow(rows.length, GRID_PAGE_SIZE, page);
  return {
    query,
    setQuery: resettingPage(setQueryState),
    area,
    setArea: resettingPage(setAreaState),
    missingOnly,
    setMissingOnly: resettingPage(setMissingOnlyState),
    siteOnly,
    setSiteOnly: resettingPage(setSiteOnlyState),
    columns,
    rows,
    window,
    pageRows: rows.slice(window.offset, window.offset + GRID_PAGE_SIZE),
    setPage,
  };
}

export function GridTools({ filters, total }: { filters: GridFilters; total: number }) {
  // The two switches filter in React only (app/lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const { query, setQuery, area, setArea, missingOnly, setMissingOnly, siteOnly, setSiteOnly, rows } = filters;
  const { t } = useAdminText();
  const filterId = useId();
  const areaId = useId();
  return (
    <div className="grid-tools" role="search" aria-label={t("admin.translations.filter")}>
      <div className="grid-tools__filter">
        <label htmlFor={filterId}>{t("admin.translations.find")}</label>
        <input
          id={filterId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("admin.translations.find_placeholder")}
        />
      </div>
      <div className="grid-tools__filter">
        <label htmlFor={areaId}>{t("admin.translations.area")}</label>
        <select id={areaId} value={area} onChange={(event) => setArea(event.target.value as StringArea)}>
          <option value="all">{t("admin.translations.area_all")}</option>
          <option value="site">{t("admin.translations.area_site")}</option>
          <option value="admin">{t("admin.translations.area_admin")}</option>
        </select>
      </div>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={missingOnly}
          disabled={!hydrated}
          onChange={(event) => setMissingOnly(event.target.checked)}
        />
        {t("admin.translations.missing_only")}
      </label>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={siteOnly}
          disabled={!hydrated}
          onChange={(event) => setSiteOnly(event.target.checked)}
        />
        {t("admin.translations.site_languages_only")}
      </label>
      <p className="grid-tools__count" aria-live="polite">
        {t("admin.translations.count", { shown: rows.length, total })}
      </p>
    </div>
  );
}
