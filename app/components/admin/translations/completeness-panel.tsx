/** How complete each language is: a progress bar and figures per language. */
import type { Completeness, TranslationLanguage } from "#core/admin/translations/schema.ts";

interface CompletenessPanelProps {
  languages: TranslationLanguage[];
  completeness: Record<string, Completeness>;
}

export function CompletenessPanel({ languages, completeness }: CompletenessPanelProps) {
  return (
    <section aria-labelledby="completeness-heading" className="admin-panel">
      <h2 id="completeness-heading">Completeness</h2>
      <ul className="completeness">
        {languages.map((language) => {
          const stats = completeness[language.code]!;
          return (
            <li key={language.code} className={stats.translated === stats.total ? "completeness__item completeness__item--done" : "completeness__item"}>
              <span className="completeness__name">
                <span lang={language.code} dir={language.dir}>
                  {language.label}
                </span>{" "}
                <code>{language.code}</code>
                {!language.enabled && <span className="completeness__off">not shown on the site</span>}
              </span>
              <progress max={stats.total} value={stats.translated} aria-label={`${language.code} completeness`} />
              <span className="completeness__figures">
                {stats.percent}% · {stats.translated} of {stats.total}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
