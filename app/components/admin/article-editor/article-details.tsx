/**
 * The article's details (author, key, cover, tags): creates the article when it is new, else saves what
 * changed, from the ETag of the article's fields (decision 0151); when someone else saved them meanwhile,
 * the conflict notice shows what they changed beside the fields, which keep this person's text.
 */
import { useState, type FormEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { createArticleInput, updateArticleInput, type AdminArticle, type ArticleFields } from "#core/admin/articles/schema.ts";
import { ConflictNotice, conflictOf, type Conflict } from "#app/components/admin/conflict-notice.tsx";
import { ARTICLE_LIMITS, isRomeCode, splitTags, uniqueTags } from "#core/article-rules.ts";
import { mediaIdOf } from "#core/media-rules.ts";
import { Field, fieldErrorsFrom, FormErrorSummary, requestErrors, useFormErrors } from "#app/components/admin/form-fields.tsx";
import { CoverPicker, type MediaByID } from "#app/components/admin/media/editor-images.tsx";
import { api } from "#app/lib/api-client.ts";
import { ARTICLES_API, type EditorMediaProps } from "./editor-shared.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useTypedBeforeHydration } from "#app/lib/typed-before-hydration.ts";

const DETAIL_FIELDS = ["author", "cover", "tags", "key"] as const;

interface DetailsDraft {
  author: string;
  cover: string;
  tags: string;
  key: string;
}

function detailsOf(article: Pick<AdminArticle, "author" | "cover" | "tags" | "key"> | null): DetailsDraft {
  return { author: article?.author ?? "", cover: article?.cover ?? "", tags: article?.tags.join(", ") ?? "", key: article?.key ?? "" };
}

interface ArticleDetailsProps {
  article: AdminArticle | null;
  /** The ETag of the article's fields as the page read them (null for a new article). */
  fieldsEtag: string | null;
  favoriteCode: string;
  onSaved: (message: string) => void;
}

export function ArticleDetails({ article, fieldsEtag, favoriteCode, onSaved, media, mediaLimits, onMedia }: ArticleDetailsProps & EditorMediaProps) {
  const { t } = useAdminText();
  const labels: Record<string, string> = Object.fromEntries(DETAIL_FIELDS.map((field) => [field, t(`admin.details.${field}`)]));
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState(() => detailsOf(article));
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const [saving, setSaving] = useState(false);
  // The fields the draft is made from and their ETag: as read, or the other person's once theirs are taken.
  const [base, setBase] = useState({ details: detailsOf(article), etag: fieldsEtag });
  const [conflict, setConflict] = useState<Conflict<ArticleFields> | null>(null);
  // The page read the fields again (after a save here or elsewhere on the page): untouched, the form follows them.
  const [readEtag, setReadEtag] = useState(fieldsEtag);
  if (readEtag !== fieldsEtag) {
    setReadEtag(fieldsEtag);
    if (JSON.stringify(draft) === JSON.stringify(base.details)) {
      setBase({ details: detailsOf(article), etag: fieldsEtag });
      setDraft(detailsOf(article));
    }
  }
  const idFor = (field: string) => `details-${field}`;
  const romeCodes = uniqueTags(splitTags(draft.tags)).filter(isRomeCode);

  const set = (field: keyof DetailsDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  useTypedBeforeHydration(Object.fromEntries(DETAIL_FIELDS.map((field) => [idFor(field), (value: string) => set(field, value)])));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(base.etag);
  }

  /** Saves what changed from the fields with ETag `from` (the ones read, or the other person's: "Save mine anyway"). */
  async function save(from: string | null) {
    const payload = { author: draft.author, cover: draft.cover.trim() === "" ? null : draft.cover, tags: splitTags(draft.tags), key: draft.key.trim() || undefined };
    const original = base.details;
    const body = article ? Object.fromEntries(Object.entries(payload).filter(([field]) => draft[field as keyof DetailsDraft] !== original[field as keyof DetailsDraft])) : payload;
    if (article && Object.keys(body).length === 0) return formErrors.show({}, t("admin.details.unchanged"));
    const checked = (article ? updateArticleInput : createArticleInput).safeParse(body);
    if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues, t), null);

    setSaving(true);
    try {
      if (article) {
        const result = await api.tagged.patch<{ article: AdminArticle }>(`${ARTICLES_API}/${article.id}`, body, from === null ? {} : { ifMatch: from });
        const afterConflict = conflict !== null;
        setDraft(detailsOf(result.data.article));
        setBase({ details: detailsOf(result.data.article), etag: result.etag });
        setConflict(null);
        // The conflict notice had the focus: it goes to the first field, never to the page.
        if (afterConflict) document.getElementById(idFor("author"))?.focus();
        formErrors.show({}, null);
        onSaved(t("admin.details.saved"));
        await revalidator.revalidate();
      } else {
        const result = await api.post<{ article: AdminArticle }>(ARTICLES_API, body);
        onSaved(t("admin.details.created"));
        await navigate(`/admin/articles/${result.article.id}?language=${encodeURIComponent(favoriteCode)}`);
      }
    } catch (error) {
      const met = conflictOf<ArticleFields>(error);
      if (met?.current) {
        formErrors.show({}, null);
        setConflict(met);
        return;
      }
      const failure = requestErrors(error, DETAIL_FIELDS, t(article ? "admin.editor.details_failed" : "admin.editor.create_failed"), t);
      formErrors.show(failure.fields, failure.general);
    } finally {
      setSaving(false);
    }
  }

  function takeTheirs({ current, etag }: Conflict<ArticleFields>) {
    if (current === null) return;
    setBase({ details: detailsOf(current), etag });
    setDraft(detailsOf(current));
    setConflict(null);
    document.getElementById(idFor("author"))?.focus();
  }

  // What the other person changed: the fields whose stored value is no longer the one the draft came from.
  const theirs = conflict?.current ? detailsOf(conflict.current) : null;
  const theirChanges = theirs ? DETAIL_FIELDS.filter((field) => theirs[field] !== base.details[field]) : [];
  return (
    <section className="admin-panel" aria-labelledby="details-title">
      <h2 id="details-title">{t(article ? "admin.details.title" : "admin.details.title_new")}</h2>
      <form className="admin-form" noValidate onSubmit={submit} aria-busy={saving}>
        <FormErrorSummary formErrors={formErrors} labels={labels} idFor={idFor} />
        {conflict && theirs && (
          <ConflictNotice
            theirs={
              <dl className="conflict-notice__fields">
                {theirChanges.map((field) => (
                  <div key={field}>
                    <dt>{labels[field]}</dt>
                    <dd dir="auto">{theirs[field]}</dd>
                  </div>
                ))}
              </dl>
            }
            busy={saving}
            onSaveMine={() => void save(conflict.etag)}
            onTakeTheirs={() => takeTheirs(conflict)}
          />
        )}
        <div className="article-details__grid">
          <Field id={idFor("author")} label={labels.author!} hint={t("admin.details.author_hint")} error={errors.author}>
            {(control) => (
              <input
                {...control}
                type="text"
                dir="auto"
                autoComplete="off"
                maxLength={ARTICLE_LIMITS.authorLength}
                value={draft.author}
                onChange={(event) => set("author", event.target.value)}
              />
            )}
          </Field>
          <Field id={idFor("key")} label={labels.key!} hint={t(article ? "admin.details.key_hint" : "admin.details.key_hint_new")} error={errors.key}>
            {(control) => <input {...control} type="text" dir="ltr" autoComplete="off" spellCheck={false} value={draft.key} onChange={(event) => set("key", event.target.value)} />}
          </Field>
          <Field id={idFor("cover")} label={labels.cover!} hint={t("admin.details.cover_hint")} error={errors.cover} className="article-details__wide">
            {(control) => (
              <>
                <input
                  {...control}
                  type="text"
                  inputMode="url"
                  dir="ltr"
                  autoComplete="off"
                  spellCheck={false}
                  value={draft.cover}
                  onChange={(event) => set("cover", event.target.value)}
                />
                <CoverPicker
                  languageCode={favoriteCode}
                  limits={mediaLimits}
                  onPick={(cover, item) => {
                    onMedia(item);
                    set("cover", cover);
                  }}
                />
              </>
            )}
          </Field>
          <Field
            id={idFor("tags")}
            label={labels.tags!}
            hint={t("admin.details.tags_hint", { max: ARTICLE_LIMITS.tagCount })}
            error={errors.tags}
            className="article-details__wide"
          >
            {(control) => <input {...control} type="text" dir="auto" autoComplete="off" value={draft.tags} onChange={(event) => set("tags", event.target.value)} />}
          </Field>
        </div>
        {romeCodes.length > 0 && (
          <p className="article-editor__jobs">
            {t("admin.details.linked_jobs")}{" "}
            {romeCodes.map((code, index) => (
              <span key={code}>
                {index > 0 && ", "}
                <code>{code}</code>
              </span>
            ))}
          </p>
        )}
        {draft.cover && <CoverPreview cover={draft.cover} media={media} />}
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {t(article ? "admin.details.save" : "admin.details.create")}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The chosen cover: a library image's smallest variant, else the address as typed (once it looks like one). */
function CoverPreview({ cover, media }: { cover: string; media: MediaByID }) {
  const id = mediaIdOf(cover);
  const rendition = id === null ? null : media[id];
  if (rendition) {
    return (
      <img
        className="article-editor__cover"
        src={(rendition.webp[0] ?? rendition.fallback).url}
        alt=""
        width="240"
        height={Math.round((240 * rendition.height) / rendition.width)}
      />
    );
  }
  return id === null && /^(\/[^/]|https:\/\/)/.test(cover) ? <img className="article-editor__cover" src={cover} alt="" width="240" height="126" loading="lazy" /> : null;
}
