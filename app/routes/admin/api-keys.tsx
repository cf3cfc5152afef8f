/**
 * /admin/api-keys (issue 46 item 1, decision 0200): the keys other software reads the content delivery API with,
 * created here (their token shown once), each with its languages, allowed origins, rate and when it was last used,
 * and revoked here (a revoked key stays listed).
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { ApiKey } from "#core/admin/api-keys/schema.ts";
import { listApiKeys } from "#server/admin/api-keys/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { servicesContext } from "#server/content/context.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage } from "#app/components/admin/feedback.tsx";
import { TableHead, TableRegion } from "#app/components/admin/table-region.tsx";
import { ShownOnce } from "#app/components/admin/shown-once.tsx";
import { When } from "#app/components/admin/when.tsx";
import { API_KEYS_API, KeyForm } from "#app/components/admin/api-keys/key-form.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-api-keys.css";
import type { Route } from "./+types/api-keys";

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(context);
  const services = context.get(servicesContext);
  return {
    apiKeys: await listApiKeys(services),
    languages: services.content
      .current()
      .languages.filter((language) => language.enabled)
      .map((language) => ({ code: language.code, label: language.label })),
  };
}

function KeyRow({ apiKey, busy, onRevoke }: { apiKey: ApiKey; busy: boolean; onRevoke: () => void }) {
  const { t } = useAdminText();
  const none = (list: string[], empty: string) =>
    list.length === 0 ? (
      t(empty)
    ) : (
      <ul className="api-keys-page__list">
        {list.map((item) => (
          <li key={item}>
            <code dir="ltr">{item}</code>
          </li>
        ))}
      </ul>
    );
  return (
    <tr>
      <td dir="auto">{apiKey.name}</td>
      <td>
        <code dir="ltr">{apiKey.prefix}…</code>
      </td>
      <td>{none(apiKey.languages, "admin.api_keys.all_languages")}</td>
      <td>{none(apiKey.origins, "admin.api_keys.no_origins")}</td>
      <td>{apiKey.rateLimit}</td>
      <td>{apiKey.lastUsedAt ? <When at={apiKey.lastUsedAt} /> : t("admin.api_keys.never_used")}</td>
      <td>
        {apiKey.revokedAt ? (
          <>
            {t("admin.api_keys.revoked")} <When at={apiKey.revokedAt} />
          </>
        ) : (
          t("admin.api_keys.active")
        )}
      </td>
      <td className="api-keys-page__actions">
        {!apiKey.revokedAt && (
          <button type="button" className="button button--small button--danger" disabled={busy} onClick={onRevoke}>
            {t("admin.api_keys.revoke_button", { name: apiKey.name })}
          </button>
        )}
      </td>
    </tr>
  );
}

/** Every key, newest first, with its scope, last use and state; a working one can be revoked. */
function KeysTable({
  apiKeys,
  busy,
  onRevoke,
}: {
  apiKeys: ApiKey[];
  busy: boolean;
  onRevoke: (apiKey: ApiKey) => void;
}) {
  const { t } = useAdminText();
  return (
    <TableRegion captionId="api-keys-caption">
      <table className="admin-table">
        <caption id="api-keys-caption">{t("admin.api_keys.caption")}</caption>
        <TableHead
          columns={[
            t("admin.api_keys.name"),
            t("admin.api_keys.prefix"),
            t("admin.api_keys.languages"),
            t("admin.api_keys.origins"),
            t("admin.api_keys.rate_limit"),
            t("admin.api_keys.last_used"),
            t("admin.api_keys.state"),
          ]}
          actions
        />
        <tbody>
          {apiKeys.length === 0 && (
            <tr>
              <td colSpan={8}>{t("admin.api_keys.none")}</td>
            </tr>
          )}
          {apiKeys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} busy={busy} onRevoke={() => onRevoke(apiKey)} />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export default function AdminApiKeys({ loaderData }: Route.ComponentProps) {
  const { apiKeys, languages } = loaderData;
  const { t } = useAdminText();
  const revalidator = useRevalidator();
  const [created, setCreated] = useState<{ apiKey: ApiKey; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirmRevoke() {
    if (!revoking) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(`${API_KEYS_API}/${revoking.id}/revoke`, undefined);
      await revalidator.revalidate();
    } catch (failure) {
      setError(failureMessage(failure, t("admin.api_keys.revoke_failed"), t));
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  return (
    <div className="admin-page api-keys-page">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.api_keys") })}</title>
      <h1>{t("admin.nav.api_keys")}</h1>
      <p className="admin-page__intro">{t("admin.api_keys.intro")}</p>

      <KeyForm
        languages={languages}
        onAdded={(apiKey, token) => {
          setCreated({ apiKey, token });
          void revalidator.revalidate();
        }}
      />
      {created && (
        <ShownOnce
          id="api-key-token-title"
          title={t("admin.api_keys.token_title", { name: created.apiKey.name })}
          note={t("admin.api_keys.token_once")}
          value={created.token}
        />
      )}

      <ErrorAlert message={error} />

      <KeysTable apiKeys={apiKeys} busy={busy} onRevoke={setRevoking} />

      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? t("admin.api_keys.revoke_confirm", { name: revoking.name }) : ""}
        confirmLabel={revoking ? t("admin.api_keys.revoke_button", { name: revoking.name }) : ""}
        tone="danger"
        busy={busy}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
