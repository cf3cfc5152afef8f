/**
 * A saved version's history: its revisions (who, when, what made them), a
 * readable diff between any two, and restore — a new revision with the old
 * words; the version's status stays as it is.
 */
import { useId, useState } from "react";
import type { AdminArticleVersion } from "#core/admin/articles/schema.ts";
import type { RevisionComparison, RevisionSummary } from "#core/admin/publishing/schema.ts";
import type { FieldDiff, RevisionField } from "#core/revisions.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { DiffText } from "./diff-text.tsx";
import type { EditorLanguage } from "./editor-shared.ts";
import { localMoment, useVersionData, versionApi } from "./version-requests.ts";
import "#app/styles/admin-publishing.css";
import { useAdminText } from "#app/lib/admin-text.ts";

interface Props {
  articleId: number;
  language: EditorLanguage;
  version: AdminArticleVersion;
  onRestored: (message: string) => void;
}

const FIELD_LABELS: Record<RevisionField, string> = { title: "Title", slug: "Address (slug)", summary: "Summary", coverAlt: "Cover description", status: "Status", body: "Body" };

const ACTION_LABELS: Record<string, string> = {
  save: "Saved",
  import: "Imported",
  restore: "Restored",
  publish: "Published",
  unpublish: "Unpublished",
  "scheduled-publish": "Published as scheduled",
  "scheduled-unpublish": "Unpublished as scheduled",
};

function revisionLabel(revision: RevisionSummary): string {
  const action = ACTION_LABELS[revision.action] ?? revision.action;
  const restored = revision.restoredFrom === null ? "" : ` from #${revision.restoredFrom}`;
  // The number tells apart revisions saved within the same minute.
  return `#${revision.id} · ${localMoment(revision.createdAt)} · ${action}${restored}`;
}

function FieldChanges({ diff, language }: { diff: FieldDiff; language: EditorLanguage }) {
  // Words in the version's language; the slug and status are not prose.
  const textAttributes = diff.field === "slug" || diff.field === "status" ? { dir: "ltr" as const } : { lang: language.code, dir: language.dir };
  return (
    <div className="history__field">
      <h4>{FIELD_LABELS[diff.field]}</h4>
      {/* The body's changes scroll: a focusable region, so keyboard users can scroll it too. */}
      <div
        className={diff.field === "body" ? "history__diff history__diff--body" : "history__diff"}
        {...textAttributes}
        {...(diff.field === "body" && { role: "region", "aria-label": "Changes to the body", tabIndex: 0 })}
      >
        <DiffText parts={diff.parts} />
      </div>
    </div>
  );
}

function Comparison({ base, revisions, language }: { base: string; revisions: RevisionSummary[]; language: EditorLanguage }) {
  const fromId = useId();
  const toId = useId();
  const [from, setFrom] = useState(revisions[1]!.id);
  const [to, setTo] = useState(revisions[0]!.id);
  const { data, error } = useVersionData<{ comparison: RevisionComparison }>(`${base}/revisions/compare?from=${from}&to=${to}`, "", "the comparison");
  const fields = data?.comparison.fields ?? [];
  const changed = fields.filter((field) => field.changed);
  const unchanged = fields.filter((field) => !field.changed);
  const options = revisions.map((revision) => (
    <option key={revision.id} value={revision.id}>
      {revisionLabel(revision)}
    </option>
  ));
  return (
    <div className="history__compare">
      <h3>Compare two revisions</h3>
      <div className="history__pickers">
        <label htmlFor={fromId}>Older</label>
        <select id={fromId} value={from} onChange={(event) => setFrom(Number(event.target.value))}>
          {options}
        </select>
        <label htmlFor={toId}>Newer</label>
        <select id={toId} value={to} onChange={(event) => setTo(Number(event.target.value))}>
          {options}
        </select>
      </div>
      <ErrorAlert message={error} />
      <div aria-live="polite">
        {data && (from === to || changed.length === 0 ? <p>These two revisions have the same content.</p> : changed.map((diff) => <FieldChanges key={diff.field} diff={diff} language={language} />))}
        {data && changed.length > 0 && unchanged.length > 0 && <p className="admin-field__hint">Unchanged: {unchanged.map((field) => FIELD_LABELS[field.field]).join(", ")}.</p>}
      </div>
    </div>
  );
}

export function VersionHistory({ articleId, language, version, onRestored }: Props) {
  const { t } = useAdminText();
  const base = versionApi(articleId, language.code);
  const { data, error: loadError } = useVersionData<{ revisions: RevisionSummary[] }>(`${base}/revisions`, version.updatedAt, "the history");
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revisions = data?.revisions ?? null;

  async function restore(revision: RevisionSummary) {
    setBusy(true);
    try {
      await api.post(`${base}/revisions/${revision.id}/restore`, {});
      setError(null);
      setRestoring(null);
      onRestored(`${language.label} version restored from ${localMoment(revision.createdAt)}.`);
    } catch (failure) {
      setRestoring(null);
      setError(failureMessage(failure, t("admin.editor.restore_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel history" aria-labelledby="history-title">
      <h2 id="history-title">
        History of the <span lang={language.code} dir={language.dir}>{language.label}</span> version
      </h2>
      <ErrorAlert message={error ?? loadError} />
      {revisions === null ? (
        <p>Loading…</p>
      ) : (
        <>
          <ol className="history__list">
            {revisions.map((revision, index) => (
              <li key={revision.id} className="history__item">
                <div>
                  <span className="history__number">#{revision.id}</span>
                  <time dateTime={revision.createdAt}>{localMoment(revision.createdAt)}</time>
                  <span className="history__action">{ACTION_LABELS[revision.action] ?? revision.action}</span>
                  {revision.restoredFrom !== null && <span> from #{revision.restoredFrom}</span>}
                  <span className="history__by"> by {revision.by ?? revision.uid ?? "the system"}</span>
                  <span className="history__title" lang={language.code} dir={language.dir}>
                    {revision.title}
                  </span>
                </div>
                {index === 0 ? (
                  <span className="history__current">Current</span>
                ) : (
                  <button type="button" className="button button--small button--secondary" disabled={busy} onClick={() => setRestoring(revision)}>
                    Restore<span className="visually-hidden"> revision #{revision.id} of {localMoment(revision.createdAt)}</span>
                  </button>
                )}
              </li>
            ))}
          </ol>
          {revisions.length > 1 && <Comparison key={revisions[0]!.id} base={base} revisions={revisions} language={language} />}
        </>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore the ${language.label} version from revision #${restoring?.id ?? ""}?`}
        confirmLabel="Restore"
        busy={busy}
        onConfirm={() => restoring && void restore(restoring)}
        onCancel={() => setRestoring(null)}
      >
        <p>Its title, address, summary, body and cover description replace the current ones, as a new revision. The status stays as it is; unsaved edits in the form are discarded.</p>
      </ConfirmDialog>
    </section>
  );
}
