/**
 * The glossary terms the segment being translated holds (issue 45 item 3, decision 0217): each with its approved
 * translation, to insert with a button (`onAccept`), the translations not to use, and its note. The pair's approved
 * terms are read once per language pair; which of them the segment holds is core/glossary/check.ts's findTerms.
 */
import { useMemo } from "react";
import type { GlossaryTermView } from "#core/admin/glossary/schema.ts";
import { findTerms } from "#core/glossary/check.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useAdminQuery } from "./use-admin-query.ts";
import type { WorkbenchPanelProps } from "./memory-matches.tsx";
import "#app/styles/admin-glossary.css";

const NO_TERMS: GlossaryTermView[] = [];

/** The language pair's approved glossary terms (none until they are read): for the hints and the quality checks. */
export function useApprovedTerms(sourceLanguage: string, targetLanguage: string) {
  const { t } = useAdminText();
  const path = `/api/admin/glossary?${new URLSearchParams({ from: sourceLanguage, to: targetLanguage, status: "approved" })}`;
  const { data, error, loading } = useAdminQuery<{ terms: GlossaryTermView[] }>(path, t("admin.glossary_hints.failed"));
  return { terms: data?.terms ?? NO_TERMS, error, loading };
}

export function GlossaryHints({ sourceText, sourceLanguage, targetLanguage, onAccept }: WorkbenchPanelProps) {
  const { t } = useAdminText();
  const { terms, error, loading } = useApprovedTerms(sourceLanguage, targetLanguage);
  const found = useMemo(() => {
    const seen = new Set<number>();
    return findTerms(terms, sourceText).filter(({ term }) => !seen.has(term.id) && seen.add(term.id));
  }, [terms, sourceText]);
  return (
    <section className="workbench-panel" aria-labelledby="glossary-hints-title" aria-busy={loading}>
      <h3 id="glossary-hints-title">{t("admin.glossary_hints.title")}</h3>
      <p role="status" className="workbench-panel__meta">
        {error ?? (!loading && found.length === 0 ? t("admin.glossary_hints.none") : "")}
      </p>
      <ul>
        {found.map(({ term }) => (
          <li key={term.id}>
            <p>
              <span lang={sourceLanguage} dir="auto">
                {term.term}
              </span>{" "}
              →{" "}
              <span lang={targetLanguage} dir="auto">
                <strong>{term.translation}</strong>
              </span>
            </p>
            {term.forbidden.length > 0 && (
              <p className="workbench-panel__meta" lang={targetLanguage} dir="auto">
                {t("admin.glossary_hints.forbidden", { list: term.forbidden.join(", ") })}
              </p>
            )}
            {term.note && (
              <p className="workbench-panel__meta" dir="auto">
                {term.note}
              </p>
            )}
            <button type="button" className="button button--small" onClick={() => onAccept(term.translation)}>
              {t("admin.glossary_hints.insert_button", { translation: term.translation })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
