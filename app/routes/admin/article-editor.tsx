/**
 * /admin/articles/:articleId ("new" creates one) — PRODUCT.md §5, §7: the
 * article's details, then one version per language with a live preview drawn
 * by the same safe Markdown renderer the public pages use. Writes go through
 * the admin API; the loader data is revalidated afterwards.
 */
import { useDeferredValue, useEffect, useMemo, useState, type FormEvent } from "react";
import { data, Form, Link, useBlocker, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { articleIdParam, createArticleInput, updateArticleInput, versionInput, type AdminArticle, type AdminArticleVersion } from "#core/admin/articles/schema.ts";
import { findArticle } from "#server/admin/articles/service.ts";
import { requireAdmin } from "#server/auth/guard.ts";
import { articleAlternates, sectionPathIn } from "#server/content/public-pages.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage, SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { Field, fieldErrorsFrom, FormErrorSummary, requestErrors, useFormErrors } from "#app/components/admin/form-fields.tsx";
import { requestContext, servicesContext } from "#server/context.ts";
import { api } from "#app/lib/api-client.ts";
import { ARTICLE_LIMITS, isRomeCode, splitTags, uniqueTags, type ArticleStatus } from "#core/article-rules.ts";
import { renderMarkdown } from "#core/markdown.ts";
import { slugify } from "#core/text.ts";
import { KEEP_FOCUS } from "#app/lib/use-focus-on-navigation.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-articles.css";
import { loadRenditions } from "#server/media/renditions.ts";
import { CoverPicker, InsertImageButton, VersionImages, type MediaByID } from "#app/components/admin/media/editor-images.tsx";
import type { MediaItem } from "#app/components/admin/media/upload.ts";
import type { UploadLimits } from "#app/components/admin/media/upload-zone.tsx";
import { mediaIdOf, mediaIdsUsed } from "#core/media-rules.ts";
import type { Route } from "./+types/article-editor";

const API = "/api/admin/articles";

function readablePath(path: string | null): string | null {
  if (path === null) return null;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context.get(requestContext).user);
  const services = context.get(servicesContext);
  const resident = services.content.current();
  const languages = resident.languages.map((language) => ({
    code: language.code,
    label: language.label,
    dir: language.dir,
    enabled: language.enabled,
    favorite: language.favorite,
    /** Where this language's articles live ("/ar/مقالات", decoded for reading); null if the language has no such section. */
    articlesPath: readablePath(language.enabled ? sectionPathIn(resident, language, "ARTICLES") : null),
  }));
  const mediaLimits = services.config.media;
  if (params.articleId === "new") return { article: null, languages, publicPaths: {} as Record<string, string>, media: {} as MediaByID, mediaLimits };

  const id = articleIdParam.safeParse(params.articleId);
  const article = id.success ? await findArticle(services, id.data) : null;
  if (!article) throw data(null, { status: 404 });
  // Published versions in shown languages have a public address.
  const published = await services.content.articles.published(article.id);
  const publicPaths: Record<string, string> = Object.fromEntries(
    published ? articleAlternates(resident, published).map((alternate) => [alternate.hrefLang, alternate.path]) : [],
  );
  const media: MediaByID = await loadRenditions(services.database.db, mediaIdsUsed(article.cover, article.versions.map((version) => version.body)));
  return { article, languages, publicPaths, media, mediaLimits };
}

type EditorLanguage = Route.ComponentProps["loaderData"]["languages"][number];

export default function AdminArticleEditor({ loaderData }: Route.ComponentProps) {
  const { article, languages, publicPaths, mediaLimits } = loaderData;
  // Images chosen or re-described here since the page loaded, over those the loader found.
  const [picked, setPicked] = useState<MediaByID>({});
  const media = useMemo(() => ({ ...loaderData.media, ...picked }), [loaderData.media, picked]);
  const mediaProps = { media, mediaLimits, onMedia: (item: MediaItem) => setPicked((current) => ({ ...current, [item.id]: item.rendition })) };
  const [searchParams] = useSearchParams();
  const feedback = useSaveFeedback();
  const favorite = languages.find((language) => language.favorite) ?? languages[0]!;

  // The language in the address, else the favorite language's version, else any version, else a new favorite-language one.
  const hasVersion = (language: EditorLanguage) => article?.versions.some((version) => version.code === language.code) ?? false;
  const selected =
    languages.find((language) => language.code === searchParams.get("language")) ??
    languages.find((language) => language.favorite && hasVersion(language)) ??
    languages.find(hasVersion) ??
    favorite;
  const headline = article && (article.versions.find((version) => version.code === favorite.code) ?? article.versions[0]);

  return (
    <div className="admin-page article-editor">
      <title>{`${article ? `Edit ${headline?.title ?? "untitled article"}` : "New article"} · Admin · Polyglot Press`}</title>
      <p className="article-editor__back">
        <Link to="/admin/articles">
          <span aria-hidden="true" className="article-editor__back-arrow">
            ←
          </span>
          All articles
        </Link>
      </p>
      {/* Until its first version is saved an article has no title: its generated key is no name for it. */}
      <h1>{article ? (headline?.title ?? "Untitled article") : "New article"}</h1>
      <SaveStatus feedback={feedback} />

      <ArticleDetails key={article?.id ?? "new"} article={article} favoriteCode={favorite.code} onSaved={feedback.success} {...mediaProps} />

      {article && (
        <>
          <section className="admin-panel" aria-labelledby="versions-title">
            <h2 id="versions-title">Language versions</h2>
            <VersionTabs article={article} languages={languages} selected={selected} />
            <VersionForm
              key={`${article.id}:${selected.code}`}
              articleId={article.id}
              language={selected}
              version={article.versions.find((version) => version.code === selected.code) ?? null}
              publicPath={publicPaths[selected.code] ?? null}
              onSaved={feedback.success}
              cover={article.cover}
              {...mediaProps}
            />
          </section>
          <DeleteArticle article={article} title={headline?.title ?? article.key} onDeleted={feedback.success} />
        </>
      )}
    </div>
  );
}

/* ---------- The article's details: author, cover, tags, key ---------- */

const DETAIL_LABELS: Record<string, string> = { author: "Author", cover: "Cover image address", tags: "Tags", key: "Key" };
const DETAIL_FIELDS = Object.keys(DETAIL_LABELS);

interface DetailsDraft {
  author: string;
  cover: string;
  tags: string;
  key: string;
}

function detailsOf(article: AdminArticle | null): DetailsDraft {
  return { author: article?.author ?? "", cover: article?.cover ?? "", tags: article?.tags.join(", ") ?? "", key: article?.key ?? "" };
}

interface EditorMediaProps {
  media: MediaByID;
  mediaLimits: UploadLimits;
  onMedia: (item: MediaItem) => void;
}

function ArticleDetails({ article, favoriteCode, onSaved, media, mediaLimits, onMedia }: { article: AdminArticle | null; favoriteCode: string; onSaved: (message: string) => void } & EditorMediaProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState(() => detailsOf(article));
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const [saving, setSaving] = useState(false);
  const idFor = (field: string) => `details-${field}`;
  const romeCodes = uniqueTags(splitTags(draft.tags)).filter(isRomeCode);

  const set = (field: keyof DetailsDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = { author: draft.author, cover: draft.cover.trim() === "" ? null : draft.cover, tags: splitTags(draft.tags), key: draft.key.trim() || undefined };
    const original = detailsOf(article);
    const body = article
      ? Object.fromEntries(Object.entries(payload).filter(([field]) => draft[field as keyof DetailsDraft] !== original[field as keyof DetailsDraft]))
      : payload;
    if (article && Object.keys(body).length === 0) return formErrors.show({}, "Nothing to save: the details are unchanged.");
    const checked = (article ? updateArticleInput : createArticleInput).safeParse(body);
    if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues), null);

    setSaving(true);
    try {
      if (article) {
        const result = await api.patch<{ article: AdminArticle }>(`${API}/${article.id}`, body);
        setDraft(detailsOf(result.article));
        formErrors.show({}, null);
        onSaved("Article details saved.");
        await revalidator.revalidate();
      } else {
        const result = await api.post<{ article: AdminArticle }>(API, body);
        onSaved("Article created. Now write its first version.");
        await navigate(`/admin/articles/${result.article.id}?language=${encodeURIComponent(favoriteCode)}`);
      }
    } catch (error) {
      const failure = requestErrors(error, DETAIL_FIELDS, article ? "save the details" : "create the article");
      formErrors.show(failure.fields, failure.general);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby="details-title">
      <h2 id="details-title">{article ? "Details" : "Who writes it, and how it looks"}</h2>
      <form className="admin-form" noValidate onSubmit={submit} aria-busy={saving}>
        <FormErrorSummary formErrors={formErrors} labels={DETAIL_LABELS} idFor={idFor} />
        <div className="article-details__grid">
          <Field id={idFor("author")} label={DETAIL_LABELS.author!} hint="Shown under the title in every language" error={errors.author}>
            {(control) => (
              <input {...control} type="text" dir="auto" autoComplete="off" maxLength={ARTICLE_LIMITS.authorLength} value={draft.author} onChange={(event) => set("author", event.target.value)} />
            )}
          </Field>
          <Field
            id={idFor("key")}
            label={DETAIL_LABELS.key!}
            hint={article ? "Its stable name in exports and logs" : "Optional: made up for you when empty"}
            error={errors.key}
          >
            {(control) => (
              <input {...control} type="text" dir="ltr" autoComplete="off" spellCheck={false} value={draft.key} onChange={(event) => set("key", event.target.value)} />
            )}
          </Field>
          <Field
            id={idFor("cover")}
            label={DETAIL_LABELS.cover!}
            hint="A library image (media:42, or choose one below), a path on this site (/covers/photo.webp) or an https:// address; optional"
            error={errors.cover}
            className="article-details__wide"
          >
            {(control) => (
              <>
                <input {...control} type="text" inputMode="url" dir="ltr" autoComplete="off" spellCheck={false} value={draft.cover} onChange={(event) => set("cover", event.target.value)} />
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
            label={DETAIL_LABELS.tags!}
            hint={`Separated by commas, at most ${ARTICLE_LIMITS.tagCount}. ROME codes such as M1805 link the article to that job's page.`}
            error={errors.tags}
            className="article-details__wide"
          >
            {(control) => (
              <input {...control} type="text" dir="auto" autoComplete="off" value={draft.tags} onChange={(event) => set("tags", event.target.value)} />
            )}
          </Field>
        </div>
        {romeCodes.length > 0 && (
          <p className="article-editor__jobs">
            Linked job pages:{" "}
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
            {article ? "Save details" : "Create article"}
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
    return <img className="article-editor__cover" src={(rendition.webp[0] ?? rendition.fallback).url} alt="" width="240" height={Math.round((240 * rendition.height) / rendition.width)} />;
  }
  return id === null && /^(\/[^/]|https:\/\/)/.test(cover) ? <img className="article-editor__cover" src={cover} alt="" width="240" height="126" loading="lazy" /> : null;
}

/* ---------- Tabs: one per existing version, plus "Add translation" ---------- */

function VersionTabs({ article, languages, selected }: { article: AdminArticle; languages: EditorLanguage[]; selected: EditorLanguage }) {
  const status = (code: string) => article.versions.find((version) => version.code === code)?.status;
  const tabs = languages.filter((language) => status(language.code) !== undefined || language.code === selected.code);
  const missing = languages.filter((language) => status(language.code) === undefined && language.code !== selected.code);
  return (
    <div className="version-tabs">
      <nav aria-label="Language versions">
        <ul className="version-tabs__list">
          {tabs.map((language) => {
            const state = status(language.code);
            return (
              <li key={language.code}>
                <Link
                  to={`?language=${encodeURIComponent(language.code)}`}
                  preventScrollReset
                  state={KEEP_FOCUS}
                  className="version-tabs__tab"
                  aria-current={language.code === selected.code ? "page" : undefined}
                >
                  <span lang={language.code} dir={language.dir}>
                    {language.label}
                  </span>
                  <span className={`version-chip__status version-chip__status--${state ?? "new"}`}>{state ?? "new"}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {missing.length > 0 && (
        <Form method="get" preventScrollReset state={KEEP_FOCUS} className="version-tabs__add">
          <label htmlFor="add-translation">Add translation</label>
          <select id="add-translation" name="language" defaultValue={missing.find((language) => language.enabled)?.code}>
            {missing.map((language) => (
              <option key={language.code} value={language.code}>
                {language.label} ({language.code}){language.enabled ? "" : " — hidden on the site"}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--small button--secondary">
            Add translation
          </button>
        </Form>
      )}
    </div>
  );
}

/* ---------- One language version: fields, live preview, save, delete ---------- */

const VERSION_LABELS: Record<string, string> = {
  title: "Title",
  slug: "Address (slug)",
  summary: "Summary",
  body: "Body",
  coverAlt: "Cover description",
  status: "Status",
};
const VERSION_FIELDS = Object.keys(VERSION_LABELS);

interface VersionDraft {
  title: string;
  slug: string;
  summary: string;
  body: string;
  coverAlt: string;
  status: ArticleStatus;
}

function versionDraftOf(version: AdminArticleVersion | null): VersionDraft {
  return {
    title: version?.title ?? "",
    slug: version?.slug ?? "",
    summary: version?.summary ?? "",
    body: version?.body ?? "",
    coverAlt: version?.coverAlt ?? "",
    status: version?.status ?? "draft",
  };
}

/** Navigation state after a deletion: the edits are gone with what was deleted, so leaving is not blocked. */
const DISCARDING = { discardEdits: true };
const isDiscarding = (state: unknown) => typeof state === "object" && state !== null && "discardEdits" in state;

const sameDraft = (a: VersionDraft, b: VersionDraft) => (Object.keys(a) as (keyof VersionDraft)[]).every((field) => a[field] === b[field]);

interface VersionFormProps {
  articleId: number;
  language: EditorLanguage;
  version: AdminArticleVersion | null;
  publicPath: string | null;
  onSaved: (message: string) => void;
  /** The article's saved cover: its alt text is part of this version's. */
  cover: string | null;
}

function VersionForm({ articleId, language, version, publicPath, onSaved, cover, media, mediaLimits, onMedia }: VersionFormProps & EditorMediaProps) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(() => versionDraftOf(version));
  const [draft, setDraft] = useState(saved);
  // The slug follows the title until edited by hand; a stored slug that is not the title's counts as edited.
  const [slugEdited, setSlugEdited] = useState(() => version !== null && version.slug !== slugify(version.title));
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const [saving, setSaving] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const idFor = (field: string) => `version-${field}`;
  const textAttributes = { lang: language.code, dir: language.dir };

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

  function changeTitle(title: string) {
    setDraft((current) => ({ ...current, title, slug: slugEdited ? current.slug : title.trim() === "" ? "" : slugify(title) }));
  }

  function changeSlug(slug: string) {
    // Emptying the field hands the slug back to the title (the server makes it from the title when empty).
    setSlugEdited(slug !== "");
    set("slug", slug);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = versionInput.safeParse(draft);
    if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues), null);
    setSaving(true);
    try {
      const result = await api.put<{ article: AdminArticle }>(`${API}/${articleId}/versions/${encodeURIComponent(language.code)}`, draft);
      const stored = versionDraftOf(result.article.versions.find((candidate) => candidate.code === language.code) ?? null);
      setSaved(stored);
      setDraft(stored);
      formErrors.clear();
      onSaved(stored.status === "published" ? `${language.label} version saved and published.` : `${language.label} draft saved; it is not on the site.`);
      await revalidator.revalidate();
    } catch (error) {
      const failure = requestErrors(error, VERSION_FIELDS, "save this version");
      formErrors.show(failure.fields, failure.general);
    } finally {
      setSaving(false);
    }
  }

  async function deleteVersion() {
    setSaving(true);
    try {
      await api.delete(`${API}/${articleId}/versions/${encodeURIComponent(language.code)}`);
      setConfirmingDelete(false);
      onSaved(`${language.label} version deleted.`);
      await navigate(`/admin/articles/${articleId}`, { preventScrollReset: true, state: DISCARDING });
    } catch (error) {
      setConfirmingDelete(false);
      formErrors.show({}, failureMessage(error, "delete this version"));
    } finally {
      setSaving(false);
    }
  }

  const addressPrefix = language.articlesPath ? `${language.articlesPath}/${articleId}/` : null;
  return (
    <form className="admin-form version-form" noValidate onSubmit={submit} aria-busy={saving} aria-labelledby="version-heading">
      <h3 id="version-heading" className="version-form__heading">
        <span {...textAttributes}>{language.label}</span> <span className="version-form__code">({language.code})</span>
        {version === null && <span className="version-form__new"> — new translation</span>}
      </h3>
      <FormErrorSummary formErrors={formErrors} labels={VERSION_LABELS} idFor={idFor} />

      <div className="version-form__meta">
        <Field id={idFor("title")} label={VERSION_LABELS.title!} error={errors.title} className="version-form__wide">
          {(control) => (
            <input {...control} {...textAttributes} type="text" autoComplete="off" maxLength={ARTICLE_LIMITS.titleLength} value={draft.title} onChange={(event) => changeTitle(event.target.value)} />
          )}
        </Field>
        <Field
          id={idFor("slug")}
          label={VERSION_LABELS.slug!}
          hint={slugEdited ? "Edited by hand; empty it to follow the title again." : "Follows the title until you edit it."}
          error={errors.slug}
          className="version-form__wide"
        >
          {(control) => (
            <>
              <input {...control} type="text" dir="auto" autoComplete="off" spellCheck={false} value={draft.slug} onChange={(event) => changeSlug(event.target.value)} />
              {addressPrefix && (
                <p className="version-form__address">
                  Address on the site: <bdi dir="ltr">{`${addressPrefix}${draft.slug || (draft.title.trim() === "" ? "…" : slugify(draft.title))}`}</bdi>
                </p>
              )}
            </>
          )}
        </Field>
        <Field id={idFor("summary")} label={VERSION_LABELS.summary!} hint={`Shown in lists and search results; at most ${ARTICLE_LIMITS.summaryLength} characters`} error={errors.summary} className="version-form__wide">
          {(control) => <textarea {...control} {...textAttributes} rows={2} value={draft.summary} onChange={(event) => set("summary", event.target.value)} />}
        </Field>
      </div>

      <div className="version-form__writing">
        <Field
          id={idFor("body")}
          label={`${VERSION_LABELS.body} (Markdown)`}
          hint="# Heading, **bold**, *italic*, [link](https://…), - list. HTML is shown as text, never run."
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
            Preview
          </h4>
          <div className="version-form__preview-page" {...textAttributes}>
            {draft.title && <p className="version-form__preview-headline">{draft.title}</p>}
            <div className="prose" dangerouslySetInnerHTML={{ __html: previewHtml }} />
          </div>
        </section>
      </div>

      <div className="version-form__meta">
        <Field id={idFor("coverAlt")} label={VERSION_LABELS.coverAlt!} hint="What the cover image shows, for people who cannot see it; empty if purely decorative" error={errors.coverAlt} className="version-form__wide">
          {(control) => <input {...control} {...textAttributes} type="text" autoComplete="off" value={draft.coverAlt} onChange={(event) => set("coverAlt", event.target.value)} />}
        </Field>
      </div>

      <VersionImages cover={cover} coverAlt={draft.coverAlt} body={draft.body} language={language} publishing={draft.status === "published"} media={media} onMedia={onMedia} />

      <fieldset className="version-form__status" aria-describedby={errors.status ? `${idFor("status")}-error` : `${idFor("status")}-hint`}>
        <legend>{VERSION_LABELS.status}</legend>
        <p id={`${idFor("status")}-hint`} className="admin-field__hint">
          A published version shows on the site as soon as it is saved.
        </p>
        {(["draft", "published"] as const).map((status) => (
          <label key={status} className="version-form__radio">
            <input type="radio" name="status" id={status === "draft" ? idFor("status") : undefined} value={status} checked={draft.status === status} onChange={() => set("status", status)} />
            {status === "draft" ? "Draft" : "Published"}
          </label>
        ))}
        {errors.status && (
          <p id={`${idFor("status")}-error`} className="admin-field__error">
            {errors.status}
          </p>
        )}
      </fieldset>

      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {draft.status === "published" ? (saved.status === "published" ? "Save" : "Save and publish") : "Save draft"}
        </button>
        {dirty && <span className="version-form__unsaved">Unsaved changes</span>}
        {publicPath && saved.status === "published" && (
          <a className="button button--secondary" href={publicPath} target="_blank" rel="noopener">
            View on the site<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        {version && (
          <button type="button" className="button button--danger version-form__delete" disabled={saving} onClick={() => setConfirmingDelete(true)}>
            Delete this translation
          </button>
        )}
      </div>

      <ConfirmDialog
        open={confirmingDelete}
        title={`Delete the ${language.label} version?`}
        confirmLabel="Delete version"
        tone="danger"
        busy={saving}
        onConfirm={() => void deleteVersion()}
        onCancel={() => setConfirmingDelete(false)}
      >
        <p>“{version?.title}” will no longer exist in {language.label}. The other languages stay.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title={`Leave without saving the ${language.label} version?`}
        confirmLabel="Discard changes"
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        <p>Your changes to this version have not been saved.</p>
      </ConfirmDialog>
    </form>
  );
}

/* ---------- Deleting the whole article ---------- */

function DeleteArticle({ article, title, onDeleted }: { article: AdminArticle; title: string; onDeleted: (message: string) => void }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = article.versions.length;

  async function remove() {
    setBusy(true);
    try {
      await api.delete(`${API}/${article.id}`);
      onDeleted(`“${title}” deleted.`);
      await navigate("/admin/articles", { state: DISCARDING });
    } catch (failure) {
      setConfirming(false);
      setError(failureMessage(failure, "delete the article"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel article-editor__danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete the article</h2>
      <p>Removes every language version from the site and from here. The audit log keeps a copy.</p>
      <ErrorAlert message={error} />
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        Delete article
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${title}”${count > 1 ? ` and its ${count} language versions` : ""}?`}
        confirmLabel="Delete article"
        tone="danger"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>It disappears from the site at once. This cannot be undone here.</p>
      </ConfirmDialog>
    </section>
  );
}
