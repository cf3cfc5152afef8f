/**
 * One tab per existing language version with its translation status in words, plus "Add translation"
 * for the languages that have none yet: shown languages first, hidden ones after, none preselected
 * but a shown one.
 */
import { Form, Link } from "react-router";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import { KEEP_FOCUS } from "#app/lib/use-focus-on-navigation.ts";
import { useMay } from "#app/lib/admin-grant.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import type { EditorLanguage } from "./editor-shared.ts";

/** `pending`: the languages whose live version has pending changes (decision 0150), marked on their tab. */
export function VersionTabs({
  article,
  languages,
  selected,
  pending,
}: {
  article: AdminArticle;
  languages: EditorLanguage[];
  selected: EditorLanguage;
  pending: readonly string[];
}) {
  const versionIn = (code: string) => article.versions.find((version) => version.code === code);
  const tabs = languages.filter(
    (language) => versionIn(language.code) !== undefined || language.code === selected.code,
  );
  const may = useMay();
  const { t } = useAdminText();
  const missing = languages.filter(
    (language) =>
      versionIn(language.code) === undefined && language.code !== selected.code && may("translate", language.code),
  );
  const shown = missing.filter((language) => language.enabled);
  const hidden = missing.filter((language) => !language.enabled);
  const option = (language: EditorLanguage) => (
    <option key={language.code} value={language.code}>
      {t("admin.common.language_option", { label: language.label, code: language.code })}
    </option>
  );
  return (
    <div className="version-tabs">
      <nav aria-label={t("admin.editor.versions")}>
        <ul className="version-tabs__list">
          {tabs.map((language) => {
            const version = versionIn(language.code);
            const state =
              version === undefined ? "new" : language.code === article.sourceLanguage ? "source" : version.translation;
            const text =
              state === "new" || state === "source"
                ? state === "new"
                  ? t("admin.status_label.new")
                  : t("admin.articles.status_source", { status: t(`admin.status_label.${version!.status}`) })
                : t(`admin.status_label.${state}`);
            return (
              <li key={language.code}>
                <Link
                  to={`?language=${encodeURIComponent(language.code)}`}
                  preventScrollReset
                  state={KEEP_FOCUS}
                  className="version-tabs__tab"
                  aria-current={language.code === selected.code ? "page" : undefined}
                >
                  <span lang={language.code} dir={language.dir}>
                    {language.label}
                  </span>
                  <span className={`version-chip__status version-chip__status--${state}`}>{text}</span>
                  {pending.includes(language.code) && (
                    <span className="version-chip__status">{t("admin.version.pending_chip")}</span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {missing.length > 0 && (
        <Form method="get" preventScrollReset state={KEEP_FOCUS} className="version-tabs__add">
          <label htmlFor="add-translation">{t("admin.editor.add_translation")}</label>
          <select id="add-translation" name="language" required defaultValue={shown[0]?.code ?? ""}>
            {shown.length === 0 && (
              <option value="" disabled>
                {t("admin.common.choose_language")}
              </option>
            )}
            {shown.length > 0 && <optgroup label={t("admin.editor.shown_languages")}>{shown.map(option)}</optgroup>}
            {hidden.length > 0 && <optgroup label={t("admin.editor.hidden_languages")}>{hidden.map(option)}</optgroup>}
          </select>
          <button type="submit" className="button button--small button--secondary">
            {t("admin.editor.add_translation")}
          </button>
        </Form>
      )}
    </div>
  );
}
