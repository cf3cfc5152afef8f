/**
 * The admin area's language, chosen by the signed-in person (decision 0076):
 * saved on their user record, then every loader runs again so the whole page
 * (admin strings, header, lang and dir) switches at once.
 */
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { ADMIN_PREFERENCES_API } from "#core/admin/preferences/schema.ts";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { failureMessage } from "./feedback.tsx";

export interface AdminLanguageChoice {
  /** The stored choice, or null for "as on the site". */
  stored: string | null;
  /** The language "as on the site" gives now. */
  automaticLabel: string;
  languages: { code: string; label: string }[];
}

const AUTOMATIC = "";

export function AdminLanguageControl({ choice }: { choice: AdminLanguageChoice }) {
  const { t } = useAdminText();
  const revalidator = useRevalidator();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(value: string) {
    setBusy(true);
    setError(null);
    try {
      await api.patch(ADMIN_PREFERENCES_API, { adminLanguage: value === AUTOMATIC ? null : value });
      await revalidator.revalidate();
    } catch (failure) {
      setError(failureMessage(failure, t("admin.language.save_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-language">
      <label htmlFor={id}>{t("admin.language.label")}</label>
      <select
        id={id}
        value={choice.stored ?? AUTOMATIC}
        disabled={busy}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value={AUTOMATIC}>{t("admin.language.automatic", { language: choice.automaticLabel })}</option>
        {choice.languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="admin-language__error">
          {error}
        </p>
      )}
    </div>
  );
}
