/**
 * The article editor's hooks into the media library: choosing the cover,
 * inserting an image into the Markdown at the cursor, and — beside the
 * translation — the alt text of every image the version shows, in its
 * language, with a warning before publishing while some is missing.
 */
import { useState } from "react";
import {
  imagesMissingAlt,
  mediaIdOf,
  mediaImagesIn,
  mediaMarkdown,
  mediaReference,
  type MediaRendition,
} from "#core/media-rules.ts";
import { AltTextField, type AltLanguage } from "#app/components/admin/media/alt-text-editor.tsx";
import { ImagePickerDialog } from "#app/components/admin/media/image-picker-dialog.tsx";
import type { MediaItem } from "#app/components/admin/media/upload.ts";
import type { UploadLimits } from "#app/components/admin/media/upload-zone.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";

export type MediaByID = Record<number, MediaRendition>;

interface PickerButtonProps {
  label: string;
  dialogTitle: string;
  languageCode: string;
  limits: UploadLimits;
  onPick: (item: MediaItem) => void;
}

function PickerButton({ label, dialogTitle, languageCode, limits, onPick }: PickerButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--small button--secondary" onClick={() => setOpen(true)}>
        {label}
      </button>
      <ImagePickerDialog
        open={open}
        title={dialogTitle}
        languageCode={languageCode}
        limits={limits}
        onClose={() => setOpen(false)}
        onPick={(item) => {
          setOpen(false);
          onPick(item);
        }}
      />
    </>
  );
}

/** "Choose from the library" beside the cover address: sets it to the image's `media:ID` reference. */
export function CoverPicker({
  languageCode,
  limits,
  onPick,
}: {
  languageCode: string;
  limits: UploadLimits;
  onPick: (cover: string, item: MediaItem) => void;
}) {
  const { t } = useAdminText();
  return (
    <PickerButton
      label={t("admin.media.choose_cover")}
      dialogTitle={t("admin.media.choose_cover_title")}
      languageCode={languageCode}
      limits={limits}
      onPick={(item) => onPick(mediaReference(item.id), item)}
    />
  );
}

/** "Insert image": puts `![](media:ID)` on its own line at the cursor of the Markdown field `textareaId`. */
export function InsertImageButton({
  textareaId,
  body,
  language,
  limits,
  onInsert,
}: {
  textareaId: string;
  body: string;
  language: AltLanguage;
  limits: UploadLimits;
  onInsert: (body: string, item: MediaItem) => void;
}) {
  const { t } = useAdminText();
  function insert(item: MediaItem) {
    const field = document.getElementById(textareaId);
    const at = field instanceof HTMLTextAreaElement ? field.selectionEnd : body.length;
    const before = body.slice(0, at).replace(/\s*$/, "");
    const after = body.slice(at).replace(/^\s*/, "");
    const image = mediaMarkdown(item.id);
    const next = `${before}${before ? "\n\n" : ""}${image}${after ? "\n\n" : "\n"}${after}`;
    onInsert(next, item);
    if (field instanceof HTMLTextAreaElement) {
      const caret = (before ? before.length + 2 : 0) + image.length;
      requestAnimationFrame(() => {
        field.focus();
        field.setSelectionRange(caret, caret);
      });
    }
  }
  return (
    <PickerButton
      label={t("admin.media.insert")}
      dialogTitle={t("admin.media.insert_title", { language: language.label })}
      languageCode={language.code}
      limits={limits}
      onPick={insert}
    />
  );
}

interface VersionImagesProps {
  cover: string | null;
  coverAlt: string;
  body: string;
  language: AltLanguage;
  publishing: boolean;
  media: MediaByID;
  onMedia: (item: MediaItem) => void;
}

/** The images this version shows with their alt text in its language; missing ones are flagged, and publishing with one missing warns. */
export function VersionImages({ cover, coverAlt, body, language, publishing, media, onMedia }: VersionImagesProps) {
  const { t } = useAdminText();
  const coverId = mediaIdOf(cover);
  const ids = [
    ...new Set([...(coverId === null ? [] : [coverId]), ...mediaImagesIn(body).map((image) => image.id)]),
  ].filter((id) => media[id]);
  if (ids.length === 0) return null;
  const missing = imagesMissingAlt(cover, body, coverAlt, language.code, media);
  return (
    <section className="version-images" aria-labelledby="version-images-title">
      <h4 id="version-images-title" className="version-images__title">
        {t("admin.media.version_images", { language: language.label })}
      </h4>
      {publishing && missing.length > 0 && (
        <p className="version-images__warning" role="status">
          {t("admin.media.missing_warning", { count: missing.length, language: language.label })}
        </p>
      )}
      <ul className="version-images__list">
        {ids.map((id) => {
          const rendition = media[id]!;
          return (
            <li key={id} className="version-images__item">
              <img
                src={(rendition.webp[0] ?? rendition.fallback).url}
                alt=""
                width="96"
                height={Math.round((96 * rendition.height) / rendition.width)}
                loading="lazy"
              />
              <div>
                {id === coverId && (
                  <p className="version-images__role">
                    {t(coverAlt ? "admin.media.cover_role_described" : "admin.media.cover_role")}
                  </p>
                )}
                <AltTextField
                  key={`${id}:${language.code}`}
                  item={{ id, alt: rendition.alt }}
                  language={language}
                  onSaved={onMedia}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
