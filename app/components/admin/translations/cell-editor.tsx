/**
 * The inline editor of one grid cell: Enter (with Ctrl/Cmd) saves, Escape
 * cancels; section names of an enabled language can be renamed, not removed.
 * A save names the cell's ETag from the grid (decision 0151): when someone
 * else saved the cell meanwhile, the conflict notice shows their text.
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type {
  KeyedTranslationCell,
  TaggedTranslationCell,
  TranslationLanguage,
  TranslationRow,
} from "#core/admin/translations/schema.ts";
import { withoutFieldPrefix } from "#core/i18n/admin-errors.ts";
import { ConflictNotice, conflictOf, writtenFrom, type Conflict } from "#app/components/admin/conflict-notice.tsx";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { cellPath, kindOf } from "#app/components/admin/translations/keys.ts";
import { IcuTextCheck, MessageField } from "#app/components/admin/translations/message-field.tsx";
import type { MessageSource } from "#app/components/admin/translations/plural-editor.tsx";
import { api, ApiError } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

interface CellEditorProps {
  row: TranslationRow;
  language: TranslationLanguage;
  cell: TaggedTranslationCell | null;
  /** The same key's text in the source language (the favorite), when shown: its plural and arguments are the reference. */
  source: MessageSource | null;
  onClose: (saved: string | null) => void;
}

/** A refused write and what it was: "Save mine anyway" makes it again from the other person's state. */
interface MetConflict {
  state: Conflict<KeyedTranslationCell>;
  write: "save" | "remove";
}

export function CellEditor({ row, language, cell, source, onClose }: CellEditorProps) {
  const id = useId();
  const kind = kindOf(row.key);
  const [label, setLabel] = useState(cell?.label ?? "");
  const [search, setSearch] = useState(cell?.search ?? "");
  const [error, setError] = useState<{ field: "label" | "search" | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  // The ETag the fields were filled from: the grid's, or the other person's once their text is taken.
  const [etag, setEtag] = useState(cell?.etag ?? null);
  const [conflict, setConflict] = useState<MetConflict | null>(null);
  const labelField = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const { t } = useAdminText();
  const name = t("admin.translations.cell_name", { code: language.code, key: row.key });
  // Section names of an enabled language are pages of the site: they can be renamed, not removed.
  const removable = cell !== null && (kind === "text" || !language.enabled);

  async function run(write: MetConflict["write"], couldNot: string, request: () => Promise<unknown>, done: string) {
    setSaving(true);
    try {
      await request();
      onClose(done);
    } catch (failure) {
      const met = conflictOf<KeyedTranslationCell>(failure);
      if (met) {
        setError(null);
        setConflict({ state: met, write });
        setSaving(false);
        return;
      }
      const field = failure instanceof ApiError ? failure.body?.error.field : undefined;
      const onField = field === "label" || field === "search" ? field : null;
      const message = failureMessage(failure, couldNot, t);
      setError({ field: onField, message: onField ? withoutFieldPrefix(message, onField) : message });
      setSaving(false);
    }
  }

  /** Saves the fields as they are, from the state with `from` as its ETag. */
  function saveFrom(from: string | null) {
    if (label.trim() === "") {
      setError({ field: "label", message: t("admin.translations.empty_text") });
      return;
    }
    const body = kind === "section" ? { label, search: search.trim() === "" ? null : search } : { label };
    void run(
      "save",
      t("admin.translations.save_failed"),
      () => api.put(cellPath(row.key, language.code), body, writtenFrom(from)),
      t("admin.translations.saved", { name }),
    );
  }

  function removeFrom(from: string | null) {
    void run(
      "remove",
      t("admin.translations.remove_failed"),
      () => api.delete(cellPath(row.key, language.code), writtenFrom(from)),
      t("admin.translations.removed", { name }),
    );
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saveFrom(etag);
  }

  // The notice stays until the write is done: the editor closes then, or shows the next conflict.
  function saveMine({ state, write }: MetConflict) {
    setEtag(state.etag);
    if (write === "save") saveFrom(state.etag);
    else removeFrom(state.etag);
  }

  function takeTheirs(theirs: Conflict<KeyedTranslationCell>) {
    setLabel(theirs.current?.label ?? "");
    setSearch(theirs.current?.search ?? "");
    setEtag(theirs.etag);
    setConflict(null);
    // The notice goes: focus goes to their text, now in the field.
    labelField.current?.focus();
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
          ref={labelField}
          type="text"
          value={label}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opens on the admin's click: focus goes where they asked
          autoFocus
          aria-invalid={error?.field === "label" || undefined}
          aria-describedby={describedBy("label")}
          onChange={(event) => setLabel(event.target.value)}
        />
      ) : (
        <MessageField
          text={label}
          language={language}
          source={source}
          onText={setLabel}
          textField={
            <>
              <textarea
                id={`${id}-label`}
                ref={labelField}
                value={label}
                rows={Math.min(8, Math.max(2, Math.ceil(label.length / 28)))}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opens on the admin's click: focus goes where they asked
                autoFocus
                aria-invalid={error?.field === "label" || undefined}
                aria-describedby={describedBy("label")}
                onChange={(event) => setLabel(event.target.value)}
              />
              <IcuTextCheck text={label} language={language} source={source} />
            </>
          }
        />
      )}
      {kind === "section" && (
        <>
          <label htmlFor={`${id}-search`} className="cell-editor__label">
            {t("admin.translations.also_accepted")}
            <span className="visually-hidden">
              {" "}
              {t("admin.translations.also_accepted_for", { code: language.code, key: row.key })}
            </span>
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
      {conflict && (
        <ConflictNotice
          theirs={
            conflict.state.current && (
              <p lang={language.code} dir={language.dir} className="cell-editor__theirs">
                {conflict.state.current.label}
                {conflict.state.current.search !== null && ` (${conflict.state.current.search})`}
              </p>
            )
          }
          busy={saving}
          onSaveMine={() => saveMine(conflict)}
          onTakeTheirs={() => takeTheirs(conflict.state)}
        />
      )}
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
              onClick={() => removeFrom(etag)}
            >
              {t("admin.translations.really_remove")}
            </button>
          ) : (
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => setConfirmingRemoval(true)}
            >
              {t("admin.translations.remove")}
            </button>
          ))}
      </div>
    </form>
  );
}
