import { useId, useRef, useState, type FormEvent } from "react";
import { refusalMessage, refusalOf } from "#app/components/admin/feedback.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";
import { importRomeFile, percentSent, type ImportSummary } from "./chunked-upload.ts";

type ImportState =
  | { phase: "idle" }
  | { phase: "uploading"; filename: string; percent: number }
  | { phase: "done"; filename: string; summary: ImportSummary }
  | { phase: "failed"; filename: string | null; message: string };

/** Upload of the official ROME file in 64 KiB chunks, with progress and the summary of what changed. */
export function ImportPanel({ onImported }: { onImported: () => void }) {
  const [state, setState] = useState<ImportState>({ phase: "idle" });
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = state.phase === "uploading";
  const { t } = useAdminText();

  async function startImport(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setState({ phase: "failed", filename: null, message: t("admin.romes.choose_file") });
      fileInput.current?.focus();
      return;
    }
    setState({ phase: "uploading", filename: file.name, percent: 0 });
    try {
      const summary = await importRomeFile(file, (sent, size) => {
        setState({ phase: "uploading", filename: file.name, percent: percentSent(sent, size) });
      });
      setState({ phase: "done", filename: file.name, summary });
      onImported();
    } catch (error) {
      const refusal = refusalOf(error);
      setState({
        phase: "failed",
        filename: file.name,
        message: refusal ? refusalMessage(refusal, t) : t("admin.romes.import_failed"),
      });
    }
  }

  // No bar beside a failure: a file sent in full and then refused is not "100%" of anything.
  const percent = state.phase === "uploading" ? state.percent : state.phase === "done" ? 100 : null;
  return (
    <section className="romes-card romes-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("admin.romes.import")}</h2>
      <p className="romes-hint" id={`${id}-hint`}>
        {t("admin.romes.import_hint", {
          xml: "unix_referentiel_code_rome_…_utf8.xml",
          columns: "code_ogr,code_rome,libelle",
        })}
      </p>
      <form className="romes-import__form" onSubmit={startImport}>
        <div className="romes-field">
          <label htmlFor={`${id}-file`}>{t("admin.romes.file")}</label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            name="file"
            accept=".xml,.csv,application/xml,text/xml,text/csv"
            aria-describedby={`${id}-hint`}
            disabled={busy}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t("admin.romes.import")}
        </button>
      </form>

      {percent !== null && (
        <div className="romes-progress">
          <label htmlFor={`${id}-progress`}>{t("admin.romes.progress")}</label>
          <progress id={`${id}-progress`} max={100} value={percent}>
            {percent}%
          </progress>
          <span className="romes-progress__value">{percent}%</span>
        </div>
      )}
      <p className="romes-status" aria-live="polite">
        {state.phase === "uploading" &&
          (state.percent < 100
            ? t("admin.romes.uploading", { file: state.filename, percent: state.percent })
            : t("admin.romes.applying", { file: state.filename }))}
        {state.phase === "done" &&
          t("admin.romes.imported", {
            file: state.filename,
            added: state.summary.added,
            updated: state.summary.updated,
            unchanged: state.summary.unchanged,
            rejected: state.summary.rejected.length,
          })}
      </p>
      {state.phase === "failed" && (
        <p role="alert" className="romes-alert">
          {state.filename === null
            ? state.message
            : t("admin.romes.not_imported", { file: state.filename, reason: state.message })}
        </p>
      )}
      {state.phase === "done" && <ImportSummaryView summary={state.summary} />}
    </section>
  );
}

function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const id = useId();
  const { t } = useAdminText();
  const counts = [
    ["added", summary.added],
    ["updated", summary.updated],
    ["unchanged", summary.unchanged],
    ["rejected", summary.rejected.length],
  ] as const;
  return (
    <section className="romes-summary" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {t("admin.romes.result_of", { file: summary.filename, format: summary.format.toUpperCase() })}
      </h3>
      <dl className="romes-summary__counts">
        {counts.map(([term, count]) => (
          <div key={term} className={`romes-count romes-count--${term}`}>
            <dt>{t(`admin.romes.${term}`)}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      {summary.rejected.length > 0 && (
        <div className="romes-table-wrap">
          <table className="romes-table romes-table--compact">
            <caption>{t("admin.romes.rejected_caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.romes.col_line")}</th>
                <th scope="col">{t("admin.romes.col_code")}</th>
                <th scope="col">{t("admin.romes.col_reason")}</th>
              </tr>
            </thead>
            <tbody>
              {summary.rejected.map((row) => (
                <tr key={`${row.line}-${row.code ?? ""}`}>
                  <td>{row.line}</td>
                  <td>{row.code === null ? "—" : <span className="code">{row.code}</span>}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
