/** An endpoint's latest deliveries (GET …/deliveries): status, attempts, the receiver's answer; Redeliver on finished ones. */
import { useEffect, useId, useState } from "react";
import type { ListedWebhook, WebhookDelivery } from "#core/admin/webhooks/schema.ts";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { TableHead, TableRegion } from "#app/components/admin/table-region.tsx";
import { When } from "#app/components/admin/when.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { WEBHOOKS_API, eventTextKey } from "./events.ts";

function DeliveryRow({
  delivery,
  busy,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  busy: boolean;
  onRedeliver: () => void;
}) {
  const { t } = useAdminText();
  return (
    <tr>
      <td>
        {t(eventTextKey(delivery.event))} <code dir="ltr">{delivery.event}</code>
      </td>
      <td>
        <span className="admin-badge">{t(`admin.webhooks.status.${delivery.status}`)}</span>
        {delivery.nextAttemptAt && (
          <>
            {" "}
            <When at={delivery.nextAttemptAt} />
          </>
        )}
      </td>
      <td>{delivery.attempts}</td>
      <td>
        {delivery.responseStatus ?? t("admin.webhooks.no_answer")}
        {(delivery.responseExcerpt || delivery.error) && (
          <code className="webhook-deliveries__excerpt" dir="ltr">
            {delivery.error ?? delivery.responseExcerpt}
          </code>
        )}
      </td>
      <td>
        <When at={delivery.createdAt} />
      </td>
      <td>
        {delivery.status !== "pending" && (
          <button type="button" className="button button--small" disabled={busy} onClick={onRedeliver}>
            {t("admin.webhooks.redeliver_button")}
            <span className="visually-hidden">{` ${delivery.event} ${delivery.createdAt}`}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

export function Deliveries({
  webhook,
  onRedelivered,
}: {
  webhook: ListedWebhook;
  onRedelivered: (message: string) => void;
}) {
  const { t } = useAdminText();
  const captionId = useId();
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  /** Bumped to read the log again (after a redelivery). */
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    api.get<{ deliveries: WebhookDelivery[] }>(`${WEBHOOKS_API}/${webhook.id}/deliveries`).then(
      (answer) => current && setDeliveries(answer.deliveries),
      (failure: unknown) => current && setError(failureMessage(failure, t("admin.webhooks.change_failed"), t)),
    );
    return () => {
      current = false;
    };
  }, [webhook.id, reads, t]);

  async function redeliver(delivery: WebhookDelivery) {
    setBusy(delivery.id);
    setError(null);
    try {
      await api.post(`${WEBHOOKS_API}/${webhook.id}/deliveries/${delivery.id}/redeliver`, undefined);
      onRedelivered(t("admin.webhooks.redelivered"));
      setReads((count) => count + 1);
    } catch (failure) {
      setError(failureMessage(failure, t("admin.webhooks.change_failed"), t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="webhook-deliveries">
      <ErrorAlert message={error} />
      <TableRegion captionId={captionId}>
        <table className="admin-table" aria-busy={deliveries === null || undefined}>
          <caption id={captionId}>{t("admin.webhooks.deliveries_caption", { url: webhook.url })}</caption>
          <TableHead
            columns={[
              t("admin.webhooks.event"),
              t("admin.webhooks.status"),
              t("admin.webhooks.attempts"),
              t("admin.webhooks.answer"),
              t("admin.webhooks.created"),
            ]}
            actions
          />
          <tbody>
            {deliveries?.length === 0 && (
              <tr>
                <td colSpan={6}>{t("admin.webhooks.no_deliveries")}</td>
              </tr>
            )}
            {deliveries?.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                busy={busy === delivery.id}
                onRedeliver={() => void redeliver(delivery)}
              />
            ))}
          </tbody>
        </table>
      </TableRegion>
    </div>
  );
}
