/**
 * Deleting a language: the confirmation dialog asks whether its content (UI
 * strings, article versions, job labels, alt texts) is kept or removed, with
 * how much there is. "Keep" is chosen first: it is the choice that can be undone.
 */
import { useEffect, useState } from "react";
import type {
  LanguageContentChoice,
  LanguageContentCounts,
  TaggedAdminLanguage,
} from "#core/admin/languages/schema.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { LANGUAGES_API } from "#app/components/admin/languages/language-draft.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { api } from "#app/lib/api-client.ts";

interface DeleteLanguageDialogProps {
  /** The language to delete; null keeps the dialog closed. */
  language: TaggedAdminLanguage | null;
  onCancel: () => void;
  onDeleted: (message: string) => Promise<void>;
}

export function DeleteLanguageDialog({ language, onCancel, onDeleted }: DeleteLanguageDialogProps) {
  const id = language?.id;
  // Each piece of state names the language it belongs to, so opening the dialog for another one starts afresh.
  const [chosen, setChosen] = useState<{ id: number; choice: LanguageContentChoice } | null>(null);
  const [counted, setCounted] = useState<{ id: number; counts: LanguageContentCounts } | null>(null);
  const [failed, setFailed] = useState<{ id: number; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useAdminText();
  const choice = chosen !== null && chosen.id === id ? chosen.choice : "keep";
  const counts = counted !== null && counted.id === id ? counted.counts : null;
  const error = failed !== null && failed.id === id ? failed.message : null;
  const setChoice = (next: LanguageContentChoice) => id !== undefined && setChosen({ id, choice: next });

  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    api.get<{ counts: LanguageContentCounts }>(`${LANGUAGES_API}/${id}/content`, { signal: controller.signal }).then(
      (answer) => setCounted({ id, counts: answer.counts }),
      () => undefined, // The counts only inform the choice; the dialog works without them.
    );
    return () => controller.abort();
  }, [id]);

  async function confirm() {
    if (!language) return;
    setBusy(true);
    setFailed(null);
    try {
      await api.delete(`${LANGUAGES_API}/${language.id}?content=${choice}`, { ifMatch: language.etag });
      await onDeleted(
        t(choice === "keep" ? "admin.languages.deleted_kept" : "admin.languages.deleted_removed", {
          name: language.label,
        }),
      );
    } catch (failure) {
      setFailed({ id: language.id, message: failureMessage(failure, t("admin.languages.delete_failed"), t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={language !== null}
      title={language ? t("admin.languages.delete_title", { name: language.label, code: language.code }) : ""}
      confirmLabel={t(choice === "keep" ? "admin.languages.delete_keep" : "admin.languages.delete_remove")}
      tone="danger"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <p>{t("admin.languages.delete_leaves")}</p>
      <p>
        {counts
          ? t("admin.languages.delete_counts", {
              strings: counts.strings,
              versions: counts.articleVersions,
              jobs: counts.jobLabels,
              alts: counts.altTexts,
            })
          : t("admin.languages.counting")}
      </p>
      <fieldset>
        <legend>{t("admin.languages.its_content")}</legend>
        <label>
          <input
            type="radio"
            name="language-content"
            value="keep"
            checked={choice === "keep"}
            onChange={() => setChoice("keep")}
            disabled={busy}
          />
          {t("admin.languages.keep")}
        </label>
        <label>
          <input
            type="radio"
            name="language-content"
            value="remove"
            checked={choice === "remove"}
            onChange={() => setChoice("remove")}
            disabled={busy}
          />
          {t("admin.languages.remove")}
        </label>
      </fieldset>
      <ErrorAlert message={error} />
    </ConfirmDialog>
  );
}
