/**
 * The alt text of one library image in several languages, each saved on its
 * own (PUT /api/admin/media/:id/alt/:code); an empty field removes it and the
 * language is then flagged as missing. Not a <form>: it sits inside the
 * article editor's version form, and forms cannot nest; Enter saves.
 */
import { useState } from "react";
import { api } from "#app/lib/api-client.ts";
import { MEDIA_LIMITS } from "#core/media-rules.ts";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { MEDIA_API, type MediaItem } from "#app/components/admin/media/upload.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

export interface AltLanguage {
  code: string;
  label: string;
  dir: "ltr" | "rtl";
}

export function AltTextField({ item, language, onSaved }: { item: Pick<MediaItem, "id" | "alt">; language: AltLanguage; onSaved: (item: MediaItem) => void }) {
  const stored = item.alt[language.code] ?? "";
  const [draft, setDraft] = useState(stored);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `alt-${item.id}-${language.code}`;
  const { t } = useAdminText();

  async function save() {
    setBusy(true);
    try {
      const result = await api.put<{ item: MediaItem }>(`${MEDIA_API}/${item.id}/alt/${encodeURIComponent(language.code)}`, { alt: draft });
      setError(null);
      onSaved(result.item);
    } catch (failure) {
      setError(failureMessage(failure, t("admin.media.alt_failed"), t));
    } finally {
      setBusy(false);
    }
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
          type="text"
          lang={language.code}
          dir={language.dir}
          maxLength={MEDIA_LIMITS.altLength}
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            if (!busy && draft.trim() !== stored) void save();
          }}
        />
        {/* aria-disabled, not disabled: after a save the button keeps focus instead of dropping it to <body>. */}
        <button type="button" className="button button--small button--secondary" aria-disabled={busy || draft.trim() === stored} onClick={() => !busy && draft.trim() !== stored && void save()}>
          {t("admin.common.save")}
          <span className="visually-hidden"> {t("admin.media.save_alt", { language: language.label })}</span>
        </button>
      </span>
      {error && (
        <span id={`${id}-error`} className="admin-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
