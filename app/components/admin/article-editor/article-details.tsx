/**
 * The article's details (author, key, cover, tags): creates the article when it is new, else saves what
 * changed, from the ETag of the article's fields (decision 0151); when someone else saved them meanwhile,
 * the conflict notice shows what they changed beside the fields, which keep this person's text. The draft
 * and its errors are react-hook-form's, checked with the API's schemas (decision 0185).
 */
import { useEffect, useState } from "react";
import { useWatch, type Control } from "react-hook-form";
import { useNavigate, useRevalidator } from "react-router";
import {
  createArticleInput,
  updateArticleInput,
  type AdminArticle,
  type ArticleFields,
} from "#core/admin/articles/schema.ts";
import { useAdminForm, type AdminForm } from "#app/components/admin/admin-form.ts";
import { ConflictNotice, conflictOf, type Conflict } from "#app/components/admin/conflict-notice.tsx";
import { ARTICLE_LIMITS, isRomeCode, splitTags, uniqueTags } from "#core/article-rules.ts";
import { mediaIdOf } from "#core/media-rules.ts";
import { FormErrorSummary, FormField } from "#app/components/admin/form-fields.tsx";
import { CoverPicker, type MediaByID } from "#app/components/admin/media/editor-images.tsx";
import { api } from "#app/lib/api-client.ts";
import { ARTICLES_API, type EditorMediaProps } from "./editor-shared.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useTypedBeforeHydration } from "#app/lib/typed-before-hydration.ts";

const DETAIL_FIELDS = ["author", "cover", "tags", "key"] as const;

export interface DetailsDraft {
  author: string;
  cover: string;
  tags: string;
  key: string;
}

export function detailsOf(article: Pick<AdminArticle, "author" | "cover" | "tags" | "key"> | null): DetailsDraft {
  return {
    author: article?.author ?? "",
    cover: article?.cover ?? "",
    tags: article?.tags.join(", ") ?? "",
    key: article?.key ?? "",
  };
}

/** What the API takes for the draft: every field for a new article, else only those that differ from `base`. */
export function detailsBody(draft: DetailsDraft, base: DetailsDraft | null): Record<string, unknown> {
  const payload = {
    author: draft.author,
    cover: draft.cover.trim() === "" ? null : draft.cover,
    tags: splitTags(draft.tags),
    key: draft.key.trim() || undefined,
  };
  return base === null
    ? payload
    : Object.fromEntries(
        Object.entries(payload).filter(
          ([field]) => draft[field as keyof DetailsDraft] !== base[field as keyof DetailsDraft],
        ),
      );
}

const sameDetails = (a: DetailsDraft, b: DetailsDraft) => DETAIL_FIELDS.every((field) => a[field] === b[field]);

interface ArticleDetailsProps {
  article: AdminArticle | null;
  /** The ETag of the article's fields as the page read them (null for a new article). */
  fieldsEtag: string | null;
  favoriteCode: string;
  onSaved: (message: string) => void;
}

interface Base {
  details: DetailsDraft;
  etag: string | null;
}

/**
 * When the page reads the fields again (after a save here or elsewhere on the page), an untouched form follows
 * them; `adopt` takes fields as saved (by this form or the other person) with their ETag.
 */
function useFollowedBase(
  article: AdminArticle | null,
  fieldsEtag: string | null,
  { form }: AdminForm<DetailsDraft>,
  [base, setBase]: [Base, (base: Base) => void],
) {
  const [conflict, setConflict] = useState<Conflict<ArticleFields> | null>(null);
  const dirty = form.formState.isDirty;
  const [readEtag, setReadEtag] = useState(fieldsEtag);
  if (readEtag !== fieldsEtag) {
    setReadEtag(fieldsEtag);
    if (!dirty) setBase({ details: detailsOf(article), etag: fieldsEtag });
  }
  useEffect(() => {
    if (!dirty && !sameDetails(form.getValues(), base.details)) form.reset(base.details, { keepErrors: true });
  }, [base.details, dirty, form]);
  function adopt(details: DetailsDraft, etag: string | null) {
    setBase({ details, etag });
    form.reset(details);
    setConflict(null);
  }
  return { conflict, setConflict, adopt };
}

const idFor = (field: string) => `details-${field}`;

/** Saving the details (from the ETag read, or the other person's: "Save mine anyway"), and taking theirs. */
function useDetailsWrites(
  adminForm: AdminForm<DetailsDraft>,
  { conflict, setConflict, adopt }: ReturnType<typeof useFollowedBase>,
  base: Base,
  { article, favoriteCode, onSaved }: Pick<ArticleDetailsProps, "article" | "favoriteCode" | "onSaved">,
) {
  const { t } = useAdminText();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { form } = adminForm;
  /** Sends the draft from the fields with ETag `from` (the ones read, or the other person's: "Save mine anyway"). */
  async function send(draft: DetailsDraft, from: string | null) {
    try {
      if (article) {
        const result = await api.tagged.patch<{ article: AdminArticle }>(
          `${ARTICLES_API}/${article.id}`,
          detailsBody(draft, base.details),
          from === null ? {} : { ifMatch: from },
        );
        const afterConflict = conflict !== null;
        adopt(detailsOf(result.data.article), result.etag);
        // The conflict notice had the focus: it goes to the first field, never to the page.
        if (afterConflict) document.getElementById(idFor("author"))?.focus();
        adminForm.show({}, null);
        onSaved(t("admin.details.saved"));
        await revalidator.revalidate();
      } else {
        const result = await api.post<{ article: AdminArticle }>(ARTICLES_API, detailsBody(draft, null));
        onSaved(t("admin.details.created"));
        await navigate(`/admin/articles/${result.article.id}?language=${encodeURIComponent(favoriteCode)}`);
      }
    } catch (error) {
      const met = conflictOf<ArticleFields>(error);
      if (met?.current) {
        adminForm.show({}, null);
        setConflict(met);
      } else
        adminForm.showFailure(
          error,
          DETAIL_FIELDS,
          t(article ? "admin.editor.details_failed" : "admin.editor.create_failed"),
        );
    }
  }

  function save(from: string | null) {
    if (article && Object.keys(detailsBody(form.getValues(), base.details)).length === 0)
      return adminForm.show({}, t("admin.details.unchanged"));
    void adminForm.submit((draft) => send(draft, from))();
  }

  function takeTheirs({ current, etag }: Conflict<ArticleFields>) {
    if (current === null) return;
    adopt(detailsOf(current), etag);
    document.getElementById(idFor("author"))?.focus();
  }

  return { save, takeTheirs };
}

/** What the other person changed: the fields whose stored value is no longer the one the draft came from. */
function TheirDetails({
  theirs,
  base,
  labels,
}: {
  theirs: DetailsDraft;
  base: DetailsDraft;
  labels: Record<string, string>;
}) {
  return (
    <dl className="conflict-notice__fields">
      {DETAIL_FIELDS.filter((field) => theirs[field] !== base[field]).map((field) => (
        <div key={field}>
          <dt>{labels[field]}</dt>
          <dd dir="auto">{theirs[field]}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ArticleDetails({
  article,
  fieldsEtag,
  favoriteCode,
  onSaved,
  media,
  mediaLimits,
  onMedia,
}: ArticleDetailsProps & EditorMediaProps) {
  const { t } = useAdminText();
  const labels: Record<string, string> = Object.fromEntries(
    DETAIL_FIELDS.map((field) => [field, t(`admin.details.${field}`)]),
  );
  // The fields the draft is made from and their ETag: as read, or the other person's once theirs are taken.
  const [base, setBase] = useState<Base>({ details: detailsOf(article), etag: fieldsEtag });
  const adminForm = useAdminForm<DetailsDraft>(
    article
      ? { schema: updateArticleInput, toInput: (draft) => detailsBody(draft, base.details) }
      : { schema: createArticleInput, toInput: (draft) => detailsBody(draft, null) },
    { defaultValues: detailsOf(article) },
  );
  const { form } = adminForm;
  const followed = useFollowedBase(article, fieldsEtag, adminForm, [base, setBase]);
  const { conflict } = followed;
  const { save, takeTheirs } = useDetailsWrites(adminForm, followed, base, { article, favoriteCode, onSaved });
  const saving = form.formState.isSubmitting;
  useTypedBeforeHydration(
    Object.fromEntries(
      DETAIL_FIELDS.map((field) => [
        idFor(field),
        (value: string) => form.setValue(field, value, { shouldDirty: true }),
      ]),
    ),
  );

  return (
    <section className="admin-panel" aria-labelledby="details-title">
      <h2 id="details-title">{t(article ? "admin.details.title" : "admin.details.title_new")}</h2>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save(base.etag);
        }}
        aria-busy={saving}
      >
        <FormErrorSummary formErrors={adminForm} labels={labels} idFor={idFor} />
        {conflict?.current && (
          <ConflictNotice
            theirs={<TheirDetails theirs={detailsOf(conflict.current)} base={base.details} labels={labels} />}
            busy={saving}
            onSaveMine={() => save(conflict.etag)}
            onTakeTheirs={() => takeTheirs(conflict)}
          />
        )}
        <DetailsFields
          control={form.control}
          isNew={article === null}
          labels={labels}
          idFor={idFor}
          favoriteCode={favoriteCode}
          media={media}
          mediaLimits={mediaLimits}
          onMedia={onMedia}
        />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {t(article ? "admin.details.save" : "admin.details.create")}
          </button>
        </div>
      </form>
    </section>
  );
}

interface DetailsFieldsProps extends EditorMediaProps {
  control: Control<DetailsDraft>;
  isNew: boolean;
  labels: Record<string, string>;
  idFor: (field: string) => string;
  favoriteCode: string;
}

function DetailsFields({
  control,
  isNew,
  labels,
  idFor,
  favoriteCode,
  media,
  mediaLimits,
  onMedia,
}: DetailsFieldsProps) {
  const { t } = useAdminText();
  const [tags, cover] = useWatch({ control, name: ["tags", "cover"] });
  const romeCodes = uniqueTags(splitTags(tags)).filter(isRomeCode);
  return (
    <>
      <div className="article-details__grid">
        <FormField
          control={control}
          name="author"
          id={idFor("author")}
          label={labels.author!}
          hint={t("admin.details.author_hint")}
        >
          {(aria, field) => (
            <input
              {...aria}
              {...field}
              type="text"
              dir="auto"
              autoComplete="off"
              maxLength={ARTICLE_LIMITS.authorLength}
            />
          )}
        </FormField>
        <FormField
          control={control}
          name="key"
          id={idFor("key")}
          label={labels.key!}
          hint={t(isNew ? "admin.details.key_hint_new" : "admin.details.key_hint")}
        >
          {(aria, field) => <input {...aria} {...field} type="text" dir="ltr" autoComplete="off" spellCheck={false} />}
        </FormField>
        <FormField
          control={control}
          name="cover"
          id={idFor("cover")}
          label={labels.cover!}
          hint={t("admin.details.cover_hint")}
          className="article-details__wide"
        >
          {(aria, field) => (
            <>
              <input {...aria} {...field} type="text" inputMode="url" dir="ltr" autoComplete="off" spellCheck={false} />
              <CoverPicker
                languageCode={favoriteCode}
                limits={mediaLimits}
                onPick={(picked, item) => {
                  onMedia(item);
                  field.onChange(picked);
                }}
              />
            </>
          )}
        </FormField>
        <FormField
          control={control}
          name="tags"
          id={idFor("tags")}
          label={labels.tags!}
          hint={t("admin.details.tags_hint", { max: ARTICLE_LIMITS.tagCount })}
          className="article-details__wide"
        >
          {(aria, field) => <input {...aria} {...field} type="text" dir="auto" autoComplete="off" />}
        </FormField>
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
      {cover && <CoverPreview cover={cover} media={media} />}
    </>
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
  return id === null && /^(\/[^/]|https:\/\/)/.test(cover) ? (
    <img className="article-editor__cover" src={cover} alt="" width="240" height="126" loading="lazy" />
  ) : null;
}
