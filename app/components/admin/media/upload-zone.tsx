/**
 * Drop images here or pick them (several at once): each file gets its own
 * progress bar and Cancel button while it uploads, then a line saying it is
 * in the library or why it was refused. Progress is announced politely. Two
 * files go at a time, the others waiting their turn at 0: the server makes
 * one image at a time and takes a few uploads at once (MEDIA_MAX_CONCURRENT_UPLOADS).
 */
import { useId, useRef, useState, type DragEvent } from "react";
import { MEDIA_ACCEPT } from "#core/media-rules.ts";
import { formatBytes, uploadImage, UploadError, type MediaItem } from "#app/components/admin/media/upload.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { refusalMessage } from "#app/components/admin/feedback.tsx";

interface UploadRow {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: "uploading" | "done" | "failed";
  message: string;
  cancel: () => void;
}

export interface UploadLimits {
  maxUploadBytes: number;
  maxInputPixels: number;
  maxSidePixels: number;
}

/** Files one page sends at once: one is processed while the next arrives. */
const UPLOADS_AT_ONCE = 2;

export function UploadZone({ limits, onUploaded }: { limits: UploadLimits; onUploaded: (item: MediaItem) => void }) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [dragging, setDragging] = useState(false);
  const counter = useRef(0);
  /** Files waiting for their turn, first dropped first; and how many are being sent. */
  const waiting = useRef<{ key: string; file: File }[]>([]);
  const sending = useRef(0);
  const { t } = useAdminText();

  const update = (key: string, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function send(key: string, file: File) {
    sending.current += 1;
    const handle = uploadImage(file, (sent) => update(key, { sent }));
    update(key, { cancel: handle.cancel });
    handle.done
      .then(
        (item) => {
          update(key, { state: "done", sent: file.size, message: t("admin.media.in_library") });
          onUploaded(item);
        },
        (error: unknown) => update(key, { state: "failed", message: uploadFailureText(error) }),
      )
      .finally(() => {
        sending.current -= 1;
        sendNext();
      });
  }

  function sendNext() {
    while (sending.current < UPLOADS_AT_ONCE && waiting.current.length > 0) {
      const { key, file } = waiting.current.shift()!;
      send(key, file);
    }
  }

  function start(files: File[]) {
    const added = files.map((file) => {
      counter.current += 1;
      const key = `${counter.current}`;
      waiting.current.push({ key, file });
      // Until its turn, Cancel takes it out of the line.
      const cancel = () => {
        waiting.current = waiting.current.filter((entry) => entry.key !== key);
        update(key, { state: "failed", message: uploadFailureText(new UploadError("cancelled")) });
      };
      return { key, name: file.name, size: file.size, sent: 0, state: "uploading" as const, message: "", cancel };
    });
    setRows((current) => [...added, ...current.filter((row) => row.state === "uploading")]);
    // After the rows exist, so each sent file's Cancel replaces its waiting one.
    queueMicrotask(sendNext);
  }

  function uploadFailureText(error: unknown): string {
    if (!(error instanceof UploadError)) return t("admin.media.upload_failed");
    if (error.failure === "refused") return refusalMessage({ code: error.code ?? "", message: error.message }, t);
    return t(
      {
        server: "admin.media.server_refused",
        network: "admin.media.connection_failed",
        cancelled: "admin.media.cancelled",
      }[error.failure],
    );
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) start(files);
  }

  return (
    <div className="media-upload">
      <div
        className={`media-upload__zone${dragging ? " media-upload__zone--over" : ""}`}
        data-testid="media-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p className="media-upload__lead">{t("admin.media.drop")}</p>
        <label htmlFor={inputId} className="button button--secondary">
          {t("admin.media.choose")}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          aria-describedby={hintId}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            if (files.length > 0) start(files);
          }}
        />
        <p id={hintId} className="admin-field__hint">
          {t("admin.media.upload_hint", {
            size: formatBytes(limits.maxUploadBytes),
            megapixels: limits.maxInputPixels / 1e6,
            side: limits.maxSidePixels,
          })}
        </p>
      </div>
      {rows.length > 0 && (
        <ul className="media-upload__list" aria-label={t("admin.media.uploads")} aria-live="polite">
          {rows.map((row) => (
            <li key={row.key} className={`media-upload__row media-upload__row--${row.state}`}>
              <span className="media-upload__name" dir="auto">
                {row.name}
              </span>
              <span className="media-upload__size">{formatBytes(row.size)}</span>
              {row.state === "uploading" ? (
                <>
                  <progress
                    max={row.size || 1}
                    value={row.sent}
                    aria-label={t("admin.media.uploading", { name: row.name })}
                  />
                  <button type="button" className="button button--small button--secondary" onClick={row.cancel}>
                    {t("admin.common.cancel")}
                    <span className="visually-hidden"> {row.name}</span>
                  </button>
                </>
              ) : (
                <span
                  className={row.state === "failed" ? "admin-field__error" : "media-upload__ok"}
                  role={row.state === "failed" ? "alert" : undefined}
                >
                  {row.message}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
