/**
 * The inline editor of one grid cell: Enter (with Ctrl/Cmd) saves, Escape
 * cancels; section names of an enabled language can be renamed, not removed.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import type { TranslationCell, TranslationLanguage, TranslationRow } from "#core/admin/translations/schema.ts";
import { withoutFieldPrefix } from "#core/i18n/admin-errors.ts";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { cellPath, kindOf } from "#app/components/admin/translations/keys.ts";
import { api, ApiError } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

interface CellEditorProps {
  row: TranslationRow;
  language: TranslationLanguage;
  cell: TranslationCell | null;
  onClose: (saved: string | null) => void;
}

export function CellEditor({ row, language, cell, onClose }: CellEditorProps) {
  const id = useId();
  const kind = kindOf(row.key);
  const [label, setLabel] = useState(cell?.label ?? "");
  const [search, setSearch] = useState(cell?.search ?? "");
  const [error, setError] = useState<{ field: "label" | "search" | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const { t } = useAdminText();
  const name = t("admin.translations.cell_name", { code: language.code, key: row.key });
  // Section names of an enabled language are pages of the site: they can be renamed, not removed.
  const removable = cell !== null && (kind === "text" || !language.enabled);

  async function run(couldNot: string, request: () => Promise<unknown>, done: string) {
    setSaving(true);
    try {
      await request();
      onClose(done);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.body?.error.field : undefined;
      const onField = field === "label" || field === "search" ? field : null;
      const message = failureMessage(failure, couldNot, t);
      setError({ field: onField, message: onField ? withoutFieldPrefix(message, onField) : message });
      setSaving(false);
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (label.trim() === "") {
      setError({ field: "label", message: t("admin.translations.empty_text") });
      return;
    }
    const body = kind === "section" ? { label, search: search.trim() === "" ? null : search } : { label };
    void run(t("admin.translations.save_failed"), () => api.put(cellPath(row.key, language.code), body), t("admin.translations.saved", { name }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose(null);
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  }

  const describedBy = (field: "label" | "search") => (error?.field === field ? `${id}-error` : undefined);
  return (
    <form className="cell-editor" onSubmit={save} onKeyDown={onKeyDown} aria-busy={saving} noValidate>
      <label htmlFor={`${id}-label`} className="visually-hidden">
        {name}
      </label>
      {kind === "section" ? (
        <input
          id={`${id}-label`}
          type="text"
          value={label}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opens on the admin's click: focus goes where they asked
          autoFocus
          aria-invalid={error?.field === "label" || undefined}
          aria-describedby={describedBy("label")}
          onChange={(event) => setLabel(event.target.value)}
        />
      ) : (
        <textarea
          id={`${id}-label`}
          value={label}
          rows={Math.min(8, Math.max(2, Math.ceil(label.length / 28)))}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opens on the admin's click: focus goes where they asked
          autoFocus
          aria-invalid={error?.field === "label" || undefined}
          aria-describedby={describedBy("label")}
          onChange={(event) => setLabel(event.target.value)}
        />
      )}
      {kind === "section" && (
        <>
          <label htmlFor={`${id}-search`} className="cell-editor__label">
            {t("admin.translations.also_accepted")}
            <span className="visually-hidden"> {t("admin.translations.also_accepted_for", { code: language.code, key: row.key })}</span>
          </label>
          <input
            id={`${id}-search`}
            type="text"
            value={search}
            aria-invalid={error?.field === "search" || undefined}
            aria-describedby={describedBy("search")}
            onChange={(event) => setSearch(event.target.value)}
          />
        </>
      )}
      <div role="alert" className="cell-editor__error" id={`${id}-error`}>
        {error?.message}
      </div>
      <div className="cell-editor__actions">
        <button type="submit" className="button button--small" disabled={saving}>
          {t("admin.common.save")}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={() => onClose(null)}>
          {t("admin.common.cancel")}
        </button>
        {removable &&
          (confirmingRemoval ? (
            <button
              type="button"
              className="button button--small button--danger button--danger-confirm"
              disabled={saving}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- shown by the admin's "Remove" click: focus moves to its confirmation
              autoFocus
              onClick={() => void run(t("admin.translations.remove_failed"), () => api.delete(cellPath(row.key, language.code)), t("admin.translations.removed", { name }))}
            >
              {t("admin.translations.really_remove")}
            </button>
          ) : (
            <button type="button" className="button button--small button--danger" onClick={() => setConfirmingRemoval(true)}>
              {t("admin.translations.remove")}
            </button>
          ))}
      </div>
    </form>
  );
}
