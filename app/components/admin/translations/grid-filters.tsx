/** The grid's filters: free text over keys and texts, missing only, languages on the site only. */
import { useId, useMemo, useState } from "react";
import type { TranslationLanguage, TranslationRow } from "#core/admin/translations/schema.ts";
import { foldForSearch } from "#core/text.ts";

export interface GridFilters {
  query: string;
  setQuery: (query: string) => void;
  missingOnly: boolean;
  setMissingOnly: (missingOnly: boolean) => void;
  siteOnly: boolean;
  setSiteOnly: (siteOnly: boolean) => void;
  /** The languages shown as columns. */
  columns: TranslationLanguage[];
  /** The keys shown as rows. */
  rows: TranslationRow[];
}

export function useGridFilters(languages: TranslationLanguage[], keys: TranslationRow[]): GridFilters {
  const [query, setQuery] = useState("");
  const [missingOnly, setMissingOnly] = useState(false);
  // Every language by default: one just added (not on the site yet) is the one to translate.
  const [siteOnly, setSiteOnly] = useState(false);

  const columns = siteOnly ? languages.filter((language) => language.enabled) : languages;
  const rows = useMemo(() => {
    const folded = foldForSearch(query.trim());
    return keys.filter((row) => {
      if (missingOnly && !columns.some((language) => row.labels[language.code] === null)) return false;
      if (folded === "") return true;
      return (
        foldForSearch(row.key).includes(folded) ||
        columns.some((language) => foldForSearch(row.labels[language.code]?.label ?? "").includes(folded))
      );
    });
  }, [keys, columns, query, missingOnly]);
  return { query, setQuery, missingOnly, setMissingOnly, siteOnly, setSiteOnly, columns, rows };
}

export function GridTools({ filters, total }: { filters: GridFilters; total: number }) {
  const { query, setQuery, missingOnly, setMissingOnly, siteOnly, setSiteOnly, rows } = filters;
  const filterId = useId();
  return (
    <div className="grid-tools" role="search" aria-label="Filter translations">
      <div className="grid-tools__filter">
        <label htmlFor={filterId}>Find a key or text</label>
        <input id={filterId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="NAV:, sign in…" />
      </div>
      <label className="admin-check">
        <input type="checkbox" checked={missingOnly} onChange={(event) => setMissingOnly(event.target.checked)} />
        Missing only
      </label>
      <label className="admin-check">
        <input type="checkbox" checked={siteOnly} onChange={(event) => setSiteOnly(event.target.checked)} />
        Only languages on the site
      </label>
      <p className="grid-tools__count" aria-live="polite">
        {rows.length} of {total} keys
      </p>
    </div>
  );
}
