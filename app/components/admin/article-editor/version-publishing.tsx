/**
 * A saved version's publication: Draft, Scheduled or Published, publish or
 * unpublish now, schedule either at a time in the editor's time zone (sent as
 * UTC), and signed preview links for people who are not signed in.
 */
import { useId, useState, type FormEvent } from "react";
import type { AdminArticleVersion } from "#core/admin/articles/schema.ts";
import type { PreviewLink, VersionPublishing } from "#core/admin/publishing/schema.ts";
import type { ScheduleAction } from "#core/publishing.ts";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { useScheduledRefresh } from "./use-scheduled-refresh.ts";
import type { EditorLanguage } from "./editor-shared.ts";
import { editorTimeZone, localMoment, useVersionData, versionApi } from "./version-requests.ts";
import "#app/styles/admin-publishing.css";
import { useAdminText } from "#app/lib/admin-text.ts";

interface Props {
  articleId: number;
  language: EditorLanguage;
  version: AdminArticleVersion;
  /** After a change of status: the editor reloads the version. */
  onStatusChanged: (message: string) => void;
  onMessage: (message: string) => void;
}

const STATE_LABELS = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

/** "2026-11-24T09:00" in the editor's time zone → the UTC moment the API takes. */
function utcFromLocal(value: string): string | null {
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

function ScheduleForm({ action, pending, busy, onSchedule, onCancel }: { action: ScheduleAction; pending: string | null; busy: boolean; onSchedule: (action: ScheduleAction, at: string) => void; onCancel: (action: ScheduleAction) => void }) {
  const id = useId();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const verb = action === "publish" ? "publish" : "unpublish";
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const at = utcFromLocal(value);
    if (at === null) return setProblem("Choose a date and a time.");
    setProblem(null);
    onSchedule(action, at);
  }
  return (
    <form className="publishing__schedule" onSubmit={submit} noValidate aria-label={`Schedule ${verb}`}>
      {pending !== null && (
        <p className="publishing__pending">
          {action === "publish" ? "Publishes" : "Unpublishes"} on <time dateTime={pending}>{localMoment(pending)}</time>.{" "}
          <button type="button" className="button button--small button--secondary" disabled={busy} onClick={() => onCancel(action)}>
            Cancel scheduled {verb}
          </button>
        </p>
      )}
      <label htmlFor={id}>{pending === null ? `Schedule ${verb} at` : `Move the ${verb} to`}</label>
      <div className="publishing__row">
        <input id={id} type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} aria-invalid={problem !== null} aria-describedby={problem ? `${id}-error` : undefined} />
        <button type="submit" className="button button--small" disabled={busy}>
          Schedule {verb}
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

function PreviewLinks({ previews, created, busy, onCreate, onRevoke }: { previews: PreviewLink[]; created: PreviewLink | null; busy: boolean; onCreate: () => void; onRevoke: (link: PreviewLink) => void }) {
  return (
    <div className="publishing__previews">
      <h3>Preview links</h3>
      <p className="admin-field__hint">Anyone with a link sees this version as the site would show it, without signing in, until it expires or you revoke it.</p>
      <button type="button" className="button button--small button--secondary" disabled={busy} onClick={onCreate}>
        Create a preview link
      </button>
      {created?.url && (
        <p className="publishing__new-link">
          <label htmlFor="new-preview-link">New link (copy it now: it is shown only once)</label>
          <input id="new-preview-link" type="text" readOnly value={created.url} dir="ltr" onFocus={(event) => event.currentTarget.select()} />
        </p>
      )}
      {previews.length > 0 && (
        <ul className="publishing__links">
          {previews.map((link) => (
            <li key={link.id}>
              Link {link.id}, works until <time dateTime={link.expiresAt}>{localMoment(link.expiresAt)}</time>{" "}
              <button type="button" className="button button--small button--danger" disabled={busy} onClick={() => onRevoke(link)}>
                Revoke<span className="visually-hidden"> link {link.id}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function VersionPublishingPanel({ articleId, language, version, onStatusChanged, onMessage }: Props) {
  const { t } = useAdminText();
  const base = versionApi(articleId, language.code);
  const { data, error: loadError, reload } = useVersionData<{ publishing: VersionPublishing }>(`${base}/publishing`, `${version.status}:${version.updatedAt}`, "the publication state");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<PreviewLink | null>(null);
  const publishing = data?.publishing ?? null;
  useScheduledRefresh([publishing?.schedules.publishAt ?? null, publishing?.schedules.unpublishAt ?? null]);

  async function run(what: string, request: () => Promise<unknown>, done: (result: unknown) => void) {
    setBusy(true);
    try {
      const result = await request();
      setError(null);
      done(result);
    } catch (failure) {
      setError(failureMessage(failure, t("admin.common.could_not", { action: what }), t));
    } finally {
      setBusy(false);
    }
  }

  const changeStatus = (action: "publish" | "unpublish") =>
    run(`${action} this version`, () => api.post(`${base}/${action}`, {}), () =>
      onStatusChanged(action === "publish" ? `${language.label} version published.` : `${language.label} version unpublished; it is no longer on the site.`),
    );
  const schedule = (action: ScheduleAction, at: string) =>
    run(`schedule the ${action}`, () => api.put(`${base}/schedules/${action}`, { at }), () => {
      onMessage(`${action === "publish" ? "Publish" : "Unpublish"} of the ${language.label} version scheduled for ${localMoment(at)}.`);
      reload();
    });
  const cancel = (action: ScheduleAction) =>
    run(`cancel the ${action}`, () => api.delete(`${base}/schedules/${action}`), () => {
      onMessage(`Scheduled ${action} cancelled.`);
      reload();
    });
  const createLink = () =>
    run("create a preview link", () => api.post<{ preview: PreviewLink }>(`${base}/previews`, {}), (result) => {
      setCreated((result as { preview: PreviewLink }).preview);
      onMessage("Preview link created.");
      reload();
    });
  const revoke = (link: PreviewLink) =>
    run("revoke the link", () => api.delete(`${base}/previews/${link.id}`), () => {
      if (created?.id === link.id) setCreated(null);
      onMessage(`Preview link ${link.id} revoked; it no longer works.`);
      reload();
    });

  return (
    <section className="admin-panel publishing" aria-labelledby="publishing-title">
      <h2 id="publishing-title">
        Publication of the <span lang={language.code} dir={language.dir}>{language.label}</span> version
      </h2>
      <ErrorAlert message={error ?? loadError} />
      {publishing === null ? (
        <p>Loading…</p>
      ) : (
        <>
          <p className="publishing__state">
            State: <strong className={`version-chip__status version-chip__status--${publishing.state === "scheduled" ? "draft" : publishing.state}`}>{STATE_LABELS[publishing.state]}</strong>
          </p>
          <p className="admin-field__hint">Times are in your time zone, {editorTimeZone()}; changes happen within a minute of the time.</p>
          <div className="publishing__now">
            {version.status === "published" ? (
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void changeStatus("unpublish")}>
                Unpublish now
              </button>
            ) : (
              <button type="button" className="button" disabled={busy} onClick={() => void changeStatus("publish")}>
                Publish now
              </button>
            )}
          </div>
          {version.status === "draft" && <ScheduleForm action="publish" pending={publishing.schedules.publishAt} busy={busy} onSchedule={(action, at) => void schedule(action, at)} onCancel={(action) => void cancel(action)} />}
          {(version.status === "published" || publishing.schedules.publishAt !== null) && (
            <ScheduleForm action="unpublish" pending={publishing.schedules.unpublishAt} busy={busy} onSchedule={(action, at) => void schedule(action, at)} onCancel={(action) => void cancel(action)} />
          )}
          <PreviewLinks previews={publishing.previews} created={created} busy={busy} onCreate={() => void createLink()} onRevoke={(link) => void revoke(link)} />
        </>
      )}
    </section>
  );
}
