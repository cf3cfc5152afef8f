/**
 * The languages table, most speakers first: show or hide a language, choose
 * the favorite, open a row's editor. A failed row action is shown above it.
 */
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { AdminLanguage, TaggedAdminLanguage } from "#core/admin/languages/schema.ts";
import { conflictOf } from "#app/components/admin/conflict-notice.tsx";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { useFocusReturn } from "#app/components/admin/focus-return.ts";
import { LANGUAGES_API } from "#app/components/admin/languages/language-draft.ts";
import { DeleteLanguageDialog } from "#app/components/admin/languages/delete-language-dialog.tsx";
import { LanguageForm } from "#app/components/admin/languages/language-form.tsx";
import { TableHead, TableRegion } from "#app/components/admin/table-region.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

interface LanguagesTableProps {
  /** Each with the ETag its row actions and editor send as If-Match (decision 0151). */
  languages: TaggedAdminLanguage[];
  /** Called after a successful change: announce it, then reload the data. */
  onChanged: (message: string) => Promise<void>;
}

/** A row's one-click writes (show or hide, make favorite), each from the row's ETag; a failure is shown above the table. */
function useRowActions(onChanged: LanguagesTableProps["onChanged"]) {
  const [pending, setPending] = useState<number | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  // The switch shows the requested state at once; the stored state replaces it after the reload.
  const [requestedEnabled, setRequestedEnabled] = useState<{ id: number; enabled: boolean } | null>(null);
  const revalidator = useRevalidator();
  const { t } = useAdminText();

  async function rowAction(
    language: AdminLanguage,
    couldNot: string,
    request: () => Promise<unknown>,
    success: string,
  ) {
    setPending(language.id);
    setRowError(null);
    try {
      await request();
      await onChanged(success);
    } catch (error) {
      // Someone else changed the language meanwhile: say so, and show it as it is now.
      if (conflictOf(error)) {
        setRowError(`${t("admin.conflict.title")}: ${language.label}`);
        await revalidator.revalidate();
      } else setRowError(failureMessage(error, couldNot, t));
    } finally {
      setPending(null);
      setRequestedEnabled(null);
    }
  }

  return {
    pending,
    rowError,
    requestedEnabled,
    show: (language: TaggedAdminLanguage, enabled: boolean) => {
      setRequestedEnabled({ id: language.id, enabled });
      return rowAction(
        language,
        t(enabled ? "admin.languages.enable_failed" : "admin.languages.disable_failed"),
        () => api.patch(`${LANGUAGES_API}/${language.id}`, { enabled }, { ifMatch: language.etag }),
        t(enabled ? "admin.languages.now_shown" : "admin.languages.now_hidden", { name: language.label }),
      );
    },
    makeFavorite: (language: TaggedAdminLanguage) =>
      rowAction(
        language,
        t("admin.languages.favorite_failed"),
        () => api.post(`${LANGUAGES_API}/${language.id}/favorite`, undefined, { ifMatch: language.etag }),
        t("admin.languages.now_favorite", { name: language.label }),
      ),
  };
}

export function LanguagesTable({ languages, onChanged }: LanguagesTableProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TaggedAdminLanguage | null>(null);
  const { pending, rowError, requestedEnabled, show, makeFavorite } = useRowActions(onChanged);
  const focus = useFocusReturn<number>();
  const region = useRef<HTMLDivElement>(null);
  const { t } = useAdminText();

  function closeEditor(language: AdminLanguage, saved: AdminLanguage | null) {
    setEditing(null);
    if (saved) {
      void onChanged(t("admin.languages.saved", { name: saved.label }));
    }
    // Back to where the admin was: the row's Edit button.
    focus.returnTo(language.id);
  }

  return (
    <>
      <ErrorAlert message={rowError} />
      <TableRegion captionId="languages-caption" ref={region}>
        <table className="admin-table languages-table">
          <caption id="languages-caption">
            {t("admin.languages.caption", {
              total: languages.length,
              shown: languages.filter((language) => language.enabled).length,
            })}
          </caption>
          <TableHead
            columns={[
              t("admin.languages.col_name"),
              t("admin.languages.col_tag"),
              t("admin.languages.col_short"),
              t("admin.languages.col_home"),
              { label: t("admin.languages.col_speakers"), className: "admin-table__number" },
              t("admin.languages.col_shown"),
              t("admin.languages.col_favorite"),
            ]}
            actions
          />
          <tbody>
            {languages.map((language) => {
              const busy = pending === language.id;
              return [
                <LanguageRow
                  key={language.id}
                  language={language}
                  busy={busy}
                  shown={requestedEnabled?.id === language.id ? requestedEnabled.enabled : language.enabled}
                  editing={editing === language.id}
                  editRef={focus.register(language.id)}
                  onShow={(enabled) => void show(language, enabled)}
                  onFavorite={() => void makeFavorite(language)}
                  onEdit={() => setEditing(editing === language.id ? null : language.id)}
                  onDelete={() => setDeleting(language)}
                />,
                editing === language.id && (
                  <tr key={`${language.id}-edit`} id={`edit-${language.id}`} className="languages-table__editor">
                    <td colSpan={8}>
                      <h2 className="admin-subheading">{t("admin.languages.edit_title", { name: language.label })}</h2>
                      <LanguageForm
                        language={language}
                        languages={languages}
                        onDone={(saved) => closeEditor(language, saved)}
                      />
                    </td>
                  </tr>
                ),
              ];
            })}
          </tbody>
        </table>
      </TableRegion>
      <DeleteLanguageDialog
        language={deleting}
        onCancel={() => setDeleting(null)}
        onDeleted={async (message) => {
          setDeleting(null);
          await onChanged(message);
          // The row and its Delete button are gone: the table keeps the focus.
          region.current?.focus();
        }}
      />
    </>
  );
}

interface LanguageRowProps {
  language: TaggedAdminLanguage;
  busy: boolean;
  /** Whether the switch shows the language as shown: the requested state at once, the stored one after the reload. */
  shown: boolean;
  editing: boolean;
  editRef: (element: HTMLElement | null) => void;
  onShow: (enabled: boolean) => void;
  onFavorite: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A language's settings, its show/hide switch, the favorite's badge or button, and Edit and Delete. */
function LanguageRow({
  language,
  busy,
  shown,
  editing,
  editRef,
  onShow,
  onFavorite,
  onEdit,
  onDelete,
}: LanguageRowProps) {
  const { t, number } = useAdminText();
  // Until React has the page, the row's controls would do nothing (app/lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const locked = busy || !hydrated;
  return (
    <tr className={language.enabled ? undefined : "languages-table__row--disabled"} aria-busy={busy || undefined}>
      <th scope="row">
        <span lang={language.code} dir={language.dir}>
          {language.label}
        </span>
      </th>
      <td>
        <code>{language.code}</code>
      </td>
      <td>
        <code>{language.shortCode}</code>
      </td>
      <td>
        <a href={language.link} lang={language.code} dir={language.dir}>
          {language.welcome}
        </a>
      </td>
      <td className="admin-table__number">{number(language.population)}</td>
      <ShowSwitch language={language} busy={locked} shown={shown} onShow={onShow} />
      <FavoriteCell language={language} locked={locked} onFavorite={onFavorite} />
      <td>
        <div className="languages-table__actions">
          <button
            type="button"
            className="button button--small button--secondary"
            aria-expanded={editing}
            aria-controls={editing ? `edit-${language.id}` : undefined}
            disabled={!hydrated}
            ref={editRef}
            onClick={onEdit}
          >
            {t("admin.common.edit")}
            <span className="visually-hidden"> {language.label}</span>
          </button>
          {!language.favorite && (
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={locked}
              onClick={onDelete}
            >
              {t("admin.common.delete")}
              <span className="visually-hidden"> {language.label}</span>
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** The favorite's badge, or the button that makes a shown language the favorite. */
function FavoriteCell({
  language,
  locked,
  onFavorite,
}: Pick<LanguageRowProps, "language" | "onFavorite"> & { locked: boolean }) {
  const { t } = useAdminText();
  return (
    <td>
      {language.favorite ? (
        <span className="admin-badge">
          <span aria-hidden="true">★</span>
          {t("admin.languages.favorite")}
        </span>
      ) : (
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={locked || !language.enabled}
          aria-label={t("admin.languages.make_favorite_of", { name: language.label })}
          title={language.enabled ? undefined : t("admin.languages.show_first")}
          onClick={onFavorite}
        >
          {t("admin.languages.make_favorite")}
        </button>
      )}
    </td>
  );
}

/** The switch that shows or hides the language on the site (the favorite is always shown). */
function ShowSwitch({
  language,
  busy,
  shown,
  onShow,
}: Pick<LanguageRowProps, "language" | "busy" | "shown" | "onShow">) {
  const { t } = useAdminText();
  const disabledNote = `${language.code}-favorite-note`;
  return (
    <td>
      <label className="admin-switch">
        <input
          type="checkbox"
          checked={shown}
          disabled={busy || language.favorite}
          aria-describedby={language.favorite ? disabledNote : undefined}
          onChange={(event) => onShow(event.target.checked)}
        />
        <span className="visually-hidden">{t("admin.languages.show_on_site", { name: language.label })}</span>
      </label>
      {language.favorite && (
        <span id={disabledNote} className="visually-hidden">
          {t("admin.languages.favorite_always_shown")}
        </span>
      )}
    </td>
  );
}
