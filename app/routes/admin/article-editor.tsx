/**
 * /admin/articles/:articleId ("new" creates one) — docs/product.md §5, §7: the
 * article's details, then one version per language with a live preview drawn
 * by the same safe Markdown renderer the public pages use. Writes go through
 * the admin API; the loader data is revalidated afterwards. The parts live in
 * app/components/admin/article-editor/. A translator (decision 0072) edits
 * only the versions in their languages, as drafts unless they may publish;
 * the article's details and deletion are an editor's.
 */
import { useMemo, useState } from "react";
import { data, Link, useRevalidator, useSearchParams } from "react-router";
import { articleIdParam, type AdminVersionDetail } from "#core/admin/articles/schema.ts";
import { may as mayDo } from "#core/auth/roles.ts";
import { mediaIdsUsed } from "#core/media-rules.ts";
import { pickLanguages, stringsReading } from "#core/auth/reading.ts";
import { articleAsReadBy, articleFieldsTag, findArticle, sourceRevisions } from "#server/admin/articles/reads.ts";
import { findVersions, versionRepresentation, versionTag } from "#server/content/version-reads.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { articleAlternates } from "#server/content/article-page.ts";
import { sectionPathIn } from "#server/content/public-sections.ts";
import { servicesContext } from "#server/content/context.ts";
import { loadRenditions } from "#server/media/renditions.ts";
import { ArticleDetails } from "#app/components/admin/article-editor/article-details.tsx";
import { DeleteArticle } from "#app/components/admin/article-editor/delete-article.tsx";
import type { EditorLanguage } from "#app/components/admin/article-editor/editor-shared.ts";
import { VersionForm } from "#app/components/admin/article-editor/version-form.tsx";
import { VersionTabs } from "#app/components/admin/article-editor/version-tabs.tsx";
import { VersionHistory } from "#app/components/admin/article-editor/version-history.tsx";
import { VersionPublishingPanel } from "#app/components/admin/article-editor/version-publishing.tsx";
import { SourcePanel } from "#app/components/admin/article-editor/source-panel.tsx";
import { workbenchOf } from "#app/components/admin/workbench/translation-writing.tsx";
import { SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import type { MediaByID } from "#app/components/admin/media/editor-images.tsx";
import type { MediaItem } from "#app/components/admin/media/upload.ts";
import { useMay } from "#app/lib/admin-grant.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-workbench.css";
import "#app/styles/admin-articles.css";
import type { Route } from "./+types/article-editor";

function readablePath(path: string | null): string | null {
  if (path === null) return null;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireScreen(context);
  const services = context.get(servicesContext);
  const resident = services.content.current();
  const languages: EditorLanguage[] = resident.languages.map((language) => ({
    code: language.code,
    label: language.label,
    dir: language.dir,
    enabled: language.enabled,
    favorite: language.favorite,
    articlesPath: readablePath(language.enabled ? sectionPathIn(resident, language, "ARTICLES") : null),
  }));
  const mediaLimits = services.config.media;
  if (params.articleId === "new")
    return {
      article: null,
      fieldsEtag: null,
      languages,
      publicPaths: {} as Record<string, string>,
      media: {} as MediaByID,
      mediaLimits,
      baseTexts: {},
      versions: {} as Record<string, EditedVersion>,
      viewerUid: user.uid,
      machineTranslation: false,
    };

  const id = articleIdParam.safeParse(params.articleId);
  const stored = id.success ? await findArticle(services, id.data) : null;
  if (!stored) throw data(null, { status: 404 });
  // Only the versions this person may read (decision 0147): a translator's languages and the article's source.
  const article = articleAsReadBy(user, stored);
  const shown = new Set(article.versions.map((version) => version.code));
  // Published versions in shown languages have a public address.
  const published = await services.content.articles.published(article.id);
  const publicPaths: Record<string, string> = Object.fromEntries(
    published
      ? articleAlternates(resident, published).flatMap((alternate) =>
          shown.has(alternate.hrefLang) ? [[alternate.hrefLang, alternate.path]] : [],
        )
      : [],
  );
  const altScope = stringsReading(user, resident.languages.find((language) => language.favorite)?.code);
  const renditions = await loadRenditions(
    services.database.db,
    mediaIdsUsed(
      article.cover,
      article.versions.map((version) => version.body),
    ),
  );
  const media: MediaByID = Object.fromEntries(
    Object.entries(renditions).map(([mediaId, rendition]) => [
      mediaId,
      { ...rendition, alt: pickLanguages(altScope, rendition.alt) },
    ]),
  );
  // The source's text each outdated translation was made from, for the diff beside it.
  const behind = [
    ...new Set(
      article.versions
        .filter((version) => version.baseRevision < article.sourceRevision)
        .map((version) => version.baseRevision),
    ),
  ];
  const baseTexts = await sourceRevisions(services, article.id, behind);
  // Each shown version as its GET answers it, with the ETag its writes name (decision 0151). The source a
  // translator reads is its stored text only: its pending changes are not theirs to read, nor to write.
  const details = await findVersions(services.database.db, article.id);
  const edited = (version: AdminVersionDetail): EditedVersion =>
    mayDo(user, "read", version.code)
      ? { version, etag: versionTag(versionRepresentation(version)) }
      : { version: { ...version, pendingChanges: null }, etag: null };
  const versions: Record<string, EditedVersion> = Object.fromEntries(
    details.filter((version) => shown.has(version.code)).map((version) => [version.code, edited(version)]),
  );
  // The ETag of the article's own fields (decision 0151): what the details, the source choice and the deletion are made from.
  return {
    article,
    fieldsEtag: articleFieldsTag(stored),
    languages,
    publicPaths,
    media,
    mediaLimits,
    baseTexts,
    versions,
    viewerUid: user.uid,
    // Whether the workbench offers machine suggestions (decision 0218): never the provider's address or key.
    machineTranslation: services.config.machineTranslation !== null,
  };
}

/** A version as the editor edits it: as its GET answers it, with its ETag (null when the viewer may not write it). */
interface EditedVersion {
  version: AdminVersionDetail;
  etag: string | null;
}

export default function AdminArticleEditor({ loaderData }: Route.ComponentProps) {
  const {
    article,
    fieldsEtag,
    languages,
    publicPaths,
    mediaLimits,
    baseTexts,
    versions,
    viewerUid,
    machineTranslation,
  } = loaderData;
  // Images chosen or re-described here since the page loaded, over those the loader found.
  const [picked, setPicked] = useState<MediaByID>({});
  const media = useMemo(() => ({ ...loaderData.media, ...picked }), [loaderData.media, picked]);
  const mediaProps = {
    media,
    mediaLimits,
    onMedia: (item: MediaItem) => setPicked((current) => ({ ...current, [item.id]: item.rendition })),
  };
  const [searchParams] = useSearchParams();
  const feedback = useSaveFeedback();
  const favorite = languages.find((language) => language.favorite) ?? languages[0]!;
  const revalidator = useRevalidator();
  // A change made beside the form (History's restore, Mark up to date): the page's data is read again and the form follows it.
  const afterOutsideChange = async (message: string) => {
    feedback.success(message);
    await revalidator.revalidate();
  };

  // The language in the address, else the favorite language's version, else any version, else a new favorite-language one.
  const hasVersion = (language: EditorLanguage) =>
    article?.versions.some((version) => version.code === language.code) ?? false;
  const may = useMay();
  // A language is offered when its version was sent (the person may read it) or they may write one.
  const offered = (language: EditorLanguage) => hasVersion(language) || may("translate", language.code);
  const selected =
    languages.find((language) => language.code === searchParams.get("language") && offered(language)) ??
    languages.find((language) => language.favorite && hasVersion(language)) ??
    languages.find(hasVersion) ??
    languages.find(offered) ??
    favorite;
  const headline =
    article && (article.versions.find((version) => version.code === favorite.code) ?? article.versions[0]);
  const mayManage = may("content.manage");
  const { t } = useAdminText();
  const selectedVersion = article?.versions.find((version) => version.code === selected.code) ?? null;
  const edited = versions[selected.code] ?? null;
  // A translation (or a new one) is edited beside its source.
  const source =
    article?.versions.find((version) => version.code === article.sourceLanguage && version.code !== selected.code) ??
    null;
  const sourceLanguage = source && languages.find((language) => language.code === source.code);

  return (
    <div className="admin-page article-editor">
      <title>
        {t("admin.layout.page_title", {
          screen: article
            ? t("admin.editor.title_edit", { title: headline?.title ?? t("admin.editor.untitled") })
            : t("admin.nav.article_new"),
        })}
      </title>
      <p className="article-editor__back">
        <Link to="/admin/articles">
          <span aria-hidden="true" className="article-editor__back-arrow">
            ←
          </span>
          {t("admin.editor.all_articles")}
        </Link>
      </p>
      {/* Until its first version is saved an article has no title: its generated key is no name for it. */}
      <h1>
        {/* The title is in its version's language, not the admin's: marked so, and isolated in its own direction (issue 44). */}
        {headline ? (
          <span lang={headline.code} dir={languages.find((language) => language.code === headline.code)?.dir}>
            {headline.title}
          </span>
        ) : article ? (
          t("admin.editor.untitled")
        ) : (
          t("admin.nav.article_new")
        )}
      </h1>
      <SaveStatus feedback={feedback} />

      {mayManage && (
        <ArticleDetails
          key={article?.id ?? "new"}
          article={article}
          fieldsEtag={fieldsEtag}
          favoriteCode={favorite.code}
          onSaved={feedback.success}
          {...mediaProps}
        />
      )}

      {article && (
        <>
          <section className="admin-panel" aria-labelledby="versions-title">
            <h2 id="versions-title">{t("admin.editor.versions")}</h2>
            <VersionTabs
              article={article}
              languages={languages}
              selected={selected}
              pending={Object.values(versions).flatMap(({ version }) => (version.pendingChanges ? [version.code] : []))}
            />
            <div className={source ? "translation-layout" : undefined}>
              {source && sourceLanguage && (
                <SourcePanel
                  article={article}
                  fieldsEtag={fieldsEtag}
                  sourceLanguage={sourceLanguage}
                  source={source}
                  translation={selectedVersion}
                  translationLanguage={selected}
                  translationEtag={edited?.etag ?? null}
                  base={selectedVersion ? (baseTexts[selectedVersion.baseRevision] ?? null) : null}
                  media={media}
                  onSaved={feedback.success}
                />
              )}
              <VersionForm
                key={`${article.id}:${selected.code}`}
                articleId={article.id}
                language={selected}
                version={edited?.version ?? null}
                etag={edited?.etag ?? null}
                publicPath={publicPaths[selected.code] ?? null}
                onSaved={feedback.success}
                cover={article.cover}
                source={source}
                sourceRevision={source ? article.sourceRevision : null}
                viewerUid={viewerUid}
                workbench={
                  source && sourceLanguage
                    ? workbenchOf(
                        source,
                        sourceLanguage,
                        selectedVersion,
                        article.sourceRevision,
                        baseTexts,
                        machineTranslation,
                      )
                    : null
                }
                {...mediaProps}
              />
            </div>
          </section>
          {/* A version's publishing state and history are read in one's own languages only (a translator's source is text only). */}
          {edited && may("read", selected.code) && (
            <>
              <VersionPublishingPanel
                articleId={article.id}
                language={selected}
                version={edited.version}
                etag={edited.etag}
                onMessage={feedback.success}
              />
              <VersionHistory
                articleId={article.id}
                language={selected}
                version={edited.version}
                etag={edited.etag}
                onRestored={(message) => void afterOutsideChange(message)}
              />
            </>
          )}
          {mayManage && (
            <DeleteArticle
              article={article}
              fieldsEtag={fieldsEtag}
              title={headline?.title ?? article.key}
              onDeleted={feedback.success}
            />
          )}
        </>
      )}
    </div>
  );
}
