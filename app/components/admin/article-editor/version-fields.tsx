/**
 * The version form's fields, in the version's language and direction: title, slug (following the title until
 * edited by hand), summary, the cover's alt text, the images' alt texts, and the Markdown body beside a live
 * preview through the public pages' renderer. Each field's error is shown at the field (FormField).
 */
import { useDeferredValue, useMemo, useState } from "react";
import { useWatch, type Control, type UseFormReturn } from "react-hook-form";
import type { AdminArticleVersion, AdminVersionDetail } from "#core/admin/articles/schema.ts";
import { ARTICLE_LIMITS } from "#core/article-rules.ts";
import { renderMarkdown } from "#core/markdown.ts";
import { FormField } from "#app/components/admin/form-fields.tsx";
import { InsertImageButton, VersionImages } from "#app/components/admin/media/editor-images.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";
import { TranslationWriting, type Workbench } from "#app/components/admin/workbench/translation-writing.tsx";
import type { VersionText } from "./diff-text.tsx";
import type { EditorLanguage, EditorMediaProps } from "./editor-shared.ts";
import { editedText } from "./version-conflict.tsx";
import { addressSlug, slugEditedIn, slugForTitle, VERSION_FIELDS } from "./version-text.ts";

export const versionFieldId = (field: string) => `version-${field}`;

/** The text as typed, field by field (each change re-renders what shows it: preview, address, images). */
export function useTypedText(control: Control<VersionText>): VersionText {
  const [title, slug, summary, body, coverAlt] = useWatch({ control, name: VERSION_FIELDS });
  return { title, slug, summary, body, coverAlt };
}

/** The slug follows the title until edited by hand; a stored slug that is not the title's counts as edited. */
export function useSlugFollowsTitle(form: UseFormReturn<VersionText>, version: AdminVersionDetail | null) {
  const [slugEdited, setSlugEdited] = useState(() => version !== null && slugEditedIn(editedText(version)));
  const set = (field: keyof VersionText, value: string) => form.setValue(field, value, { shouldDirty: true });
  return {
    slugEdited,
    set,
    changeTitle: (title: string) => {
      set("title", title);
      set("slug", slugForTitle(title, form.getValues("slug"), slugEdited));
    },
    changeSlug: (slug: string) => {
      // Emptying the field hands the slug back to the title (the server makes it from the title when empty).
      setSlugEdited(slug !== "");
      set("slug", slug);
    },
    /** The slug follows the title again (their text taken, or the source's copied). */
    follow: () => setSlugEdited(false),
  };
}

type Slug = ReturnType<typeof useSlugFollowsTitle>;

/** Each field's change handler by its id, for what was typed into it before hydration (useTypedBeforeHydration). */
export function typedTextHandlers(slug: Slug): Record<string, (value: string) => void> {
  return {
    [versionFieldId("title")]: slug.changeTitle,
    [versionFieldId("slug")]: slug.changeSlug,
    ...Object.fromEntries(
      (["summary", "body", "coverAlt"] as const).map((field) => [
        versionFieldId(field),
        (value: string) => slug.set(field, value),
      ]),
    ),
  };
}

interface VersionFieldsProps extends EditorMediaProps {
  control: Control<VersionText>;
  typed: VersionText;
  slug: Slug;
  articleId: number;
  language: EditorLanguage;
  labels: Record<keyof VersionText, string>;
  /** The article's saved cover: its alt text is part of this version's. */
  cover: string | null;
  /** Whether the version can be published from here (the images' missing alt texts are flagged then). */
  publishing: boolean;
  /** A new translation's source, to start from a copy of it (null: no such button). */
  copyFrom: AdminArticleVersion | null;
  /** A translation's source, for editing its body segment by segment (null: the source itself). */
  workbench: Workbench | null;
}

export function VersionFields({
  control,
  typed,
  slug,
  articleId,
  language,
  labels,
  cover,
  publishing,
  copyFrom,
  workbench,
  media,
  mediaLimits,
  onMedia,
}: VersionFieldsProps) {
  const { t } = useAdminText();
  const textAttributes = { lang: language.code, dir: language.dir };
  const addressPrefix = language.articlesPath ? `${language.articlesPath}/${articleId}/` : null;

  const writing = (
    <VersionWriting
      control={control}
      typed={typed}
      slug={slug}
      language={language}
      media={media}
      mediaLimits={mediaLimits}
      onMedia={onMedia}
    />
  );

  /** A new translation starts from the source's text (its address from the title once translated). */
  function copySource(source: AdminArticleVersion) {
    for (const field of ["title", "summary", "body", "coverAlt"] as const) slug.set(field, source[field]);
    slug.set("slug", "");
    slug.follow();
    document.getElementById(versionFieldId("title"))?.focus();
  }

  return (
    <>
      {copyFrom && (
        <p className="version-form__copy">
          <button type="button" className="button button--small button--secondary" onClick={() => copySource(copyFrom)}>
            {t("admin.version.copy_source")}
          </button>{" "}
          <span className="admin-field__hint">{t("admin.version.copy_source_hint")}</span>
        </p>
      )}

      <div className="version-form__meta">
        <TitleAndSlug
          control={control}
          typed={typed}
          slug={slug}
          language={language}
          labels={labels}
          addressPrefix={addressPrefix}
        />
        <FormField
          control={control}
          name="summary"
          id={versionFieldId("summary")}
          label={labels.summary}
          hint={t("admin.version.summary_hint", { max: ARTICLE_LIMITS.summaryLength })}
          className="version-form__wide"
        >
          {(aria, field) => <textarea {...aria} {...textAttributes} {...field} rows={2} />}
        </FormField>
      </div>

      {/* The cover's description and the images' alt texts come before the body and its preview: the preview's
          headings are the article's (h2…), and a heading of this form after them would break the outline. */}
      <div className="version-form__meta">
        <FormField
          control={control}
          name="coverAlt"
          id={versionFieldId("coverAlt")}
          label={labels.coverAlt}
          hint={t("admin.version.cover_alt_hint")}
          className="version-form__wide"
        >
          {(aria, field) => <input {...aria} {...textAttributes} {...field} type="text" autoComplete="off" />}
        </FormField>
      </div>

      <VersionImages
        cover={cover}
        coverAlt={typed.coverAlt}
        body={typed.body}
        language={language}
        publishing={publishing}
        media={media}
        onMedia={onMedia}
      />
      {workbench ? (
        <TranslationWriting
          workbench={workbench}
          language={language}
          body={typed.body}
          onBody={(body) => slug.set("body", body)}
          whole={writing}
        />
      ) : (
        writing
      )}
    </>
  );
}

/** The title, and the slug that follows it until edited by hand, with the address it makes. */
function TitleAndSlug({
  control,
  typed,
  slug,
  language,
  labels,
  addressPrefix,
}: Pick<VersionFieldsProps, "control" | "typed" | "slug" | "language" | "labels"> & { addressPrefix: string | null }) {
  const { t } = useAdminText();
  const textAttributes = { lang: language.code, dir: language.dir };
  return (
    <>
      <FormField
        control={control}
        name="title"
        id={versionFieldId("title")}
        label={labels.title}
        className="version-form__wide"
      >
        {(aria, field) => (
          <input
            {...aria}
            {...textAttributes}
            ref={field.ref}
            type="text"
            autoComplete="off"
            maxLength={ARTICLE_LIMITS.titleLength}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => slug.changeTitle(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        control={control}
        name="slug"
        id={versionFieldId("slug")}
        label={labels.slug}
        hint={t(slug.slugEdited ? "admin.version.slug_edited" : "admin.version.slug_follows")}
        className="version-form__wide"
      >
        {(aria, field) => (
          <>
            <input
              {...aria}
              ref={field.ref}
              type="text"
              dir="auto"
              autoComplete="off"
              spellCheck={false}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => slug.changeSlug(event.target.value)}
            />
            {addressPrefix && (
              <p className="version-form__address">
                {t("admin.version.address")} <bdi dir="ltr">{`${addressPrefix}${addressSlug(typed)}`}</bdi>
              </p>
            )}
          </>
        )}
      </FormField>
    </>
  );
}

/** The Markdown body and its live preview, rendered as the public page renders it. */
function VersionWriting({
  control,
  typed,
  slug,
  language,
  media,
  mediaLimits,
  onMedia,
}: Pick<VersionFieldsProps, "control" | "typed" | "slug" | "language"> & EditorMediaProps) {
  const { t } = useAdminText();
  const textAttributes = { lang: language.code, dir: language.dir };
  const previewSource = useDeferredValue(typed.body);
  const previewHtml = useMemo(
    () => renderMarkdown(previewSource, { media, language: language.code }),
    [previewSource, media, language.code],
  );
  return (
    <div className="version-form__writing">
      <FormField
        control={control}
        name="body"
        id={versionFieldId("body")}
        label={t("admin.source.body_markdown")}
        hint={t("admin.version.body_hint")}
        className="version-form__source"
      >
        {(aria, field) => (
          <>
            <textarea {...aria} {...textAttributes} {...field} rows={22} spellCheck />
            <InsertImageButton
              textareaId={versionFieldId("body")}
              body={typed.body}
              language={language}
              limits={mediaLimits}
              onInsert={(body, item) => {
                onMedia(item);
                slug.set("body", body);
              }}
            />
          </>
        )}
      </FormField>
      <div className="version-form__preview">
        <h4 id="preview-title" className="version-form__preview-title">
          {t("admin.version.preview")}
        </h4>
        {/* The preview scrolls: a focusable region, so it scrolls from the keyboard too (also while the fields are disabled). */}
        <div
          className="version-form__preview-page"
          {...textAttributes}
          role="region"
          aria-labelledby="preview-title"
          tabIndex={0}
        >
          {typed.title && <p className="version-form__preview-headline">{typed.title}</p>}
          <div className="prose" dangerouslySetInnerHTML={{ __html: previewHtml }} />
        </div>
      </div>
    </div>
  );
}
