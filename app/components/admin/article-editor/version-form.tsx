/** One language version: its fields, a live preview through the public pages' Markdown renderer, save and delete. */
import { useDeferredValue, useEffect, useMemo, useState, type FormEvent } from "react";
import { useBlocker, useNavigate, useRevalidator } from "react-router";
import { versionInput, type AdminArticle, type AdminArticleVersion, type AdminVersionDetail, type PendingChanges } from "#core/admin/articles/schema.ts";
import { ARTICLE_LIMITS, type ArticleStatus } from "#core/article-rules.ts";
import { renderMarkdown } from "#core/markdown.ts";
import { slugify } from "#core/text.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { Field, fieldErrorsFrom, FormErrorSummary, requestErrors, useFormErrors } from "#app/components/admin/form-fields.tsx";
import { InsertImageButton, VersionImages } from "#app/components/admin/media/editor-images.tsx";
import { api } from "#app/lib/api-client.ts";
import { useMay } from "#app/lib/admin-grant.ts";
import { useTypedBeforeHydration } from "#app/lib/typed-before-hydration.ts";
import { ARTICLES_API, DISCARDING, isDiscarding, versionPrecondition, type EditorLanguage, type EditorMediaProps, type VersionState } from "./editor-shared.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

const VERSION_TEXT_KEYS: Record<string, string> = {
  title: "admin.common.title",
  slug: "admin.history.slug",
  summary: "admin.common.summary",
  body: "admin.common.body",
  coverAlt: "admin.common.cover_alt",
  status: "admin.common.status",
};
const VERSION_FIELDS = Object.keys(VERSION_TEXT_KEYS);

interface VersionDraft {
  title: string;
  slug: string;
  summary: string;
  body: string;
  coverAlt: string;
  status: ArticleStatus;
}

/** What the form edits: a published version's pending changes when it has any (as a draft beside the live text), else its text. */
function versionDraftOf(version: AdminArticleVersion | null, pending: PendingChanges | null): VersionDraft {
  if (pending) return { title: pending.title, slug: pending.slug, summary: pending.summary, body: pending.body, coverAlt: pending.coverAlt, status: "draft" };
  return {
    title: version?.title ?? "",
    slug: version?.slug ?? "",
    summary: version?.summary ?? "",
    body: version?.body ?? "",
    coverAlt: version?.coverAlt ?? "",
    status: version?.status ?? "draft",
  };
}

const sameDraft = (a: VersionDraft, b: VersionDraft) => (Object.keys(a) as (keyof VersionDraft)[]).every((field) => a[field] === b[field]);

interface VersionFormProps {
  articleId: number;
  language: EditorLanguage;
  version: AdminArticleVersion | null;
  /** The stored version's ETag and pending changes; null for a new version. */
  state: VersionState | null;
  publicPath: string | null;
  onSaved: (message: string) => void;
  /** The article's saved cover: its alt text is part of this version's. */
  cover: string | null;
  /** The source version, for a new translation to start from a copy of it. */
  source: AdminArticleVersion | null;
}

export function VersionForm({ articleId, language, version, state, publicPath, onSaved, cover, source, media, mediaLimits, onMedia }: VersionFormProps & EditorMediaProps) {
  const { t } = useAdminText();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(() => versionDraftOf(version, state?.pendingChanges ?? null));
  // The ETag of the version as this form last saved or loaded it: the next write names it.
  const loadedTag = state?.etag ?? null;
  const [etag, setEtag] = useState(loadedTag);
  const [seenTag, setSeenTag] = useState(loadedTag);
  if (loadedTag !== seenTag) {
    setSeenTag(loadedTag);
    setEtag(loadedTag);
  }
  const [draft, setDraft] = useState(saved);
  // A scheduled publish or unpublish changes the stored status without this form (the editor reloads
  // its data when one falls due): the saved status follows, and so does the chosen one unless it was
  // changed here. Unsaved text stays.
  const storedStatus = version?.status ?? "draft";
  const [seenStatus, setSeenStatus] = useState(storedStatus);
  if (storedStatus !== seenStatus) {
    setSeenStatus(storedStatus);
    setSaved((current) => ({ ...current, status: storedStatus }));
    setDraft((current) => (current.status === seenStatus ? { ...current, status: storedStatus } : current));
  }
  // The slug follows the title until edited by hand; a stored slug that is not the title's counts as edited.
  const [slugEdited, setSlugEdited] = useState(() => version !== null && version.slug !== slugify(version.title));
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const [saving, setSaving] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const idFor = (field: string) => `version-${field}`;
  const textAttributes = { lang: language.code, dir: language.dir };
  const may = useMay();
  const mayPublish = may("publish", language.code);
  // Without the publish right, a published version's changes are saved as pending changes beside the live text.
  const mayEdit = may("translate", language.code);

  const previewSource = useDeferredValue(draft.body);
  const previewHtml = useMemo(() => renderMarkdown(previewSource, { media, language: language.code }), [previewSource, media, language.code]);

  const dirty = !sameDraft(draft, saved);
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

  const set = <Field extends keyof VersionDraft>(field: Field, value: VersionDraft[Field]) => setDraft((current) => ({ ...current, [field]: value }));

  /** A new translation starts from the source's text (as a draft, its address from the title once translated). */
  function copySource() {
    if (!source) return;
    setDraft({ title: source.title, slug: "", summary: source.summary, body: source.body, coverAlt: source.coverAlt, status: "draft" });
    setSlugEdited(false);
    document.getElementById(idFor("title"))?.focus();
  }

  function changeTitle(title: string) {
    setDraft((current) => ({ ...current, title, slug: slugEdited ? current.slug : title.trim() === "" ? "" : slugify(title) }));
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = versionInput.safeParse(draft);
    if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues, t), null);
    setSaving(true);
    try {
      const result = await api.tagged.put<{ article: AdminArticle; version: AdminVersionDetail }>(
        `${ARTICLES_API}/${articleId}/versions/${encodeURIComponent(language.code)}`,
        draft,
        versionPrecondition(etag),
      );
      setEtag(result.etag);
      const stored = versionDraftOf(result.data.version, result.data.version.pendingChanges);
      setSaved(stored);
      setDraft(stored);
      formErrors.clear();
      onSaved(t(stored.status === "published" ? "admin.version.saved_published" : "admin.version.saved_draft", { language: language.label }));
      await revalidator.revalidate();
    } catch (error) {
      const failure = requestErrors(error, VERSION_FIELDS, t("admin.editor.version_failed"), t);
      formErrors.show(failure.fields, failure.general);
    } finally {
      setSaving(false);
    }
  }

  async function deleteVersion() {
    setSaving(true);
    try {
      await api.delete(`${ARTICLES_API}/${articleId}/versions/${encodeURIComponent(language.code)}`, versionPrecondition(etag));
      setConfirmingDelete(false);
      onSaved(t("admin.version.deleted", { language: language.label }));
      await navigate(`/admin/articles/${articleId}`, { preventScrollReset: true, state: DISCARDING });
    } catch (error) {
      setConfirmingDelete(false);
      formErrors.show({}, failureMessage(error, t("admin.editor.delete_version_failed"), t));
    } finally {
      setSaving(false);
    }
  }

  const labels = Object.fromEntries(Object.entries(VERSION_TEXT_KEYS).map(([field, key]) => [field, t(key)]));
  const addressPrefix = language.articlesPath ? `${language.articlesPath}/${articleId}/` : null;
  return (
    <form className="admin-form version-form" noValidate onSubmit={submit} aria-busy={saving} aria-labelledby="version-heading">
      <h3 id="version-heading" className="version-form__heading">
        <span {...textAttributes}>{language.label}</span> <span className="version-form__code">({language.code})</span>
        {version === null && <span className="version-form__new"> — {t("admin.version.new_translation")}</span>}
      </h3>
      <FormErrorSummary formErrors={formErrors} labels={labels} idFor={idFor} />
      {!mayEdit && (
        <p className="version-form__read-only" role="note">
          {may("translate", language.code)
            ? t("admin.version.published_read_only")
            : t("admin.version.not_your_language", { language: language.label, code: language.code })}
        </p>
      )}
      <fieldset className="version-form__fields" disabled={!mayEdit}>
      {version === null && source && (
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
            <input {...control} {...textAttributes} type="text" autoComplete="off" maxLength={ARTICLE_LIMITS.titleLength} value={draft.title} onChange={(event) => changeTitle(event.target.value)} />
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
        <Field id={idFor("summary")} label={labels.summary!} hint={t("admin.version.summary_hint", { max: ARTICLE_LIMITS.summaryLength })} error={errors.summary} className="version-form__wide">
          {(control) => <textarea {...control} {...textAttributes} rows={2} value={draft.summary} onChange={(event) => set("summary", event.target.value)} />}
        </Field>
      </div>

      <div className="version-form__writing">
        <Field
          id={idFor("body")}
          label={t("admin.source.body_markdown")}
          hint={t("admin.version.body_hint")}
          error={errors.body}
          className="version-form__source"
        >
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
        <section className="version-form__preview" aria-labelledby="preview-title">
          <h4 id="preview-title" className="version-form__preview-title">
            {t("admin.version.preview")}
          </h4>
          <div className="version-form__preview-page" {...textAttributes}>
            {draft.title && <p className="version-form__preview-headline">{draft.title}</p>}
            <div className="prose" dangerouslySetInnerHTML={{ __html: previewHtml }} />
          </div>
        </section>
      </div>

      <div className="version-form__meta">
        <Field id={idFor("coverAlt")} label={labels.coverAlt!} hint={t("admin.version.cover_alt_hint")} error={errors.coverAlt} className="version-form__wide">
          {(control) => <input {...control} {...textAttributes} type="text" autoComplete="off" value={draft.coverAlt} onChange={(event) => set("coverAlt", event.target.value)} />}
        </Field>
      </div>

      <VersionImages cover={cover} coverAlt={draft.coverAlt} body={draft.body} language={language} publishing={draft.status === "published"} media={media} onMedia={onMedia} />

      <fieldset className="version-form__status" aria-describedby={errors.status ? `${idFor("status")}-error` : `${idFor("status")}-hint`}>
        <legend>{labels.status}</legend>
        <p id={`${idFor("status")}-hint`} className="admin-field__hint">
          {t("admin.version.status_hint")}
        </p>
        {(["draft", "published"] as const).map((status) => (
          <label key={status} className="version-form__radio">
            <input
              type="radio"
              name="status"
              id={status === "draft" ? idFor("status") : undefined}
              value={status}
              checked={draft.status === status}
              disabled={status === "published" && !mayPublish}
              onChange={() => set("status", status)}
            />
            {t(`admin.status_label.${status}`)}
          </label>
        ))}
        {!mayPublish && <p className="admin-field__hint">{t("admin.version.publish_is_editors")}</p>}
        {errors.status && (
          <p id={`${idFor("status")}-error`} className="admin-field__error">
            {errors.status}
          </p>
        )}
      </fieldset>
      </fieldset>

      <div className="admin-form__actions">
        {mayEdit && (
          <button type="submit" className="button" disabled={saving}>
            {draft.status === "published" ? (saved.status === "published" ? t("admin.common.save") : t("admin.version.save_and_publish")) : t("admin.version.save_draft")}
          </button>
        )}
        {dirty && <span className="version-form__unsaved">{t("admin.version.unsaved")}</span>}
        {publicPath && saved.status === "published" && (
          <a className="button button--secondary" href={publicPath} target="_blank" rel="noopener">
            {t("admin.version.view")}
            <span className="visually-hidden"> {t("admin.version.new_tab")}</span>
          </a>
        )}
        {version && mayPublish && (
          <button type="button" className="button button--danger version-form__delete" disabled={saving} onClick={() => setConfirmingDelete(true)}>
            {t("admin.version.delete")}
          </button>
        )}
      </div>

      <ConfirmDialog
        open={confirmingDelete}
        title={t("admin.version.delete_title", { language: language.label })}
        confirmLabel={t("admin.version.delete_confirm")}
        tone="danger"
        busy={saving}
        onConfirm={() => void deleteVersion()}
        onCancel={() => setConfirmingDelete(false)}
      >
        <p>{t("admin.version.delete_text", { title: version?.title ?? "", language: language.label })}</p>
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
