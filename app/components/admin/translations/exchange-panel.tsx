/**
 * Exchange files on the translations screen (decision 0071): download a
 * language's UI strings as XLIFF 2.0 or PO; upload one, see what it would
 * change, then apply it (one transaction on the server, audited).
 */
import { useId, useState, type FormEvent } from "react";
import type { ExchangeFormat, ImportReport, TranslationLanguage } from "#core/admin/translations/schema.ts";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { api, ApiError } from "#app/lib/api-client.ts";
import "#app/styles/admin-exchange.css";

const API = "/api/admin/translations";

interface ExchangePanelProps {
  languages: TranslationLanguage[];
  onImported: (message: string) => void;
}

/** A refused import answers 422 with the whole report next to the error. */
function refusedReport(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return (error.body as unknown as { report?: ImportReport } | null)?.report ?? null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function ExchangePanel({ languages, onImported }: ExchangePanelProps) {
  const id = useId();
  const targets = [...languages].sort((a, b) => Number(a.favorite) - Number(b.favorite) || Number(b.enabled) - Number(a.enabled));
  const [language, setLanguage] = useState(targets[0]?.code ?? "");
  const [format, setFormat] = useState<ExchangeFormat>("xliff");
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [skipUnknown, setSkipUnknown] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const { report: answered } = await api.post<{ report: ImportReport }>(`${API}/import`, { content: file.content, dryRun, skipUnknown });
      if (dryRun) return setReport(answered);
      setReport(null);
      setFile(null);
      onImported(answered.applied ? `Imported ${plural(answered.changes.length, "change", "changes")} into ${answered.language}.` : `Nothing to change in ${answered.language}.`);
    } catch (failure) {
      const refused = refusedReport(failure);
      setReport(refused);
      setError(refused ? refused.refusal : failureMessage(failure, dryRun ? "read the file" : "import the file"));
    } finally {
      setBusy(false);
    }
  }

  function preview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(true);
  }

  const target = languages.find((candidate) => candidate.code === report?.language);

  return (
    <section className="admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Exchange files (XLIFF, PO)</h2>
      <p>Send a language's texts to a translator or an agency, with the source text (the favorite language's) beside each one, and load their file back.</p>
      <div className="exchange-download">
        <div className="admin-field">
          <label htmlFor={`${id}-language`}>Language</label>
          <select id={`${id}-language`} value={language} onChange={(event) => setLanguage(event.target.value)}>
            {targets.map((candidate) => (
              <option key={candidate.code} value={candidate.code}>
                {candidate.label} ({candidate.code}){candidate.enabled ? "" : " — hidden on the site"}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-format`}>Format</label>
          <select id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value as ExchangeFormat)}>
            <option value="xliff">XLIFF 2.0 (.xlf)</option>
            <option value="po">gettext PO (.po)</option>
          </select>
        </div>
        <a className="button" href={`${API}/export?lang=${encodeURIComponent(language)}&format=${format}`} download>
          Download
        </a>
      </div>

      <form className="exchange-upload" noValidate onSubmit={preview} aria-busy={busy}>
        <div className="admin-field">
          <label htmlFor={`${id}-file`}>Translated file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".xlf,.xliff,.po,application/xliff+xml,text/x-gettext-translation"
            onChange={async (event) => {
              const chosen = event.target.files?.[0];
              setReport(null);
              setError(null);
              setFile(chosen ? { name: chosen.name, content: await chosen.text() } : null);
            }}
          />
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={skipUnknown} onChange={(event) => setSkipUnknown(event.target.checked)} />
          Skip keys this site does not have
        </label>
        <button type="submit" className="button button--secondary" disabled={!file || busy}>
          Preview changes
        </button>
      </form>

      <ErrorAlert message={error} />
      {report && (
        <div className="exchange-report">
          <p role="status">
            {file?.name}: {report.language} ({report.format === "xliff" ? "XLIFF" : "PO"}) — {plural(report.changes.length, "change", "changes")}, {report.unchanged} unchanged,{" "}
            {report.untranslated} untranslated
            {report.unknown.length > 0 && `, ${plural(report.unknown.length, "unknown key", "unknown keys")}${report.refusal === null ? " (skipped)" : ""}: ${report.unknown.join(", ")}`}
            {report.fuzzy.length > 0 && `, ${plural(report.fuzzy.length, "fuzzy draft", "fuzzy drafts")} not applied: ${report.fuzzy.join(", ")}`}.
          </p>
          {report.problems.length > 0 && (
            <ul className="exchange-report__problems">
              {report.problems.map((problem) => (
                <li key={problem.key}>
                  <code>{problem.key}</code>: {problem.message}
                </li>
              ))}
            </ul>
          )}
          {report.changes.length > 0 && (
            <div className="admin-table-wrap" role="region" aria-labelledby={`${id}-changes`} tabIndex={0}>
              <table className="exchange-table">
                <caption id={`${id}-changes`}>What the file changes</caption>
                <thead>
                  <tr>
                    <th scope="col">Key</th>
                    <th scope="col">Now</th>
                    <th scope="col">After the import</th>
                  </tr>
                </thead>
                <tbody>
                  {report.changes.map((change) => (
                    <tr key={change.key}>
                      <th scope="row">
                        <code>{change.key}</code>
                      </th>
                      <td lang={target?.code} dir={target?.dir}>
                        {change.before ?? <em lang="en" dir="ltr">missing</em>}
                      </td>
                      <td lang={target?.code} dir={target?.dir}>
                        {change.after}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {report.refusal === null && report.changes.length > 0 && (
            <button type="button" className="button" disabled={busy} onClick={() => void send(false)}>
              Apply {plural(report.changes.length, "change", "changes")}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
