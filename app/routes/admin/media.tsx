/**
 * /admin/media — the media library: upload (drop or pick several), then every
 * image newest first with its thumbnail, size, the articles using it and its
 * alt text per language (missing ones flagged). Search by file name or alt
 * text; keyset pages ("Older images") stay fast at any library size.
 */
import { useCallback, useState } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import { listMediaQuery } from "#core/admin/media/schema.ts";
import { listMedia, mediaPageAsReadBy } from "#server/admin/media/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { parseQuery } from "#server/http/query.ts";
import { AltTextsForm, type AltLanguage } from "#app/components/admin/media/alt-text-editor.tsx";
import { formatBytes, MEDIA_API, type MediaItem } from "#app/components/admin/media/upload.ts";
import { UploadZone } from "#app/components/admin/media/upload-zone.tsx";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { UnsavedChangesGuard } from "#app/components/admin/unsaved-changes.tsx";
import { ErrorAlert, failureMessage, SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { servicesContext } from "#server/content/context.ts";
import { api } from "#app/lib/api-client.ts";
import { MEDIA_LIMITS } from "#core/media-rules.ts";
import "#app/styles/admin-media.css";
import type { Route } from "./+types/media";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useMay } from "#app/lib/admin-grant.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireScreen(context);
  const services = context.get(servicesContext);
  const { content, config } = services;
  const parsed = parseQuery(listMediaQuery, new URL(request.url).searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  // As the API answers it (decision 0147): the alt texts the reader may read, and their ETag (decision 0151).
  const favorite = content.current().languages.find((language) => language.favorite)?.code;
  const page = mediaPageAsReadBy(user, favorite, await listMedia(services, parsed.value), parsed.value.q);
  const languages: AltLanguage[] = content
    .current()
    .languages.map((language) => ({ code: language.code, label: language.label, dir: language.dir }));
  return { ...page, query: parsed.value.q, paged: parsed.value.before !== undefined, languages, limits: config.media };
}

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  const { items, next, query, paged, languages, limits } = loaderData;
  const revalidator = useRevalidator();
  const feedback = useSaveFeedback();
  const { t } = useAdminText();
  const olderLink =
    next === null ? null : `?${new URLSearchParams({ ...(query && { q: query }), before: String(next) })}`;
  // Images whose alt texts are typed and not saved, by id: leaving the page warns (in the app and in the browser).
  const [unsaved, setUnsaved] = useState<Record<number, string>>({});
  const onDirty = useCallback((item: MediaItem, dirty: boolean) => {
    setUnsaved((current) => {
      if (dirty === item.id in current) return current;
      const { [item.id]: _saved, ...others } = current;
      return dirty ? { ...current, [item.id]: item.fileName } : others;
    });
  }, []);
  const unsavedNames = Object.values(unsaved);

  return (
    <div className="admin-page media-library">
      <title>{t("admin.layout.page_title", { screen: t("admin.media.title") })}</title>
      <h1>{t("admin.media.title")}</h1>
      <SaveStatus feedback={feedback} />
      <section className="admin-panel" aria-labelledby="upload-title">
        <h2 id="upload-title">{t("admin.media.upload_title")}</h2>
        <UploadZone limits={limits} onUploaded={() => void revalidator.revalidate()} />
      </section>

      <section className="admin-panel" aria-labelledby="images-title">
        <h2 id="images-title">{t("admin.media.images")}</h2>
        <Form method="get" role="search" className="media-search">
          <label htmlFor="media-search">{t("admin.media.search_label")}</label>
          <span className="media-search__row">
            <input
              id="media-search"
              type="search"
              name="q"
              defaultValue={query}
              maxLength={MEDIA_LIMITS.searchLength}
              dir="auto"
            />
            <button type="submit" className="button button--secondary">
              {t("admin.common.search")}
            </button>
          </span>
        </Form>
        {items.length === 0 ? (
          <p className="media-library__empty">
            {query ? t("admin.media.no_match", { query }) : t("admin.media.empty")}
          </p>
        ) : (
          <ul
            className="media-list"
            aria-label={query ? t("admin.media.list_matching", { query }) : t("admin.media.list")}
          >
            {items.map((item) => (
              <MediaRow
                key={item.id}
                item={item}
                languages={languages}
                onChanged={feedback.success}
                onDirty={onDirty}
              />
            ))}
          </ul>
        )}
        <nav className="media-pages" aria-label={t("admin.media.pages")}>
          {paged && <Link to={query ? `?${new URLSearchParams({ q: query })}` : "?"}>{t("admin.media.newest")}</Link>}
          {olderLink && <Link to={olderLink}>{t("admin.media.older")}</Link>}
        </nav>
      </section>
      <UnsavedChangesGuard unsaved={unsavedNames.length > 0} title={t("admin.media.leave_title")}>
        <p>{t("admin.media.unsaved_alts", { names: unsavedNames.join(", ") })}</p>
      </UnsavedChangesGuard>
    </div>
  );
}

interface MediaRowProps {
  item: MediaItem;
  languages: AltLanguage[];
  onChanged: (message: string) => void;
  /** Whether the image's alt-text form holds unsaved texts. */
  onDirty: (item: MediaItem, dirty: boolean) => void;
}

function MediaRow({ item: initial, languages, onChanged, onDirty }: MediaRowProps) {
  const revalidator = useRevalidator();
  const [item, setItem] = useState(initial);
  const may = useMay();
  const reportDirty = useCallback((dirty: boolean) => onDirty(initial, dirty), [onDirty, initial]);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const missing = languages.filter((language) => !item.alt[language.code]);
  const titleId = `media-${item.id}-name`;
  const { t } = useAdminText();

  async function remove() {
    setBusy(true);
    try {
      await api.delete(`${MEDIA_API}/${item.id}`);
      onChanged(t("admin.media.deleted", { name: item.fileName }));
      await revalidator.revalidate();
    } catch (failure) {
      setError(failureMessage(failure, t("admin.media.delete_failed"), t));
    } finally {
      setConfirming(false);
      setBusy(false);
    }
  }

  return (
    <li className="media-item" aria-labelledby={titleId}>
      <img
        className="media-item__thumb"
        src={item.thumbnail}
        alt=""
        width={item.rendition.webp[0]?.width ?? 400}
        height={Math.round(((item.rendition.webp[0]?.width ?? 400) * item.height) / item.width)}
        loading="lazy"
      />
      <div className="media-item__body">
        <h3 id={titleId} className="media-item__name" dir="auto">
          {item.fileName}
        </h3>
        <p className="media-item__facts">
          {t("admin.media.facts", {
            format: item.format.toUpperCase(),
            // Pixels, as the file names them: no digit grouping ("1000×1600").
            width: String(item.width),
            height: String(item.height),
            uploaded: formatBytes(item.sourceBytes),
            stored: formatBytes(item.storedBytes),
          })}
        </p>
        <p className="media-item__used">
          {item.usedByCount === 0 ? (
            t("admin.media.unused")
          ) : (
            <>
              {t("admin.media.used_in")}{" "}
              {item.usedBy.map((use, index) => (
                <span key={use.id}>
                  {index > 0 && ", "}
                  <Link to={`/admin/articles/${use.id}`} dir="auto">
                    {use.title}
                  </Link>
                </span>
              ))}
              {item.usedByCount > item.usedBy.length &&
                ` ${t("admin.media.used_in_more", { count: item.usedByCount - item.usedBy.length })}`}
            </>
          )}
        </p>
        <ul className="media-item__alts" aria-label={t("admin.media.alts")}>
          {languages.map((language) => {
            const alt = item.alt[language.code];
            return (
              <li key={language.code} className={alt ? undefined : "media-item__alt--missing"}>
                <span className="media-item__alt-language">{language.code}</span>{" "}
                {alt ? (
                  <span lang={language.code} dir={language.dir}>
                    {alt}
                  </span>
                ) : (
                  <span className="alt-field__missing">{t("admin.common.missing")}</span>
                )}
              </li>
            );
          })}
        </ul>
        <ErrorAlert message={error} />
        <div className="media-item__actions">
          <button
            type="button"
            className="button button--small button--secondary"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            {editing
              ? t("admin.media.close_alt")
              : missing.length > 0
                ? t("admin.media.add_alt", { count: missing.length })
                : t("admin.media.edit_alt")}
            <span className="visually-hidden"> {t("admin.media.of_file", { name: item.fileName })}</span>
          </button>
          <button type="button" className="button button--small button--danger" onClick={() => setConfirming(true)}>
            {t("admin.common.delete")}
            <span className="visually-hidden"> {item.fileName}</span>
          </button>
        </div>
        {editing && (
          <div className="media-item__alt-editor">
            <AltTextsForm
              item={item}
              // The languages the person may write alt texts in (decision 0072).
              languages={languages.filter((language) => may("translate", language.code))}
              onSaved={(saved) => {
                setItem(saved);
                onChanged(t("admin.media.alts_saved", { name: saved.fileName }));
              }}
              onDirty={reportDirty}
            />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("admin.media.delete_title", { name: item.fileName })}
        confirmLabel={t("admin.media.delete_image")}
        tone="danger"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t(item.usedByCount > 0 ? "admin.media.still_used" : "admin.media.delete_final")}</p>
      </ConfirmDialog>
    </li>
  );
}
