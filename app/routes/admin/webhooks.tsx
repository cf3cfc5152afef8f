/**
 * /admin/webhooks (issue 46 item 2, decision 0196): the endpoints other software registered for the site's events,
 * added here (their signing secret shown once), paused, resumed or deleted, each with its delivery log.
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { ListedWebhook, Webhook } from "#core/admin/webhooks/schema.ts";
import { listWebhooks } from "#server/admin/webhooks/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { servicesContext } from "#server/content/context.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage, SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { TableHead, TableRegion } from "#app/components/admin/table-region.tsx";
import { Deliveries } from "#app/components/admin/webhooks/deliveries.tsx";
import { ShownOnce } from "#app/components/admin/shown-once.tsx";
import { When } from "#app/components/admin/when.tsx";
import { EndpointForm } from "#app/components/admin/webhooks/endpoint-form.tsx";
import { WEBHOOKS_API, eventTextKey } from "#app/components/admin/webhooks/events.ts";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-webhooks.css";
import type { Route } from "./+types/webhooks";

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(context);
  return { webhooks: await listWebhooks(context.get(servicesContext)) };
}

interface RowProps {
  webhook: ListedWebhook;
  open: boolean;
  busy: boolean;
  onToggle: () => void;
  onEnable: (enabled: boolean) => void;
  onDelete: () => void;
}

function WebhookRow({ webhook, open, busy, onToggle, onEnable, onDelete }: RowProps) {
  const { t } = useAdminText();
  return (
    <tr>
      <td>
        <code dir="ltr">{webhook.url}</code>
        {webhook.description && (
          <span className="webhooks-page__description" dir="auto">
            {webhook.description}
          </span>
        )}
      </td>
      <td>
        <ul className="webhooks-page__events">
          {webhook.events.map((event) => (
            <li key={event}>{t(eventTextKey(event))}</li>
          ))}
        </ul>
      </td>
      <td>{t(webhook.enabled ? "admin.webhooks.enabled" : "admin.webhooks.paused")}</td>
      <td>
        {webhook.lastDelivery ? (
          <>
            {t(`admin.webhooks.status.${webhook.lastDelivery.status}`)} <When at={webhook.lastDelivery.createdAt} />
          </>
        ) : (
          t("admin.webhooks.no_deliveries")
        )}
      </td>
      <td className="webhooks-page__actions">
        <button type="button" className="button button--small" aria-expanded={open} onClick={onToggle}>
          {t("admin.webhooks.deliveries_button", { url: webhook.url })}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => onEnable(!webhook.enabled)}
        >
          {t(webhook.enabled ? "admin.webhooks.pause_button" : "admin.webhooks.resume_button", { url: webhook.url })}
        </button>
        <button type="button" className="button button--small button--danger" disabled={busy} onClick={onDelete}>
          {t("admin.webhooks.delete_button", { url: webhook.url })}
        </button>
      </td>
    </tr>
  );
}

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  const { webhooks } = loaderData;
  const { t } = useAdminText();
  const revalidator = useRevalidator();
  const feedback = useSaveFeedback();
  const [created, setCreated] = useState<{ webhook: Webhook; secret: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ListedWebhook | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(webhook: ListedWebhook, write: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await write();
      await revalidator.revalidate();
    } catch (failure) {
      setError(failureMessage(failure, t("admin.webhooks.change_failed"), t));
    } finally {
      setBusy(false);
    }
    return webhook;
  }

  const setEnabled = (webhook: ListedWebhook, enabled: boolean) =>
    change(webhook, () => api.patch(`${WEBHOOKS_API}/${webhook.id}`, { enabled }, { ifMatch: webhook.etag }));

  async function confirmDelete() {
    if (!deleting) return;
    await change(deleting, () => api.delete(`${WEBHOOKS_API}/${deleting.id}`, { ifMatch: deleting.etag }));
    if (open === deleting.id) setOpen(null);
    setDeleting(null);
  }

  return (
    <div className="admin-page webhooks-page">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.webhooks") })}</title>
      <h1>{t("admin.nav.webhooks")}</h1>
      <p className="admin-page__intro">{t("admin.webhooks.intro")}</p>

      <EndpointForm
        onAdded={(webhook, secret) => {
          setCreated({ webhook, secret });
          void revalidator.revalidate();
        }}
      />
      {created && (
        <ShownOnce
          id="webhook-secret-title"
          title={t("admin.webhooks.secret_title", { url: created.webhook.url })}
          note={t("admin.webhooks.secret_once")}
          value={created.secret}
        />
      )}

      <SaveStatus feedback={feedback} />
      <ErrorAlert message={error} />

      <TableRegion captionId="webhooks-caption">
        <table className="admin-table">
          <caption id="webhooks-caption">{t("admin.webhooks.caption")}</caption>
          <TableHead
            columns={[
              t("admin.webhooks.url"),
              t("admin.webhooks.events"),
              t("admin.webhooks.state"),
              t("admin.webhooks.status"),
            ]}
            actions
          />
          <tbody>
            {webhooks.length === 0 && (
              <tr>
                <td colSpan={5}>{t("admin.webhooks.none")}</td>
              </tr>
            )}
            {webhooks.map((webhook) => (
              <WebhookRow
                key={webhook.id}
                webhook={webhook}
                open={open === webhook.id}
                busy={busy}
                onToggle={() => setOpen(open === webhook.id ? null : webhook.id)}
                onEnable={(enabled) => void setEnabled(webhook, enabled)}
                onDelete={() => setDeleting(webhook)}
              />
            ))}
          </tbody>
        </table>
      </TableRegion>

      {webhooks
        .filter((webhook) => webhook.id === open)
        .map((webhook) => (
          <Deliveries key={webhook.id} webhook={webhook} onRedelivered={feedback.success} />
        ))}

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t("admin.webhooks.delete_confirm", { url: deleting.url }) : ""}
        confirmLabel={deleting ? t("admin.webhooks.delete_button", { url: deleting.url }) : ""}
        tone="danger"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
