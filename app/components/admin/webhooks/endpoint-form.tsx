/** Adds a webhook endpoint; the secret the server answers is handed to `onAdded` (shown once by the screen). */
import { AddForm } from "#app/components/admin/add-form.tsx";
import { useId } from "react";
import { WEBHOOK_EVENTS, webhookInput, type Webhook, type WebhookEvent } from "#core/admin/webhooks/schema.ts";
import { useAdminForm } from "#app/components/admin/admin-form.ts";
import { CheckGroup, FormField } from "#app/components/admin/form-fields.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { WEBHOOKS_API, eventTextKey } from "./events.ts";

interface NewEndpoint {
  url: string;
  description: string;
  events: WebhookEvent[];
}

const EMPTY: NewEndpoint = { url: "", description: "", events: [] };

export function EndpointForm({ onAdded }: { onAdded: (webhook: Webhook, secret: string) => void }) {
  const formId = useId();
  const idFor = (field: string) => `${formId}-${field}`;
  const adminForm = useAdminForm<NewEndpoint>(
    { schema: webhookInput, toInput: (values) => values },
    { defaultValues: EMPTY },
  );
  const { form } = adminForm;
  const { t } = useAdminText();
  const labels = {
    url: t("admin.webhooks.url"),
    description: t("admin.webhooks.description"),
    events: t("admin.webhooks.events"),
  };

  async function add(values: NewEndpoint) {
    try {
      const { webhook, secret } = await api.post<{ webhook: Webhook; secret: string }>(
        WEBHOOKS_API,
        webhookInput.parse(values),
      );
      form.reset(EMPTY);
      onAdded(webhook, secret);
    } catch (error) {
      adminForm.showFailure(error, ["url", "description", "events"], t("admin.webhooks.add_failed"));
    }
  }

  return (
    <AddForm
      adminForm={adminForm}
      onValid={add}
      idFor={idFor}
      title={t("admin.webhooks.new_title")}
      labels={labels}
      submitLabel={t("admin.webhooks.add_button")}
      after={
        <CheckGroup id={idFor("events")} legend={labels.events} error={adminForm.errors.events}>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="admin-check">
              <input type="checkbox" value={event} {...form.register("events")} />
              <span>{t(eventTextKey(event))}</span> <code dir="ltr">{event}</code>
            </label>
          ))}
        </CheckGroup>
      }
    >
      <FormField
        control={form.control}
        name="url"
        id={idFor("url")}
        label={labels.url}
        hint={t("admin.webhooks.url_hint")}
        className="admin-field--wide"
      >
        {(aria, field) => (
          <input {...aria} {...field} type="url" inputMode="url" autoComplete="off" spellCheck={false} dir="ltr" />
        )}
      </FormField>
      <FormField
        control={form.control}
        name="description"
        id={idFor("description")}
        label={labels.description}
        className="admin-field--wide"
      >
        {(aria, field) => <input {...aria} {...field} type="text" dir="auto" />}
      </FormField>
    </AddForm>
  );
}
