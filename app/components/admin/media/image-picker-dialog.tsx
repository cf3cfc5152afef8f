/**
 * Choosing a library image from the article editor (for the body or the
 * cover), on the native modal <dialog>: search, newest first with "More
 * images", or upload new ones right here. Escape or Cancel closes it; focus
 * goes back to the button that opened it. It is drawn in a portal on <body>
 * only while open: its search form must not nest in the editor's forms.
 */
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { api } from "#app/lib/api-client.ts";
import { MEDIA_LIMITS } from "#core/media-rules.ts";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import type { MediaPage } from "#core/admin/media/schema.ts";
import { MEDIA_API, type MediaItem } from "#app/components/admin/media/upload.ts";
import { UploadZone, type UploadLimits } from "#app/components/admin/media/upload-zone.tsx";
import "#app/styles/admin-media.css";
import { useAdminText } from "#app/lib/admin-text.ts";

export interface ImagePickerDialogProps {
  open: boolean;
  title: string;
  /** Whose alt text to show under each image. */
  languageCode: string;
  limits: UploadLimits;
  onPick: (item: MediaItem) => void;
  onClose: () => void;
}

export function ImagePickerDialog(props: ImagePickerDialogProps) {
  return props.open ? createPortal(<PickerContent {...props} />, document.body) : null;
}

function PickerContent({ title, languageCode, limits, onPick, onClose }: ImagePickerDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const searchId = useId();
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<MediaItem[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  // The failure itself, worded at render time in the admin's language.
  const [error, setError] = useState<{ failure: unknown } | null>(null);
  const { t } = useAdminText();

  const fetchPage = (q: string, before: number | null) => {
    const params = new URLSearchParams({
      limit: "12",
      ...(q && { q }),
      ...(before !== null && { before: String(before) }),
    });
    return api.get<MediaPage>(`${MEDIA_API}?${params}`);
  };
  const show = (page: MediaPage, appended: boolean) => {
    setItems((current) => (appended ? [...current, ...page.items] : page.items));
    setNext(page.next);
    setError(null);
  };
  const fail = (failure: unknown) => setError({ failure });

  async function load(q: string, before: number | null) {
    setLoading(true);
    try {
      show(await fetchPage(q, before), before !== null);
    } catch (failure) {
      fail(failure);
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    const dialog = dialogRef.current;
    // The control that opened the picker, read before showModal() moves focus into it: focus goes back
    // there when the picker closes (Escape, Cancel), never to <body>.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    // The newest images, once, when the picker opens; searching loads on submit.
    fetchPage("", null)
      .then((page) => show(page, false), fail)
      .finally(() => setLoading(false));
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="image-picker"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="image-picker__header">
        <h2 id={titleId} className="image-picker__title">
          {title}
        </h2>
        <button type="button" className="button button--small button--secondary" onClick={onClose}>
          {t("admin.common.cancel")}
        </button>
      </div>
      <form
        role="search"
        className="media-search"
        onSubmit={(event) => {
          event.preventDefault();
          // React passes events up through portals: the editor's form around the opener must not see this submit.
          event.stopPropagation();
          void load(query, null);
        }}
      >
        <label htmlFor={searchId}>{t("admin.media.search_label")}</label>
        <span className="media-search__row">
          <input
            id={searchId}
            type="search"
            dir="auto"
            maxLength={MEDIA_LIMITS.searchLength}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className="button button--secondary">
            {t("admin.common.search")}
          </button>
        </span>
      </form>
      {error && (
        <p className="admin-field__error" role="alert">
          {failureMessage(error.failure, t("admin.media.library_failed"), t)}
        </p>
      )}
      <ul className="image-picker__grid" aria-label={t("admin.media.library_images")} aria-busy={loading}>
        {items.map((item) => {
          const alt = item.alt[languageCode];
          return (
            <li key={item.id}>
              <button type="button" className="image-picker__choice" onClick={() => onPick(item)}>
                <img
                  src={item.thumbnail}
                  alt=""
                  width="160"
                  height={Math.round((160 * item.height) / item.width)}
                  loading="lazy"
                />
                <span className="image-picker__name" dir="auto">
                  {item.fileName}
                </span>
                <span className={alt ? "image-picker__alt" : "alt-field__missing"} dir="auto">
                  {alt ?? t("admin.media.alt_missing")}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {!loading && items.length === 0 && (
        <p>{query ? t("admin.media.no_match", { query }) : t("admin.media.library_empty")}</p>
      )}
      {next !== null && (
        <button
          type="button"
          className="button button--secondary"
          disabled={loading}
          onClick={() => void load(query, next)}
        >
          {t("admin.media.more")}
        </button>
      )}
      <details className="image-picker__upload">
        <summary>{t("admin.media.upload_new")}</summary>
        <UploadZone
          limits={limits}
          onUploaded={(item) => setItems((current) => [item, ...current.filter((other) => other.id !== item.id)])}
        />
      </details>
    </dialog>
  );
}
