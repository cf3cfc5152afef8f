import { useId, useRef, useState, type FormEvent } from "react";
import { userMessageFor } from "#app/lib/api-client.ts";
import { importRomeFile, percentSent, type ImportSummary } from "./chunked-upload.ts";

type ImportState =
  | { phase: "idle" }
  | { phase: "uploading"; filename: string; percent: number }
  | { phase: "done"; filename: string; summary: ImportSummary }
  | { phase: "failed"; filename: string | null; message: string };

const GENERIC_FAILURE = "The import could not be completed (network or server problem). Nothing was changed; try again.";

/** Upload of the official ROME file in 64 KiB chunks, with progress and the summary of what changed. */
export function ImportPanel({ onImported }: { onImported: () => void }) {
  const [state, setState] = useState<ImportState>({ phase: "idle" });
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = state.phase === "uploading";

  async function startImport(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setState({ phase: "failed", filename: null, message: "Choose a ROME file (XML or CSV) first." });
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
      setState({ phase: "failed", filename: file.name, message: userMessageFor(error) ?? GENERIC_FAILURE });
    }
  }

  // No bar beside a failure: a file sent in full and then refused is not "100%" of anything.
  const percent = state.phase === "uploading" ? state.percent : state.phase === "done" ? 100 : null;
  return (
    <section className="romes-card romes-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import</h2>
      <p className="romes-hint" id={`${id}-hint`}>
        The official ROME XML (<code>unix_referentiel_code_rome_…_utf8.xml</code>) or a CSV with the columns <code>code_ogr,code_rome,libelle</code>, at most
        5 MiB. New codes are added and changed French labels updated, all at once; nothing is deleted.
      </p>
      <form className="romes-import__form" onSubmit={startImport}>
        <div className="romes-field">
          <label htmlFor={`${id}-file`}>ROME file</label>
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
          Import
        </button>
      </form>

      {percent !== null && (
        <div className="romes-progress">
          <label htmlFor={`${id}-progress`}>Upload progress</label>
          <progress id={`${id}-progress`} max={100} value={percent}>
            {percent}%
          </progress>
          <span className="romes-progress__value">{percent}%</span>
        </div>
      )}
      <p className="romes-status" aria-live="polite">
        {state.phase === "uploading" && (state.percent < 100 ? `Uploading ${state.filename}: ${state.percent}%` : `Checking and applying ${state.filename}…`)}
        {state.phase === "done" &&
          `Imported ${state.filename}: ${state.summary.added} added, ${state.summary.updated} updated, ${state.summary.unchanged} unchanged, ${state.summary.rejected.length} rejected.`}
      </p>
      {state.phase === "failed" && (
        <p role="alert" className="romes-alert">
          {state.filename === null ? state.message : `${state.filename} was not imported: ${state.message}`}
        </p>
      )}
      {state.phase === "done" && <ImportSummaryView summary={state.summary} />}
    </section>
  );
}

function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const id = useId();
  const counts = [
    ["Added", summary.added],
    ["Updated", summary.updated],
    ["Unchanged", summary.unchanged],
    ["Rejected", summary.rejected.length],
  ] as const;
  return (
    <section className="romes-summary" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        Result of <span className="romes-filename">{summary.filename}</span> ({summary.format.toUpperCase()})
      </h3>
      <dl className="romes-summary__counts">
        {counts.map(([term, count]) => (
          <div key={term} className={`romes-count romes-count--${term.toLowerCase()}`}>
            <dt>{term}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      {summary.rejected.length > 0 && (
        <div className="romes-table-wrap">
          <table className="romes-table romes-table--compact">
            <caption>Rejected rows (not imported)</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Code</th>
                <th scope="col">Reason</th>
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
