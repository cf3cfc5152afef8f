/** A glossary's CSV: the approved terms to download, a file to import (previewed first if asked), its report. */
import { useId, useState, type FormEvent } from "react";
import type { GlossaryImportReport } from "#core/admin/glossary/schema.ts";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { GLOSSARY_API } from "./term-form.tsx";

export function CsvPanel({
  from,
  to,
  manages,
  onImported,
}: {
  from: string;
  to: string;
  manages: boolean;
  onImported: () => void;
}) {
  const { t } = useAdminText();
  const id = useId();
  const [report, setReport] = useState<GlossaryImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function importFile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) return;
    setBusy(true);
    setError(null);
    setReport(null);
    try {
      const content = await file.text();
      setReport(
        await api.post<GlossaryImportReport>(`${GLOSSARY_API}/import`, {
          from,
          to,
          content,
          dryRun: data.get("dryRun") === "on",
        }),
      );
      onImported();
    } catch (failure) {
      setError(failureMessage(failure, t("admin.glossary.import_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="glossary-csv" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("admin.glossary.exchange_title")}</h2>
      <p>
        <a href={`${GLOSSARY_API}/export?${new URLSearchParams({ from, to })}`} download>
          {t("admin.glossary.export_link")}
        </a>
      </p>
      {manages && (
        <form className="admin-form" onSubmit={(event) => void importFile(event)} aria-busy={busy}>
          <div className="admin-field">
            <label htmlFor={`${id}-file`}>{t("admin.glossary.import_file")}</label>
            <input id={`${id}-file`} name="file" type="file" accept=".csv,text/csv" aria-describedby={`${id}-hint`} />
            <p id={`${id}-hint`} className="admin-field__hint">
              {t("admin.glossary.import_hint")}
            </p>
          </div>
          <label className="admin-check">
            <input type="checkbox" name="dryRun" defaultChecked /> <span>{t("admin.glossary.dry_run")}</span>
          </label>
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={busy}>
              {t("admin.glossary.import_button")}
            </button>
          </div>
        </form>
      )}
      <ErrorAlert message={error} />
      <p role="status">
        {report &&
          `${t("admin.glossary.import_report", { added: report.added, changed: report.changed, unchanged: report.unchanged })}${report.dryRun ? ` (${t("admin.glossary.dry_run")})` : ""}`}
      </p>
    </section>
  );
}
