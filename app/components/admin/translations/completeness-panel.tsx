/** How complete each language is: a progress bar and figures per language. */
import type { Completeness, TranslationLanguage } from "#core/admin/translations/schema.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

interface CompletenessPanelProps {
  languages: TranslationLanguage[];
  completeness: Record<string, Completeness>;
}

export function CompletenessPanel({ languages, completeness }: CompletenessPanelProps) {
  const { t } = useAdminText();
  return (
    <section aria-labelledby="completeness-heading" className="admin-panel">
      <h2 id="completeness-heading">{t("admin.translations.completeness")}</h2>
      <ul className="completeness">
        {languages.map((language) => {
          const stats = completeness[language.code]!;
          return (
            <li
              key={language.code}
              className={
                stats.translated === stats.total ? "completeness__item completeness__item--done" : "completeness__item"
              }
            >
              <span className="completeness__name">
                <span lang={language.code} dir={language.dir}>
                  {language.label}
                </span>{" "}
                <code>{language.code}</code>
                {!language.enabled && <span className="completeness__off">{t("admin.translations.not_on_site")}</span>}
              </span>
              <progress
                max={stats.total}
                value={stats.translated}
                aria-label={t("admin.translations.completeness_of", { code: language.code })}
              />
              <span className="completeness__figures">
                {t("admin.translations.completeness_figures", {
                  percent: stats.percent / 100,
                  translated: stats.translated,
                  total: stats.total,
                })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
