/**
 * What can be done with a version (decision 0150): Save draft, Publish, View, and — each confirmed in a
 * dialog — Discard pending changes, Unpublish and Delete; and the question before leaving with unsaved text.
 */
import type { AdminVersionDetail } from "#core/admin/articles/schema.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { UnsavedChangesGuard } from "#app/components/admin/unsaved-changes.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";
import { isDiscarding, type EditorLanguage } from "./editor-shared.ts";
import type { Confirming } from "./version-writes.ts";
import type { VersionAction } from "./version-conflict.tsx";

export interface VersionRights {
  /** Saving a draft never changes the live page, so whoever translates the language may (decision 0150). */
  mayEdit: boolean;
  mayPublish: boolean;
  /** The author of pending changes, or whoever may publish, may discard them. */
  mayDiscard: boolean;
}

interface VersionActionsProps {
  current: AdminVersionDetail | null;
  language: EditorLanguage;
  rights: VersionRights;
  showPublish: boolean;
  dirty: boolean;
  busy: boolean;
  publicPath: string | null;
  confirming: Confirming;
  onWrite: (action: VersionAction) => void;
  onConfirm: (confirming: Confirming) => void;
  onDelete: () => void;
}

/** The actions' buttons, then their confirmations and the question before leaving. */
export function VersionActions(props: VersionActionsProps) {
  const { current, language, confirming, dirty, busy, onWrite, onConfirm, onDelete } = props;
  return (
    <>
      <ActionButtons {...props} />
      <VersionDialogs
        {...{ current, language, confirming, dirty, busy, onWrite, onDelete }}
        onCancel={() => onConfirm(null)}
      />
    </>
  );
}

function ActionButtons({
  current,
  rights,
  showPublish,
  dirty,
  busy,
  publicPath,
  onWrite,
  onConfirm,
}: VersionActionsProps) {
  const { t } = useAdminText();
  const live = current?.status === "published";
  return (
    <div className="admin-form__actions">
      {rights.mayEdit && (
        // Not disabled while saving: the button keeps focus; a second press is ignored.
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {t("admin.version.save_draft")}
        </button>
      )}
      {showPublish && (
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => onWrite("publish")}>
          {t("admin.version.publish")}
        </button>
      )}
      {dirty && <span className="version-form__unsaved">{t("admin.version.unsaved")}</span>}
      {publicPath && live && (
        <a className="button button--secondary" href={publicPath} target="_blank" rel="noopener">
          {t("admin.version.view")}
          <span className="visually-hidden"> {t("admin.version.new_tab")}</span>
        </a>
      )}
      {rights.mayDiscard && (
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => onConfirm("discard")}>
          {t("admin.version.discard_pending")}
        </button>
      )}
      {live && rights.mayPublish && (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => onConfirm("unpublish")}
        >
          {t("admin.version.unpublish")}
        </button>
      )}
      {current && rights.mayPublish && (
        <button
          type="button"
          className="button button--danger version-form__delete"
          disabled={busy}
          onClick={() => onConfirm("delete")}
        >
          {t("admin.version.delete")}
        </button>
      )}
    </div>
  );
}

interface VersionDialogsProps {
  current: AdminVersionDetail | null;
  language: EditorLanguage;
  confirming: Confirming;
  dirty: boolean;
  busy: boolean;
  onWrite: (action: VersionAction) => void;
  onDelete: () => void;
  onCancel: () => void;
}

/** The confirmations of Unpublish, Discard and Delete, and the question before leaving with unsaved text. */
function VersionDialogs({
  current,
  language,
  confirming,
  dirty,
  busy,
  onWrite,
  onDelete,
  onCancel,
}: VersionDialogsProps) {
  const { t } = useAdminText();
  const dialog = { tone: "danger" as const, busy, onCancel };
  return (
    <>
      <ConfirmDialog
        {...dialog}
        open={confirming === "unpublish"}
        title={t("admin.version.unpublish_title", { language: language.label })}
        confirmLabel={t("admin.version.unpublish_confirm")}
        onConfirm={() => onWrite("unpublish")}
      >
        <p>{t("admin.version.unpublish_text", { language: language.label })}</p>
        {current?.pendingChanges && <p>{t("admin.version.unpublish_pending")}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        {...dialog}
        open={confirming === "discard"}
        title={t("admin.version.discard_title", { language: language.label })}
        confirmLabel={t("admin.version.discard_pending")}
        onConfirm={() => onWrite("discard")}
      >
        <p>{t("admin.version.discard_text")}</p>
        {dirty && <p>{t("admin.version.discard_typed")}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        {...dialog}
        open={confirming === "delete"}
        title={t("admin.version.delete_title", { language: language.label })}
        confirmLabel={t("admin.version.delete_confirm")}
        onConfirm={onDelete}
      >
        <p>{t("admin.version.delete_text", { title: current?.title ?? "", language: language.label })}</p>
      </ConfirmDialog>
      <UnsavedChangesGuard
        unsaved={dirty}
        title={t("admin.version.leave_title", { language: language.label })}
        allowLeave={isDiscarding}
      >
        <p>{t("admin.version.unsaved_text")}</p>
      </UnsavedChangesGuard>
    </>
  );
}
