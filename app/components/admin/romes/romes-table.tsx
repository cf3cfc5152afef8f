import { TableHead } from "#app/components/admin/table-region.tsx";
import { Link } from "react-router";
import { useAdminText } from "#app/lib/admin-text.ts";
import type { LabelLanguage, RomeListRow } from "#core/admin/romes/schema.ts";

/** The codes of one page: code, official French label, labels in other languages, last change. */
export function RomesTable({
  rows,
  languages,
  editingCode,
  editHref,
  caption,
}: {
  rows: RomeListRow[];
  languages: LabelLanguage[];
  editingCode: string | null;
  editHref: (code: string) => string;
  caption: string;
}) {
  const { t } = useAdminText();
  const languageByCode = new Map(languages.map((language) => [language.code, language]));
  return (
    <div className="romes-table-wrap">
      <table className="romes-table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead
          columns={[
            t("admin.romes.col_code"),
            t("admin.romes.col_official"),
            t("admin.romes.col_other"),
            t("admin.romes.col_updated"),
          ]}
          actions
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.code} aria-current={row.code === editingCode ? "true" : undefined}>
              <th scope="row">
                <span className="code">{row.code}</span>
              </th>
              <td lang="fr">{row.label}</td>
              <td>
                {row.labels.length === 0 ? (
                  <span className="romes-none">{t("admin.romes.none")}</span>
                ) : (
                  <ul className="romes-labels">
                    {row.labels.map((label) => {
                      const language = languageByCode.get(label.languageCode);
                      return (
                        <li key={label.languageCode}>
                          <abbr className="romes-lang-tag" title={language?.label ?? label.languageCode}>
                            {(language?.shortCode ?? label.languageCode).toUpperCase()}
                          </abbr>{" "}
                          <span lang={label.languageCode} dir={language?.dir ?? "auto"}>
                            {label.label}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </td>
              <td>
                <time dateTime={row.updatedAt} title={row.updatedAt}>
                  {row.updatedAt.slice(0, 10)}
                </time>
              </td>
              <td>
                <Link to={editHref(row.code)} preventScrollReset className="romes-link-button">
                  {t("admin.romes.edit_labels")}
                  <span className="visually-hidden"> {t("admin.romes.of_code", { code: row.code })}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
