/**
 * One language version: its fields, a live preview through the public pages' Markdown renderer, and
 * what can be done with it (decision 0150): Save draft (never touches the live page: on a live version
 * it saves pending changes beside the live text), Publish, Unpublish… and Discard pending changes
 * (both confirmed), Delete. Every write names the ETag the form's text was made from (decision 0151);
 * a 412 opens the conflict view and keeps what was typed (decision 0152). Ctrl/Cmd+S saves the draft.
 */
import { useDeferredValue, useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from "react";
import { useBlocker, useNavigate, useRevalidator } from "react-router";
import { versionInput, type AdminArticleVersion, type AdminVersionDetail } from "#core/admin/articles/schema.ts";
import { ARTICLE_LIMITS, type ArticleStatus } from "#core/article-rules.ts";
import { renderMarkdown } from "#core/markdown.ts";
import { slugify } from "#core/text.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { Field, fieldErrorsFrom, FormErrorSummary, requestErrors, useFormErrors } from "#app/components/admin/form-fields.tsx";
import { InsertImageButton, VersionImages } from "#app/components/admin/media/editor-images.tsx";
import { api } from "#app/lib/api-client.ts";
import { useMay } from "#app/lib/admin-grant.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useTypedBeforeHydration } from "#app/lib/typed-before-hydration.ts";
import type { VersionText } from "./diff-text.tsx";
import { DISCARDING, isDiscarding, versionPrecondition, type EditorLanguage, type EditorMediaProps } from "./editor-shared.ts";
import { ConflictView, editedText, staleCopyOf, type StaleCopy, type VersionAction } from "./version-conflict.tsx";
import { VersionPresenceNotice } from "./version-presence.tsx";
import { versionApi } from "./version-requests.ts";
import { VersionState } from "./version-state.tsx";

const VERSION_TEXT_KEYS: Record<string, string> = {
  title: "admin.common.title",
  slug: "admin.history.slug",
  summary: "admin.common.summary",
  body: "admin.common.body",
  coverAlt: "admin.common.cover_alt",
};
const VERSION_FIELDS = Object.keys(VERSION_TEXT_KEYS);

const sameText = (a: VersionText, b: VersionText) => (Object.keys(a) as (keyof VersionText)[]).every((field) => a[field] === b[field]);

/** The version as last read or written here, with the ETag that names it (null: not created yet). */
interface Stored {
  version: AdminVersionDetail | null;
  etag: string | null;
}

interface VersionFormProps {
  articleId: number;
  language: EditorLanguage;
  version: AdminVersionDetail | null;
  /** The ETag of `version` as the page read it. */
  etag: string | null;
  publicPath: string | null;
  onSaved: (message: string) => void;
  /** The article's saved cover: its alt text is part of this version's. */
  cover: string | null;
  /** The source version, for a new translation to start from a copy of it. */
  source: AdminArticleVersion | null;
  /** The source revision shown beside a translation, sent with its saves (null for the source itself). */
  sourceRevision: number | null;
  /** Who is signed in: the author of pending changes may discard them. */
  viewerUid: string;
}

export function VersionForm({
  articleId,
  language,
  version,
  etag,
  publicPath,
  onSaved,
  cover,
  source,
  sourceRevision,
  viewerUid,
  media,
  mediaLimits,
  onMedia,
}: VersionFormProps & EditorMediaProps) {
  const { t } = useAdminText();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [stored, setStored] = useState<Stored>({ version, etag });
  const saved = useMemo(() => editedText(stored.version), [stored.version]);
  const [draft, setDraft] = useState(saved);
  const dirty = !sameText(draft, saved);
  const [conflict, setConflict] = useState<{ stale: StaleCopy; action: VersionAction } | null>(null);
  // A change made elsewhere (a schedule falling due, History's restore, another panel) reaches the form
  // with the page's data. The form follows it when nothing was typed, or when its text is the one the
  // typing started from (a schedule changed only the status): typed text stays. Otherwise the typed text
  // stays on the older ETag, and its save meets the 412 and the conflict view.
  const [seenEtag, setSeenEtag] = useState(etag);
  if (etag !== seenEtag) {
    setSeenEtag(etag);
    if (etag !== stored.etag && conflict === null && (!dirty || sameText(editedText(version), saved))) {
      setStored({ version, etag });
      if (!dirty) setDraft(editedText(version));
    }
  }
  // The slug follows the title until edited by hand; a stored slug that is not the title's counts as edited.
  const [slugEdited, setSlugEdited] = useState(() => version !== null && saved.slug !== slugify(saved.title));
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<"unpublish" | "discard" | "delete" | null>(null);
  // After an action whose button goes away, focus goes to the version's state, never to <body>.
  const [settled, setSettled] = useState(0);
  const stateRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const idFor = (field: string) => `version-${field}`;
  const textAttributes = { lang: language.code, dir: language.dir };
  const may = useMay();
  const mayPublish = may("publish", language.code);
  // Saving a draft never changes the live page, so whoever translates this language may (decision 0150).
  const mayEdit = may("translate", language.code);
  const current = stored.version;
  const live = current?.status === "published";
  const pending = current?.pendingChanges ?? null;
  const mayDiscard = pending !== null && (mayPublish || pending.updatedBy?.uid === viewerUid);

  const previewSource = useDeferredValue(draft.body);
  const previewHtml = useMemo(() => renderMarkdown(previewSource, { media, language: language.code }), [previewSource, media, language.code]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !isDiscarding(nextLocation.state) && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  useEffect(() => {
    if (settled === 0) return;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) (stateRef.current ?? headingRef.current)?.focus();
  }, [settled]);

  const set = <Key extends keyof VersionText>(field: Key, value: VersionText[Key]) => setDraft((text) => ({ ...text, [field]: value }));

  /** A new translation starts from the source's text (its address from the title once translated). */
  function copySource() {
    if (!source) return;
    setDraft({ title: source.title, slug: "", summary: source.summary, body: source.body, coverAlt: source.coverAlt });
    setSlugEdited(false);
    document.getElementById(idFor("title"))?.focus();
  }

  function changeTitle(title: string) {
    setDraft((text) => ({ ...text, title, slug: slugEdited ? text.slug : title.trim() === "" ? "" : slugify(title) }));
  }

  function changeSlug(slug: string) {
    // Emptying the field hands the slug back to the title (the server makes it from the title when empty).
    setSlugEdited(slug !== "");
    set("slug", slug);
  }

  useTypedBeforeHydration({
    [idFor("title")]: changeTitle,
    [idFor("slug")]: changeSlug,
    [idFor("summary")]: (summary) => set("summary", summary),
    [idFor("body")]: (body) => set("body", body),
    [idFor("coverAlt")]: (coverAlt) => set("coverAlt", coverAlt),
  });

  /** Takes what the server answered as the form's stored version; the typed text follows unless `keepTyped` and something was typed. */
  function adopt(next: AdminVersionDetail | null, nextEtag: string | null, keepTyped = false) {
    setStored({ version: next, etag: nextEtag });
    if (!(keepTyped && dirty)) setDraft(editedText(next));
    setConflict(null);
  }

  const done: Record<VersionAction, (next: AdminVersionDetail) => string> = {
    save: (next) => t(next.status === "published" ? "admin.version.saved_pending" : "admin.version.saved_draft", { language: language.label }),
    publish: () => t("admin.version.saved_published", { language: language.label }),
    unpublish: () => t("admin.publishing.unpublished", { language: language.label }),
    discard: () => t("admin.version.discarded", { language: language.label }),
  };

  /** Runs one of the version's writes from the ETag `from` (the form's own unless keeping mine over theirs). */
  async function write(action: VersionAction, from: Pick<Stored, "etag"> = stored) {
    if (busy) return;
    const status: ArticleStatus = action === "publish" ? "published" : "draft";
    if (action === "save" || action === "publish") {
      const checked = versionInput.safeParse({ ...draft, status });
      if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues, t), null);
    }
    const path = versionApi(articleId, language.code);
    const precondition = versionPrecondition(from.etag);
    setBusy(true);
    try {
      const answer =
        action === "save" || action === "publish"
          ? await api.tagged.put<{ version: AdminVersionDetail }>(path, { ...draft, status, ...(sourceRevision !== null && { sourceRevision }) }, precondition)
          : await api.tagged.post<{ version: AdminVersionDetail }>(`${path}/${action}`, {}, precondition);
      adopt(answer.data.version, answer.etag, action === "unpublish");
      // Closed in the same render as the focus check below: its opener (Discard, Unpublish…) may be gone.
      setConfirming(null);
      formErrors.clear();
      onSaved(done[action](answer.data.version));
      setSettled((count) => count + 1);
      await revalidator.revalidate();
    } catch (error) {
      const stale = staleCopyOf(error);
      if (stale) {
        formErrors.clear();
        setConflict({ stale, action });
      } else {
        const failure = requestErrors(error, VERSION_FIELDS, t("admin.editor.version_failed"), t);
        formErrors.show(failure.fields, failure.general);
      }
    } finally {
      // A confirmation stays open, busy, until its action is done.
      setConfirming(null);
      setBusy(false);
    }
  }

  function takeTheirs() {
    if (!conflict) return;
    adopt(conflict.stale.current, conflict.stale.etag);
    setSlugEdited(false);
    onSaved(t("admin.version_conflict.took_theirs", { language: language.label }));
    setSettled((count) => count + 1);
    // The rest of the page (tabs, History, publication) catches up with their save too.
    void revalidator.revalidate();
  }

  async function deleteVersion() {
    setBusy(true);
    try {
      await api.delete(versionApi(articleId, language.code), versionPrecondition(stored.etag));
      setConfirming(null);
      onSaved(t("admin.version.deleted", { language: language.label }));
      await navigate(`/admin/articles/${articleId}`, { preventScrollReset: true, state: DISCARDING });
    } catch (error) {
      setConfirming(null);
      formErrors.show({}, failureMessage(error, t("admin.editor.delete_version_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  // Ctrl/Cmd+S saves the draft from anywhere on the page but another form or a dialog.
  const saveShortcut = useEffectEvent(() => void write("save"));
  useEffect(() => {
    if (!mayEdit) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "s") return;
      const target = event.target instanceof Element ? event.target : null;
      const otherForm = target?.closest("form");
      if (target?.closest("dialog") || (otherForm && otherForm !== formRef.current)) return;
      event.preventDefault();
      saveShortcut();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [mayEdit]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void write("save");
  }

  const labels = Object.fromEntries(Object.entries(VERSION_TEXT_KEYS).map(([field, key]) => [field, t(key)]));
  const addressPrefix = language.articlesPath ? `${language.articlesPath}/${articleId}/` : null;
  const showPublish = mayPublish && (!live || pending !== null || dirty);
  return (
    <form ref={formRef} className="admin-form version-form" noValidate onSubmit={submit} aria-busy={busy} aria-labelledby="version-heading">
      <h3 id="version-heading" ref={headingRef} tabIndex={-1} className="version-form__heading">
        <span {...textAttributes}>{language.label}</span> <span className="version-form__code">({language.code})</span>
        {current === null && <span className="version-form__new"> — {t("admin.version.new_translation")}</span>}
      </h3>
      {current && <VersionState ref={stateRef} version={current} language={language} />}
      {may("read", language.code) && <VersionPresenceNotice articleId={articleId} code={language.code} languageLabel={language.label} />}
      {conflict && (
        <ConflictView
          conflict={conflict.stale}
          action={conflict.action}
          mine={draft}
          language={language}
          busy={busy}
          onKeepMine={() => void write(conflict.action, conflict.stale)}
          onTakeTheirs={takeTheirs}
        />
      )}
      <FormErrorSummary formErrors={formErrors} labels={labels} idFor={idFor} />
      {!mayEdit && (
        <p className="version-form__read-only" role="note">
          {t("admin.version.not_your_language", { language: language.label, code: language.code })}
        </p>
      )}
      {mayEdit && live && !mayPublish && <p className="admin-field__hint">{t("admin.version.pending_for_translators")}</p>}
      <fieldset className="version-form__fields" disabled={!mayEdit}>
        {current === null && source && (
          <p className="version-form__copy">
            <button type="button" className="button button--small button--secondary" onClick={copySource}>
              {t("admin.version.copy_source")}
            </button>{" "}
            <span className="admin-field__hint">{t("admin.version.copy_source_hint")}</span>
          </p>
        )}

        <div className="version-form__meta">
          <Field id={idFor("title")} label={labels.title!} error={errors.title} className="version-form__wide">
            {(control) => (
              <input
                {...control}
                {...textAttributes}
                type="text"
                autoComplete="off"
                maxLength={ARTICLE_LIMITS.titleLength}
                value={draft.title}
                onChange={(event) => changeTitle(event.target.value)}
              />
            )}
          </Field>
          <Field
            id={idFor("slug")}
            label={labels.slug!}
            hint={t(slugEdited ? "admin.version.slug_edited" : "admin.version.slug_follows")}
            error={errors.slug}
            className="version-form__wide"
          >
            {(control) => (
              <>
                <input {...control} type="text" dir="auto" autoComplete="off" spellCheck={false} value={draft.slug} onChange={(event) => changeSlug(event.target.value)} />
                {addressPrefix && (
                  <p className="version-form__address">
                    {t("admin.version.address")} <bdi dir="ltr">{`${addressPrefix}${draft.slug || (draft.title.trim() === "" ? "…" : slugify(draft.title))}`}</bdi>
                  </p>
                )}
              </>
            )}
          </Field>
          <Field
            id={idFor("summary")}
            label={labels.summary!}
            hint={t("admin.version.summary_hint", { max: ARTICLE_LIMITS.summaryLength })}
            error={errors.summary}
            className="version-form__wide"
          >
            {(control) => <textarea {...control} {...textAttributes} rows={2} value={draft.summary} onChange={(event) => set("summary", event.target.value)} />}
          </Field>
        </div>

        {/* The cover's description and the images' alt texts come before the body and its preview: the preview's
            headings are the article's (h2…), and a heading of this form after them would break the outline. */}
        <div className="version-form__meta">
          <Field id={idFor("coverAlt")} label={labels.coverAlt!} hint={t("admin.version.cover_alt_hint")} error={errors.coverAlt} className="version-form__wide">
            {(control) => (
              <input {...control} {...textAttributes} type="text" autoComplete="off" value={draft.coverAlt} onChange={(event) => set("coverAlt", event.target.value)} />
            )}
          </Field>
        </div>

        <VersionImages cover={cover} coverAlt={draft.coverAlt} body={draft.body} language={language} publishing={showPublish} media={media} onMedia={onMedia} />
        <div className="version-form__writing">
          <Field id={idFor("body")} label={t("admin.source.body_markdown")} hint={t("admin.version.body_hint")} error={errors.body} className="version-form__source">
            {(control) => (
              <>
                <textarea {...control} {...textAttributes} rows={22} spellCheck value={draft.body} onChange={(event) => set("body", event.target.value)} />
                <InsertImageButton
                  textareaId={idFor("body")}
                  body={draft.body}
                  language={language}
                  limits={mediaLimits}
                  onInsert={(body, item) => {
                    onMedia(item);
                    set("body", body);
                  }}
                />
              </>
            )}
          </Field>
          <div className="version-form__preview">
            <h4 id="preview-title" className="version-form__preview-title">
              {t("admin.version.preview")}
            </h4>
            {/* The preview scrolls: a focusable region, so it scrolls from the keyboard too (also while the fields are disabled). */}
            <div className="version-form__preview-page" {...textAttributes} role="region" aria-labelledby="preview-title" tabIndex={0}>
              {draft.title && <p className="version-form__preview-headline">{draft.title}</p>}
              <div className="prose" dangerouslySetInnerHTML={{ __html: previewHtml }} />
            </div>
          </div>
        </div>
      </fieldset>

      <div className="admin-form__actions">
        {mayEdit && (
          // Not disabled while saving: the button keeps focus; write() ignores a second press.
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {t("admin.version.save_draft")}
          </button>
        )}
        {showPublish && (
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void write("publish")}>
            {t("admin.version.publish")}
          </button>
        )}
        {dirty && <span className="version-form__unsaved">{t("admin.version.unsaved")}</span>}
        {publicPath && live && (
          <a className="button button--secondary" href={publicPath} target="_blank" rel="noopener">
            {t("admin.version.view")}
            <span className="visually-hidden"> {t("admin.version.new_tab")}</span>
          </a>
        )}
        {mayDiscard && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming("discard")}>
            {t("admin.version.discard_pending")}
          </button>
        )}
        {live && mayPublish && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming("unpublish")}>
            {t("admin.version.unpublish")}
          </button>
        )}
        {current && mayPublish && (
          <button type="button" className="button button--danger version-form__delete" disabled={busy} onClick={() => setConfirming("delete")}>
            {t("admin.version.delete")}
          </button>
        )}
      </div>

      <ConfirmDialog
        open={confirming === "unpublish"}
        title={t("admin.version.unpublish_title", { language: language.label })}
        confirmLabel={t("admin.version.unpublish_confirm")}
        tone="danger"
        busy={busy}
        onConfirm={() => void write("unpublish")}
        onCancel={() => setConfirming(null)}
      >
        <p>{t("admin.version.unpublish_text", { language: language.label })}</p>
        {pending && <p>{t("admin.version.unpublish_pending")}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "discard"}
        title={t("admin.version.discard_title", { language: language.label })}
        confirmLabel={t("admin.version.discard_pending")}
        tone="danger"
        busy={busy}
        onConfirm={() => void write("discard")}
        onCancel={() => setConfirming(null)}
      >
        <p>{t("admin.version.discard_text")}</p>
        {dirty && <p>{t("admin.version.discard_typed")}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "delete"}
        title={t("admin.version.delete_title", { language: language.label })}
        confirmLabel={t("admin.version.delete_confirm")}
        tone="danger"
        busy={busy}
        onConfirm={() => void deleteVersion()}
        onCancel={() => setConfirming(null)}
      >
        <p>{t("admin.version.delete_text", { title: current?.title ?? "", language: language.label })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title={t("admin.version.leave_title", { language: language.label })}
        confirmLabel={t("admin.version.discard")}
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        <p>{t("admin.version.unsaved_text")}</p>
      </ConfirmDialog>
    </form>
  );
}
