/**
 * Alt texts of a library image. Every save names the ETag of the image's alt texts (decision 0151): when
 * someone else saved them meanwhile, the conflict notice shows theirs beside the text still in the field.
 *
 * AltTextsForm (the media library): every language of the image in one form, saved with one action
 * (PUT /api/admin/media/:id/alt); its owner warns before leaving with unsaved texts.
 * AltTextField (the article editor): one language, saved on its own (PUT …/alt/:code). Not a <form>: it
 * sits inside the version form, and forms cannot nest; Enter saves. The editor's images carry no ETag,
 * so the field reads the image's alt texts when it first gets the focus, and saves from that state.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { MediaAltTexts } from "#core/admin/media/schema.ts";
import { api } from "#app/lib/api-client.ts";
import { MEDIA_LIMITS } from "#core/media-rules.ts";
import { ConflictNotice, conflictOf, type Conflict } from "#app/components/admin/conflict-notice.tsx";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { MEDIA_API, type MediaItem } from "#app/components/admin/media/upload.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

export interface AltLanguage {
  code: string;
  label: string;
  dir: "ltr" | "rtl";
}

/** The alt texts the fields were filled from, and their ETag. */
interface AltBase {
  alt: Record<string, string>;
  etag: string | null;
}

/** A failed save of alt texts: the conflict notice when someone else saved first, else the error in the admin's words. */
function showFailure(
  failure: unknown,
  {
    setConflict,
    setError,
    t,
  }: {
    setConflict: (conflict: Conflict<MediaAltTexts>) => void;
    setError: (message: string) => void;
    t: ReturnType<typeof useAdminText>["t"];
  },
): void {
  const met = conflictOf<MediaAltTexts>(failure);
  if (met) setConflict(met);
  else setError(failureMessage(failure, t("admin.media.alt_failed"), t));
}

/** The alt texts that differ from `base`, language by language ("" removes one). */
export function changedAlts(drafts: Record<string, string>, base: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(drafts).flatMap(([code, text]) => (text.trim() === (base[code] ?? "") ? [] : [[code, text.trim()]])),
  );
}

export function AltTextsForm({
  item,
  languages,
  onSaved,
  onDirty,
}: {
  item: MediaItem;
  languages: AltLanguage[];
  onSaved: (item: MediaItem) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const id = useId();
  const { t } = useAdminText();
  const textsOf = (alt: Record<string, string>) =>
    Object.fromEntries(languages.map((language) => [language.code, alt[language.code] ?? ""]));
  const [drafts, setDrafts] = useState(() => textsOf(item.alt));
  const [base, setBase] = useState<AltBase>({ alt: item.alt, etag: item.altEtag });
  const [conflict, setConflict] = useState<Conflict<MediaAltTexts> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const saveButton = useRef<HTMLButtonElement>(null);
  const changes = changedAlts(drafts, base.alt);
  const dirty = Object.keys(changes).length > 0;

  useEffect(() => {
    onDirty(dirty);
  }, [dirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  /** Saves every changed alt text at once, from the alt texts with ETag `from`. */
  async function save(from: string | null) {
    if (!dirty) {
      setStatus(t("admin.media.alts_unchanged"));
      return;
    }
    setBusy(true);
    try {
      const result = await api.put<{ item: MediaItem }>(
        `${MEDIA_API}/${item.id}/alt`,
        { alt: changes },
        from === null ? {} : { ifMatch: from },
      );
      const afterConflict = conflict !== null;
      setBase({ alt: result.item.alt, etag: result.item.altEtag });
      setDrafts(textsOf(result.item.alt));
      setConflict(null);
      setError(null);
      // The owner announces the save.
      setStatus("");
      onSaved(result.item);
      // The notice had the focus: it goes back to the Save button, never to the page.
      if (afterConflict) saveButton.current?.focus();
    } catch (failure) {
      showFailure(failure, { setConflict, setError, t });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(base.etag);
  }

  function takeTheirs({ current, etag }: Conflict<MediaAltTexts>) {
    const alt = current?.alt ?? {};
    setBase({ alt, etag });
    setDrafts(textsOf(alt));
    setConflict(null);
    document.getElementById(`${id}-${languages[0]?.code}`)?.focus();
  }

  // What the other person changed: the languages whose stored text is no longer the one the fields came from.
  const theirChanges = conflict?.current
    ? languages.filter((language) => (conflict.current!.alt[language.code] ?? "") !== (base.alt[language.code] ?? ""))
    : [];
  return (
    <form className="alt-texts" onSubmit={submit} aria-busy={busy} noValidate>
      {languages.map((language) => {
        const fieldId = `${id}-${language.code}`;
        return (
          <div key={language.code} className="alt-field">
            <label htmlFor={fieldId} className="alt-field__label">
              <span lang={language.code} dir={language.dir}>
                {language.label}
              </span>
              {(base.alt[language.code] ?? "") === "" && (
                <span className="alt-field__missing">{t("admin.common.missing")}</span>
              )}
            </label>
            <input
              id={fieldId}
              type="text"
              lang={language.code}
              dir={language.dir}
              maxLength={MEDIA_LIMITS.altLength}
              value={drafts[language.code] ?? ""}
              onChange={(event) => setDrafts((current) => ({ ...current, [language.code]: event.target.value }))}
            />
          </div>
        );
      })}
      {conflict && (
        <ConflictNotice
          theirs={
            conflict.current && (
              <dl className="conflict-notice__fields">
                {theirChanges.map((language) => (
                  <div key={language.code}>
                    <dt>{language.label}</dt>
                    <dd lang={language.code} dir={language.dir}>
                      {conflict.current!.alt[language.code] || t("admin.common.missing")}
                    </dd>
                  </div>
                ))}
              </dl>
            )
          }
          busy={busy}
          onSaveMine={() => void save(conflict.etag)}
          onTakeTheirs={() => takeTheirs(conflict)}
        />
      )}
      <ErrorAlert message={error} />
      <div className="alt-texts__actions">
        <button ref={saveButton} type="submit" className="button button--small" disabled={busy}>
          {t("admin.media.save_alts")}
          <span className="visually-hidden"> {t("admin.media.of_file", { name: item.fileName })}</span>
        </button>
        <p role="status" className="alt-texts__status">
          {status}
        </p>
      </div>
    </form>
  );
}

export function AltTextField({
  item,
  language,
  onSaved,
}: {
  item: Pick<MediaItem, "id" | "alt">;
  language: AltLanguage;
  onSaved: (item: MediaItem) => void;
}) {
  const [base, setBase] = useState<AltBase>({ alt: item.alt, etag: null });
  const stored = base.alt[language.code] ?? "";
  const [draft, setDraft] = useState(stored);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict<MediaAltTexts> | null>(null);
  const reading = useRef<Promise<AltBase> | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const id = `alt-${item.id}-${language.code}`;
  const { t } = useAdminText();

  /** The image's alt texts as they are now, read once: the state the field's save is made from. */
  function readBase(): Promise<AltBase> {
    reading.current ??= api.tagged.get<MediaAltTexts>(`${MEDIA_API}/${item.id}/alt`).then(({ data, etag }) => {
      const read = { alt: data.alt, etag };
      setBase(read);
      // Untouched, the field shows the text as it is now.
      setDraft((current) => (current === stored ? (data.alt[language.code] ?? "") : current));
      return read;
    });
    return reading.current;
  }

  async function save(from: string | null) {
    setBusy(true);
    try {
      const etag = from ?? (await readBase()).etag;
      const result = await api.tagged.put<{ item: MediaItem }>(
        `${MEDIA_API}/${item.id}/alt/${encodeURIComponent(language.code)}`,
        { alt: draft },
        etag === null ? {} : { ifMatch: etag },
      );
      const afterConflict = conflict !== null;
      setBase({ alt: result.data.item.alt, etag: result.etag });
      setConflict(null);
      setError(null);
      onSaved(result.data.item);
      // The notice had the focus: it goes back to the field, never to the page.
      if (afterConflict) field.current?.focus();
    } catch (failure) {
      showFailure(failure, { setConflict, setError, t });
    } finally {
      setBusy(false);
    }
  }

  function takeTheirs({ current, etag }: Conflict<MediaAltTexts>) {
    const alt = current?.alt ?? {};
    setBase({ alt, etag });
    setDraft(alt[language.code] ?? "");
    setConflict(null);
    field.current?.focus();
  }

  return (
    <div className="alt-field" aria-busy={busy}>
      <label htmlFor={id} className="alt-field__label">
        <span lang={language.code} dir={language.dir}>
          {language.label}
        </span>
        {stored === "" && <span className="alt-field__missing">{t("admin.common.missing")}</span>}
      </label>
      <span className="alt-field__row">
        <input
          id={id}
          ref={field}
          type="text"
          lang={language.code}
          dir={language.dir}
          maxLength={MEDIA_LIMITS.altLength}
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={() => void readBase().catch(() => undefined)}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            if (!busy && draft.trim() !== stored) void save(base.etag);
          }}
        />
        {/* aria-disabled, not disabled: after a save the button keeps focus instead of dropping it to <body>. */}
        <button
          type="button"
          className="button button--small button--secondary"
          aria-disabled={busy || draft.trim() === stored}
          onClick={() => !busy && draft.trim() !== stored && void save(base.etag)}
        >
          {t("admin.common.save")}
          <span className="visually-hidden"> {t("admin.media.save_alt", { language: language.label })}</span>
        </button>
      </span>
      {conflict && (
        <ConflictNotice
          theirs={
            conflict.current && (
              <p lang={language.code} dir={language.dir}>
                {conflict.current.alt[language.code] || t("admin.common.missing")}
              </p>
            )
          }
          busy={busy}
          onSaveMine={() => void save(conflict.etag)}
          onTakeTheirs={() => takeTheirs(conflict)}
        />
      )}
      {error && (
        <span id={`${id}-error`} className="admin-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
