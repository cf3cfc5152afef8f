/**
 * Deleting a language: the confirmation dialog asks whether its content (UI
 * strings, article versions, job labels, alt texts) is kept or removed, with
 * how much there is. "Keep" is chosen first: it is the choice that can be undone.
 */
import { useEffect, useState } from "react";
import type { AdminLanguage, LanguageContentChoice, LanguageContentCounts } from "#core/admin/languages/schema.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { LANGUAGES_API } from "#app/components/admin/languages/language-draft.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { api } from "#app/lib/api-client.ts";

interface DeleteLanguageDialogProps {
  /** The language to delete; null keeps the dialog closed. */
  language: AdminLanguage | null;
  onCancel: () => void;
  onDeleted: (message: string) => Promise<void>;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
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
      await api.delete(`${LANGUAGES_API}/${language.id}?content=${choice}`);
      await onDeleted(choice === "keep" ? `${language.label} deleted; its content is kept.` : `${language.label} and its content deleted.`);
    } catch (failure) {
      setFailed({ id: language.id, message: failureMessage(failure, t("admin.common.could_not", { action: "delete the language" }), t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={language !== null}
      title={language ? `Delete ${language.label} (${language.code})?` : ""}
      confirmLabel={choice === "keep" ? "Delete the language" : "Delete the language and its content"}
      tone="danger"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <p>It leaves the site and the language picker at once.</p>
      <p>
        {counts
          ? `It holds ${plural(counts.strings, "UI string", "UI strings")}, ${plural(counts.articleVersions, "article version", "article versions")}, ${plural(counts.jobLabels, "job label", "job labels")} and ${plural(counts.altTexts, "image alt text", "image alt texts")}.`
          : "Counting its content…"}
      </p>
      <fieldset>
        <legend>Its content</legend>
        <label>
          <input type="radio" name="language-content" value="keep" checked={choice === "keep"} onChange={() => setChoice("keep")} disabled={busy} />
          Keep it stored (adding the same language tag again brings it back)
        </label>
        <label>
          <input type="radio" name="language-content" value="remove" checked={choice === "remove"} onChange={() => setChoice("remove")} disabled={busy} />
          Remove it for good
        </label>
      </fieldset>
      <ErrorAlert message={error} />
    </ConfirmDialog>
  );
}
