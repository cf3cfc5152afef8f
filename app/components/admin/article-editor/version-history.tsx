/**
 * A saved version's history: its revisions (who, when, what made them), a
 * readable diff between any two, and restore — a new revision with the old
 * words; the version's status stays as it is.
 */
import { useId, useState } from "react";
import type { AdminArticleVersion } from "#core/admin/articles/schema.ts";
import type { RevisionComparison, RevisionSummary } from "#core/admin/publishing/schema.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { FIELD_TEXT_KEYS, FieldChanges } from "./diff-text.tsx";
import { versionPrecondition, type EditorLanguage } from "./editor-shared.ts";
import { localMoment, useVersionData, versionApi } from "./version-requests.ts";
import "#app/styles/admin-publishing.css";
import type { Translate } from "#core/i18n/translate.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useMay } from "#app/lib/admin-grant.ts";

interface Props {
  articleId: number;
  language: EditorLanguage;
  version: AdminArticleVersion;
  /** The version's ETag: a restore is a write of it (decision 0151). */
  etag: string | null;
  onRestored: (message: string) => void;
}

const ACTIONS = new Set([
  "initial",
  "seed",
  "save",
  "save-draft",
  "discard",
  "import",
  "restore",
  "publish",
  "unpublish",
  "scheduled-publish",
  "scheduled-unpublish",
]);

/** "Published as scheduled"; an action this screen does not know shows as stored. */
function actionText(action: string, t: Translate): string {
  return ACTIONS.has(action) ? t(`admin.history.action.${action.replace("-", "_")}`) : action;
}

function revisionLabel(revision: RevisionSummary, t: Translate, lang: string): string {
  const restored =
    revision.restoredFromNumber === null ? "" : ` ${t("admin.history.from", { id: revision.restoredFromNumber })}`;
  // The number tells apart revisions saved within the same minute.
  return `#${revision.number} · ${localMoment(revision.createdAt, lang)} · ${actionText(revision.action, t)}${restored}`;
}

function Comparison({
  base,
  revisions,
  language,
}: {
  base: string;
  revisions: RevisionSummary[];
  language: EditorLanguage;
}) {
  const fromId = useId();
  const toId = useId();
  const [from, setFrom] = useState(revisions[1]!.id);
  const [to, setTo] = useState(revisions[0]!.id);
  const { data, error } = useVersionData<{ comparison: RevisionComparison }>(
    `${base}/revisions/compare?from=${from}&to=${to}`,
    "",
    "admin.history.compare_failed",
  );
  const { t, lang } = useAdminText();
  const fields = data?.comparison.fields ?? [];
  const changed = fields.filter((field) => field.changed);
  const unchanged = fields.filter((field) => !field.changed);
  const options = revisions.map((revision) => (
    <option key={revision.id} value={revision.id}>
      {revisionLabel(revision, t, lang)}
    </option>
  ));
  return (
    <div className="history__compare">
      <h3>{t("admin.history.compare")}</h3>
      <div className="history__pickers">
        <label htmlFor={fromId}>{t("admin.history.older")}</label>
        <select id={fromId} value={from} onChange={(event) => setFrom(Number(event.target.value))}>
          {options}
        </select>
        <label htmlFor={toId}>{t("admin.history.newer")}</label>
        <select id={toId} value={to} onChange={(event) => setTo(Number(event.target.value))}>
          {options}
        </select>
      </div>
      <ErrorAlert message={error} />
      <div aria-live="polite">
        {data &&
          (from === to || changed.length === 0 ? (
            <p>{t("admin.history.same")}</p>
          ) : (
            changed.map((diff) => (
              <FieldChanges
                key={diff.field}
                diff={diff}
                language={language}
                bodyLabel={t("admin.history.body_changes")}
              />
            ))
          ))}
        {data && changed.length > 0 && unchanged.length > 0 && (
          <p className="admin-field__hint">
            {t("admin.history.unchanged", {
              fields: unchanged.map((field) => t(FIELD_TEXT_KEYS[field.field])).join(", "),
            })}
          </p>
        )}
      </div>
    </div>
  );
}

export function VersionHistory({ articleId, language, version, etag, onRestored }: Props) {
  const { t, lang } = useAdminText();
  // Restoring rewrites the version, which the server allows only to those who may publish in its language.
  const mayRestore = useMay()("publish", language.code);
  const base = versionApi(articleId, language.code);
  const { data, error: loadError } = useVersionData<{ revisions: RevisionSummary[] }>(
    `${base}/revisions`,
    version.updatedAt,
    "admin.history.load_failed",
  );
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revisions = data?.revisions ?? null;

  async function restore(revision: RevisionSummary) {
    setBusy(true);
    try {
      await api.post(`${base}/revisions/${revision.id}/restore`, {}, versionPrecondition(etag));
      setError(null);
      setRestoring(null);
      onRestored(t("admin.history.restored", { language: language.label, at: localMoment(revision.createdAt, lang) }));
    } catch (failure) {
      setRestoring(null);
      setError(failureMessage(failure, t("admin.editor.restore_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel history" aria-labelledby="history-title">
      <h2 id="history-title">{t("admin.history.title", { language: language.label })}</h2>
      <ErrorAlert message={error ?? loadError} />
      {revisions === null ? (
        <p>{t("admin.common.loading")}</p>
      ) : (
        <>
          <ol className="history__list">
            {revisions.map((revision, index) => (
              <li key={revision.id} className="history__item">
                <div>
                  <span className="history__number">#{revision.number}</span>
                  <time dateTime={revision.createdAt}>{localMoment(revision.createdAt, lang)}</time>
                  <span className="history__action">{actionText(revision.action, t)}</span>
                  {revision.restoredFromNumber !== null && (
                    <span> {t("admin.history.from", { id: revision.restoredFromNumber })}</span>
                  )}
                  <span className="history__by">
                    {" "}
                    {t("admin.history.by", { name: revision.by ?? revision.uid ?? t("admin.history.system") })}
                  </span>
                  {revision.machineSegments > 0 && (
                    <span className="history__machine" data-machine={revision.machineSegments}>
                      {" "}
                      {t("admin.history.machine", { count: revision.machineSegments })}
                    </span>
                  )}
                  <span className="history__title" lang={language.code} dir={language.dir}>
                    {revision.title}
                  </span>
                </div>
                {index === 0 && <span className="history__current">{t("admin.history.current")}</span>}
                {index > 0 && mayRestore && (
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    disabled={busy}
                    onClick={() => setRestoring(revision)}
                  >
                    {t("admin.history.restore")}
                    <span className="visually-hidden">
                      {" "}
                      {t("admin.history.restore_of", {
                        id: revision.number,
                        at: localMoment(revision.createdAt, lang),
                      })}
                    </span>
                  </button>
                )}
              </li>
            ))}
          </ol>
          {revisions.length > 1 && (
            <Comparison key={revisions[0]!.id} base={base} revisions={revisions} language={language} />
          )}
        </>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={t("admin.history.restore_title", { language: language.label, id: restoring?.id ?? "" })}
        confirmLabel={t("admin.history.restore")}
        busy={busy}
        onConfirm={() => restoring && void restore(restoring)}
        onCancel={() => setRestoring(null)}
      >
        <p>{t("admin.history.restore_text")}</p>
      </ConfirmDialog>
    </section>
  );
}
