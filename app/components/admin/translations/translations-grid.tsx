/**
 * The key × language grid: missing cells are highlighted and named "missing";
 * a cell opens its inline editor; HOME is read-only here, and so is every
 * language the signed-in person may not translate (decision 0072).
 */
import { Fragment } from "react";
import type { Completeness, TranslationLanguage, TranslationRow } from "#core/admin/translations/schema.ts";
import { CellEditor } from "#app/components/admin/translations/cell-editor.tsx";
import type { MessageSource } from "#app/components/admin/translations/plural-editor.tsx";
import { cellId, kindOf } from "#app/components/admin/translations/keys.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

/** The key's text in the favorite language, the reference of every other language's (null for the favorite itself, or when not shown). */
function messageSource(
  row: TranslationRow,
  columns: readonly TranslationLanguage[],
  language: TranslationLanguage,
): MessageSource | null {
  const favorite = columns.find((column) => column.favorite);
  const text = favorite && favorite.code !== language.code ? row.labels[favorite.code]?.label : undefined;
  return favorite && text !== undefined ? { text, language: favorite } : null;
}

/** A key with line-break opportunities after ":", "_" and "." only, so a narrow column never splits a word of it. */
function KeyWithBreaks({ translationKey }: { translationKey: string }) {
  const parts = translationKey.split(/(?<=[:_.])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

interface TranslationsGridProps {
  /** The id of the grid's scrolling region (the pager focuses it). */
  id: string;
  columns: TranslationLanguage[];
  rows: TranslationRow[];
  completeness: Record<string, Completeness>;
  /** The cell whose editor is open, by cellId. */
  editing: string | null;
  onEdit: (id: string) => void;
  onEditorClose: (id: string, saved: string | null) => void;
  /** Registers a cell's button, so focus can return to it when its editor closes. */
  registerCell: (id: string) => (element: HTMLButtonElement | null) => void;
  /** Whether the signed-in person may edit this language's cells. */
  mayEdit: (code: string) => boolean;
}

export function TranslationsGrid({
  id: gridId,
  columns,
  rows,
  completeness,
  editing,
  onEdit,
  onEditorClose,
  registerCell,
  mayEdit,
}: TranslationsGridProps) {
  const { t, lang, dir } = useAdminText();
  return (
    <div id={gridId} className="translations-grid" role="region" aria-labelledby="grid-caption" tabIndex={0}>
      <table>
        <caption id="grid-caption" className="visually-hidden">
          {t("admin.translations.grid_caption")}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="translations-grid__key">
              {t("admin.translations.key")}
            </th>
            {columns.map((language) => (
              <th scope="col" key={language.code} className={language.enabled ? undefined : "translations-grid__off"}>
                <span lang={language.code} dir={language.dir}>
                  {language.label}
                </span>{" "}
                <code>{language.code}</code>
                <span className="translations-grid__percent">
                  {t("admin.translations.percent", { percent: completeness[language.code]!.percent / 100 })}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const kind = kindOf(row.key);
            return (
              <tr key={row.key} className={kind === "text" ? undefined : "translations-grid__section"}>
                <th scope="row" className="translations-grid__key">
                  <code>
                    <KeyWithBreaks translationKey={row.key} />
                  </code>
                  {kind === "section" && (
                    <span className="translations-grid__note">{t("admin.translations.page_address")}</span>
                  )}
                  {kind === "home" && (
                    <span className="translations-grid__note">{t("admin.translations.home_read_only")}</span>
                  )}
                </th>
                {columns.map((language) => {
                  const cell = row.labels[language.code] ?? null;
                  const id = cellId(row.key, language.code);
                  const missing = cell === null;
                  return (
                    <td
                      key={language.code}
                      lang={language.code}
                      dir={language.dir}
                      className={missing ? "cell cell--missing" : "cell"}
                    >
                      {editing === id ? (
                        <CellEditor
                          row={row}
                          language={language}
                          cell={cell}
                          source={messageSource(row, columns, language)}
                          onClose={(saved) => onEditorClose(id, saved)}
                        />
                      ) : kind === "home" || !mayEdit(language.code) ? (
                        <span className="cell__text">{cell?.label}</span>
                      ) : (
                        <button
                          type="button"
                          className="cell__button"
                          ref={registerCell(id)}
                          onClick={() => onEdit(id)}
                        >
                          {missing ? (
                            <span className="cell__missing" lang={lang} dir={dir}>
                              {t("admin.translations.missing")}
                            </span>
                          ) : (
                            <span className="cell__text">
                              {cell.label}
                              {cell.search && (
                                <span className="cell__search">
                                  {t("admin.translations.also", { search: cell.search })}
                                </span>
                              )}
                            </span>
                          )}
                          <span className="visually-hidden" lang={lang} dir={dir}>
                            {` — ${t("admin.translations.edit_cell", { code: language.code, key: row.key })}`}
                          </span>
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && <p className="translations-grid__empty">{t("admin.translations.no_match")}</p>}
    </div>
  );
}
