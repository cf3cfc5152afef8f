/** Deleting the whole article, after a confirmation. */
import { useState } from "react";
import { useNavigate } from "react-router";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { ARTICLES_API, DISCARDING } from "./editor-shared.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

export function DeleteArticle({
  article,
  fieldsEtag,
  title,
  onDeleted,
}: {
  article: AdminArticle;
  fieldsEtag: string | null;
  title: string;
  onDeleted: (message: string) => void;
}) {
  const { t } = useAdminText();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = article.versions.length;

  async function remove() {
    setBusy(true);
    try {
      // From the article as read (decision 0151): a change by someone else meanwhile is refused, and said so.
      await api.delete(`${ARTICLES_API}/${article.id}`, fieldsEtag === null ? {} : { ifMatch: fieldsEtag });
      onDeleted(t("admin.delete_article.deleted", { title }));
      await navigate("/admin/articles", { state: DISCARDING });
    } catch (failure) {
      setConfirming(false);
      setError(failureMessage(failure, t("admin.editor.delete_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel article-editor__danger" aria-labelledby="delete-title">
      <h2 id="delete-title">{t("admin.delete_article.title")}</h2>
      <p>{t("admin.delete_article.text")}</p>
      <ErrorAlert message={error} />
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        {t("admin.delete_article.confirm")}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t("admin.delete_article.confirm_title", { title, count })}
        confirmLabel={t("admin.delete_article.confirm")}
        tone="danger"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("admin.delete_article.final")}</p>
      </ConfirmDialog>
    </section>
  );
}
