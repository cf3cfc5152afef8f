/**
 * Exchange files on the translations screen (decisions 0071, 0073): download a
 * language's UI strings (XLIFF 2.0 or PO) and/or article translations (XLIFF);
 * upload one, see what it would change, then apply it (one transaction on the
 * server, audited). `languages` are those the person may translate (0072). The choices and the file are
 * react-hook-form's (decision 0185).
 */
import { useTypedBeforeHydration } from "#app/lib/typed-before-hydration.ts";
import { useId, useState } from "react";
import { useController, useForm, useWatch, type Control } from "react-hook-form";
import type {
  ExchangeContents,
  ExchangeFormat,
  ImportReport,
  TranslationLanguage,
} from "#core/admin/translations/schema.ts";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { TRANSLATIONS_API } from "#app/components/admin/translations/keys.ts";
import { api, ApiError } from "#app/lib/api-client.ts";
import "#app/styles/admin-exchange.css";
import { useAdminText } from "#app/lib/admin-text.ts";

interface ExchangePanelProps {
  languages: TranslationLanguage[];
  onImported: (message: string) => void;
}

/** A refused import answers 422 with the whole report next to the error. */
function refusedReport(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return (error.body as unknown as { report?: ImportReport } | null)?.report ?? null;
}

/** What the panel's fields hold: the download's language, format and contents, and the file to import. */
interface ExchangeChoices {
  language: string;
  format: ExchangeFormat;
  what: ExchangeContents;
  file: { name: string; content: string } | null;
  skipUnknown: boolean;
}

export function ExchangePanel({ languages, onImported }: ExchangePanelProps) {
  const id = useId();
  const targets = [...languages].sort(
    (a, b) => Number(a.favorite) - Number(b.favorite) || Number(b.enabled) - Number(a.enabled),
  );
  const { control, getValues, setValue } = useForm<ExchangeChoices>({
    defaultValues: {
      language: targets[0]?.code ?? "",
      format: "xliff",
      what: "strings",
      file: null,
      skipUnknown: false,
    },
  });
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useAdminText();

  async function send(dryRun: boolean) {
    const { file, skipUnknown } = getValues();
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const { report: answered } = await api.post<{ report: ImportReport }>(`${TRANSLATIONS_API}/import`, {
        content: file.content,
        dryRun,
        skipUnknown,
      });
      if (dryRun) return setReport(answered);
      setReport(null);
      setValue("file", null);
      onImported(
        answered.applied
          ? t("admin.exchange.imported", { count: answered.changes.length, language: answered.language })
          : t("admin.exchange.nothing", { language: answered.language }),
      );
    } catch (failure) {
      const refused = refusedReport(failure);
      setReport(refused);
      setError(
        refused?.refusal
          ? t("admin.refusal.import_refused", { detail: refused.refusal })
          : failureMessage(
              failure,
              t(dryRun ? "admin.translations.read_failed" : "admin.translations.import_failed"),
              t,
            ),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("admin.exchange.title")}</h2>
      <p>{t("admin.exchange.intro")}</p>
      <ExchangeDownload id={id} control={control} targets={targets} />
      <ExchangeUpload
        id={id}
        control={control}
        busy={busy}
        onChosen={() => {
          setReport(null);
          setError(null);
        }}
        onPreview={() => void send(true)}
      />
      <ErrorAlert message={error} />
      {report && (
        <ImportReportView
          id={id}
          report={report}
          control={control}
          languages={languages}
          busy={busy}
          onApply={() => void send(false)}
        />
      )}
    </section>
  );
}

/** A language's strings and/or articles as a file: the link follows the choices. */
function ExchangeDownload({
  id,
  control,
  targets,
}: {
  id: string;
  control: Control<ExchangeChoices>;
  targets: TranslationLanguage[];
}) {
  const { t } = useAdminText();
  const { field: language } = useController({ control, name: "language" });
  const { field: format } = useController({ control, name: "format" });
  const { field: what } = useController({ control, name: "what" });
  useTypedBeforeHydration({
    [`${id}-language`]: language.onChange,
    [`${id}-format`]: format.onChange,
    [`${id}-what`]: what.onChange,
  });
  // Articles travel as XLIFF only.
  const contents = format.value === "po" ? "strings" : what.value;
  return (
    <div className="exchange-download">
      <div className="admin-field">
        <label htmlFor={`${id}-language`}>{t("admin.exchange.language")}</label>
        <select
          id={`${id}-language`}
          value={language.value}
          onChange={(event) => language.onChange(event.target.value)}
        >
          {targets.map((candidate) => (
            <option key={candidate.code} value={candidate.code}>
              {candidate.label} ({candidate.code}){candidate.enabled ? "" : ` — ${t("admin.exchange.hidden")}`}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-format`}>{t("admin.exchange.format")}</label>
        <select id={`${id}-format`} value={format.value} onChange={(event) => format.onChange(event.target.value)}>
          <option value="xliff">XLIFF 2.0 (.xlf)</option>
          <option value="po">gettext PO (.po)</option>
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-what`}>{t("admin.exchange.content")}</label>
        <select
          id={`${id}-what`}
          value={contents}
          disabled={format.value === "po"}
          aria-describedby={format.value === "po" ? `${id}-what-help` : undefined}
          onChange={(event) => what.onChange(event.target.value)}
        >
          <option value="strings">{t("admin.exchange.what_strings")}</option>
          <option value="articles">{t("admin.exchange.what_articles")}</option>
          <option value="tags">{t("admin.exchange.what_tags")}</option>
          <option value="jobs">{t("admin.exchange.what_jobs")}</option>
          <option value="all">{t("admin.exchange.what_all")}</option>
        </select>
        {format.value === "po" && (
          <p id={`${id}-what-help`} className="admin-field__hint">
            {t("admin.exchange.po_strings_only")}
          </p>
        )}
      </div>
      <a
        className="button"
        href={`${TRANSLATIONS_API}/export?lang=${encodeURIComponent(language.value)}&format=${format.value}&what=${contents}`}
        download
      >
        {t("admin.exchange.download")}
      </a>
    </div>
  );
}

/** The file to import and whether unknown keys are skipped; Preview changes reads it without writing anything. */
function ExchangeUpload({
  id,
  control,
  busy,
  onChosen,
  onPreview,
}: {
  id: string;
  control: Control<ExchangeChoices>;
  busy: boolean;
  onChosen: () => void;
  onPreview: () => void;
}) {
  const { t } = useAdminText();
  const { field: file } = useController({ control, name: "file" });
  const { field: skipUnknown } = useController({ control, name: "skipUnknown" });
  return (
    <form
      className="exchange-upload"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onPreview();
      }}
      aria-busy={busy}
    >
      <div className="admin-field">
        <label htmlFor={`${id}-file`}>{t("admin.exchange.file")}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".xlf,.xliff,.po,application/xliff+xml,text/x-gettext-translation"
          onChange={async (event) => {
            const chosen = event.target.files?.[0];
            onChosen();
            file.onChange(chosen ? { name: chosen.name, content: await chosen.text() } : null);
          }}
        />
      </div>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={skipUnknown.value}
          onChange={(event) => skipUnknown.onChange(event.target.checked)}
        />
        {t("admin.exchange.skip_unknown")}
      </label>
      <button type="submit" className="button button--secondary" disabled={!file.value || busy}>
        {t("admin.exchange.preview")}
      </button>
    </form>
  );
}

interface ImportReportViewProps {
  id: string;
  report: ImportReport;
  control: Control<ExchangeChoices>;
  languages: TranslationLanguage[];
  busy: boolean;
  onApply: () => void;
}

/** What the file would change (or why it is refused), and the button that applies it. */
function ImportReportView({ id, report, control, languages, busy, onApply }: ImportReportViewProps) {
  const { t, lang, dir } = useAdminText();
  const file = useWatch({ control, name: "file" });
  const target = languages.find((candidate) => candidate.code === report.language);
  return (
    <div className="exchange-report">
      <p role="status">
        {t("admin.exchange.report", {
          // Clauses joined the language's way ("a, b, c"; "a, b et c").
          report: new Intl.ListFormat(lang, { type: "unit", style: "short" }).format(
            [
              t("admin.exchange.report_summary", {
                file: file?.name ?? "",
                language: report.language,
                format: report.format === "xliff" ? "XLIFF" : "PO",
                changes: report.changes.length,
                unchanged: report.unchanged,
                untranslated: report.untranslated,
              }),
              report.unknown.length > 0 &&
                t(report.refusal === null ? "admin.exchange.report_unknown_skipped" : "admin.exchange.report_unknown", {
                  count: report.unknown.length,
                  keys: report.unknown.join(", "),
                }),
              report.fuzzy.length > 0 &&
                t("admin.exchange.report_fuzzy", { count: report.fuzzy.length, keys: report.fuzzy.join(", ") }),
            ].filter((part) => part !== false),
          ),
        })}
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
            <caption id={`${id}-changes`}>{t("admin.exchange.changes_caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.translations.key")}</th>
                <th scope="col">{t("admin.exchange.now")}</th>
                <th scope="col">{t("admin.exchange.after")}</th>
              </tr>
            </thead>
            <tbody>
              {report.changes.map((change) => (
                <tr key={change.key}>
                  <th scope="row">
                    <code>{change.key}</code>
                  </th>
                  <td lang={target?.code} dir={target?.dir}>
                    {change.before ?? (
                      <em lang={lang} dir={dir}>
                        {t("admin.translations.missing")}
                      </em>
                    )}
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
        <button type="button" className="button" disabled={busy} onClick={onApply}>
          {t("admin.exchange.apply", { count: report.changes.length })}
        </button>
      )}
    </div>
  );
}
