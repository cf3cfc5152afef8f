/**
 * A saved version's publication: Draft, Scheduled or Published, publish or
 * unpublish now, schedule either at a time in the editor's time zone (sent as
 * UTC), and signed preview links for people who are not signed in.
 */
import { useId, useState, type FormEvent } from "react";
import type { AdminVersionDetail } from "#core/admin/articles/schema.ts";
import type { PreviewLink, VersionPublishing } from "#core/admin/publishing/schema.ts";
import type { ScheduleAction } from "#core/publishing.ts";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { useScheduledRefresh } from "./use-scheduled-refresh.ts";
import { versionPrecondition, type EditorLanguage } from "./editor-shared.ts";
import { editorTimeZone, localMoment, useVersionData, versionApi } from "./version-requests.ts";
import "#app/styles/admin-publishing.css";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useMay } from "#app/lib/admin-grant.ts";

interface Props {
  articleId: number;
  language: EditorLanguage;
  version: AdminVersionDetail;
  /** The version's ETag: a schedule is a write of it (decision 0151). */
  etag: string | null;
  onMessage: (message: string) => void;
}

/** "2026-11-24T09:00" in the editor's time zone → the UTC moment the API takes. */
function utcFromLocal(value: string): string | null {
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

function ScheduleForm({
  action,
  pending,
  busy,
  onSchedule,
  onCancel,
}: {
  action: ScheduleAction;
  pending: string | null;
  busy: boolean;
  onSchedule: (action: ScheduleAction, at: string) => void;
  onCancel: (action: ScheduleAction) => void;
}) {
  const id = useId();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const { t, lang } = useAdminText();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const at = utcFromLocal(value);
    if (at === null) return setProblem(t("admin.publishing.choose_time"));
    setProblem(null);
    onSchedule(action, at);
  }
  return (
    <form
      className="publishing__schedule"
      onSubmit={submit}
      noValidate
      aria-label={t(`admin.publishing.schedule_${action}`)}
    >
      {pending !== null && (
        <p className="publishing__pending">
          <time dateTime={pending}>
            {t(action === "publish" ? "admin.publishing.publishes_on" : "admin.publishing.unpublishes_on", {
              at: localMoment(pending, lang),
            })}
          </time>{" "}
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={busy}
            onClick={() => onCancel(action)}
          >
            {t(`admin.publishing.cancel_${action}`)}
          </button>
        </p>
      )}
      <label htmlFor={id}>
        {t(pending === null ? `admin.publishing.schedule_${action}_at` : `admin.publishing.move_${action}`)}
      </label>
      <div className="publishing__row">
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        <button type="submit" className="button button--small" disabled={busy}>
          {t(`admin.publishing.schedule_${action}`)}
        </button>
      </div>
      {problem && (
        <p id={`${id}-error`} className="admin-field__error">
          {problem}
        </p>
      )}
    </form>
  );
}

function PreviewLinks({
  previews,
  created,
  busy,
  onCreate,
  onRevoke,
  onMessage,
}: {
  previews: PreviewLink[];
  created: PreviewLink | null;
  busy: boolean;
  onCreate: () => void;
  onRevoke: (link: PreviewLink) => void;
  onMessage: (message: string) => void;
}) {
  const { t, lang } = useAdminText();
  const [copyFailed, setCopyFailed] = useState(false);
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopyFailed(false);
      onMessage(t("admin.publishing.link_copied"));
    } catch {
      setCopyFailed(true);
    }
  }
  return (
    <div className="publishing__previews">
      <h3>{t("admin.publishing.previews")}</h3>
      <p className="admin-field__hint">{t("admin.publishing.previews_hint")}</p>
      <button type="button" className="button button--small button--secondary" disabled={busy} onClick={onCreate}>
        {t("admin.publishing.create_preview")}
      </button>
      {created?.url && (
        <p className="publishing__new-link">
          <label htmlFor="new-preview-link">{t("admin.publishing.new_link")}</label>
          <span className="publishing__row">
            <input
              id="new-preview-link"
              type="text"
              readOnly
              value={created.url}
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => void copy(created.url!)}
            >
              {t("admin.publishing.copy_link")}
            </button>
          </span>
          {copyFailed && <span className="admin-field__error">{t("admin.publishing.copy_failed")}</span>}
        </p>
      )}
      {previews.length > 0 && (
        <ul className="publishing__links">
          {previews.map((link) => (
            <li key={link.id}>
              {t("admin.publishing.link_until", { id: link.id })}{" "}
              <time dateTime={link.expiresAt}>{localMoment(link.expiresAt, lang)}</time>{" "}
              <button
                type="button"
                className="button button--small button--danger"
                disabled={busy}
                onClick={() => onRevoke(link)}
              >
                {t("admin.publishing.revoke")}
                <span className="visually-hidden"> {t("admin.publishing.link", { id: link.id })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function VersionPublishingPanel({ articleId, language, version, etag, onMessage }: Props) {
  const { t, lang } = useAdminText();
  const may = useMay();
  // The server refuses these to anyone without the right in this language (server/auth/access.ts): show only what works.
  const mayPublish = may("publish", language.code);
  const mayPreview = may("translate", language.code);
  const base = versionApi(articleId, language.code);
  const {
    data,
    current,
    error: loadError,
    reload,
  } = useVersionData<{ publishing: VersionPublishing }>(
    `${base}/publishing`,
    `${version.status}:${version.updatedAt}`,
    "admin.publishing.load_failed",
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<PreviewLink | null>(null);
  const publishing = data?.publishing ?? null;
  // The panel's read is newer than the page's data when the two disagree on the published state.
  const behind =
    publishing !== null && current && (publishing.state === "published") !== (version.status === "published");
  useScheduledRefresh([publishing?.schedules.publishAt ?? null, publishing?.schedules.unpublishAt ?? null], behind);

  async function run(couldNot: string, request: () => Promise<unknown>, done: (result: unknown) => void) {
    setBusy(true);
    try {
      const result = await request();
      setError(null);
      done(result);
    } catch (failure) {
      setError(failureMessage(failure, t(couldNot), t));
    } finally {
      setBusy(false);
    }
  }

  const schedule = (action: ScheduleAction, at: string) =>
    run(
      "admin.publishing.schedule_failed",
      () => api.put(`${base}/schedules/${action}`, { at }, versionPrecondition(etag)),
      () => {
        onMessage(t(`admin.publishing.scheduled_${action}`, { language: language.label, at: localMoment(at, lang) }));
        reload();
      },
    );
  const cancel = (action: ScheduleAction) =>
    run(
      "admin.publishing.cancel_failed",
      () => api.delete(`${base}/schedules/${action}`, versionPrecondition(etag)),
      () => {
        onMessage(t(`admin.publishing.cancelled_${action}`));
        reload();
      },
    );
  const createLink = () =>
    run(
      "admin.publishing.preview_failed",
      () => api.post<{ preview: PreviewLink }>(`${base}/previews`, {}),
      (result) => {
        setCreated((result as { preview: PreviewLink }).preview);
        onMessage(t("admin.publishing.preview_created"));
        reload();
      },
    );
  const revoke = (link: PreviewLink) =>
    run(
      "admin.publishing.revoke_failed",
      () => api.delete(`${base}/previews/${link.id}`),
      () => {
        if (created?.id === link.id) setCreated(null);
        onMessage(t("admin.publishing.revoked", { id: link.id }));
        reload();
      },
    );

  return (
    <section className="admin-panel publishing" aria-labelledby="publishing-title">
      <h2 id="publishing-title">{t("admin.publishing.title", { language: language.label })}</h2>
      <ErrorAlert message={error ?? loadError} />
      {publishing === null ? (
        <p>{t("admin.common.loading")}</p>
      ) : (
        <>
          <p className="publishing__state">
            {t("admin.publishing.state")}{" "}
            <strong
              className={`version-chip__status version-chip__status--${publishing.state === "scheduled" ? "draft" : publishing.state}`}
            >
              {t(`admin.status_label.${publishing.state}`)}
            </strong>
          </p>
          <p className="admin-field__hint">{t("admin.publishing.times", { zone: editorTimeZone() })}</p>
          {!mayPublish && <p className="admin-field__hint">{t("admin.publishing.read_only")}</p>}
          {/* A scheduled publish publishes the version's text, or its pending changes as they stand then. */}
          {mayPublish && (version.status === "draft" || version.pendingChanges !== null) && (
            <ScheduleForm
              action="publish"
              pending={publishing.schedules.publishAt}
              busy={busy}
              onSchedule={(action, at) => void schedule(action, at)}
              onCancel={(action) => void cancel(action)}
            />
          )}
          {mayPublish && (version.status === "published" || publishing.schedules.publishAt !== null) && (
            <ScheduleForm
              action="unpublish"
              pending={publishing.schedules.unpublishAt}
              busy={busy}
              onSchedule={(action, at) => void schedule(action, at)}
              onCancel={(action) => void cancel(action)}
            />
          )}
          {mayPreview && (
            <PreviewLinks
              previews={publishing.previews}
              created={created}
              busy={busy}
              onCreate={() => void createLink()}
              onRevoke={(link) => void revoke(link)}
              onMessage={onMessage}
            />
          )}
        </>
      )}
    </section>
  );
}
