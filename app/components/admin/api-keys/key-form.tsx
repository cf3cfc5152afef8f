/** Creates a content API key; the token the server answers is handed to `onAdded` (shown once by the screen). */
import { AddForm } from "#app/components/admin/add-form.tsx";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { apiKeyInput, DEFAULT_API_KEY_RATE_LIMIT, type ApiKey } from "#core/admin/api-keys/schema.ts";
import { useAdminForm } from "#app/components/admin/admin-form.ts";
import { CheckGroup, FormField } from "#app/components/admin/form-fields.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

export const API_KEYS_API = "/api/admin/api-keys";

interface NewKey {
  name: string;
  languages: string[];
  /** One origin a line. */
  origins: string;
  rateLimit: string;
}

const EMPTY: NewKey = { name: "", languages: [], origins: "", rateLimit: String(DEFAULT_API_KEY_RATE_LIMIT) };

/** The body the API takes for the form's values. */
const toInput = (values: NewKey) => ({
  name: values.name,
  languages: values.languages,
  origins: values.origins
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean),
  rateLimit: values.rateLimit.trim() === "" ? Number.NaN : Number(values.rateLimit),
});

/** Each field's admin text. */
const LABEL_KEYS = {
  name: "admin.api_keys.name",
  languages: "admin.api_keys.languages",
  origins: "admin.api_keys.origins",
  rateLimit: "admin.api_keys.rate_limit",
} as const;
type LabelsOf = Record<keyof typeof LABEL_KEYS, string>;

const createKey = (values: NewKey) =>
  api.post<{ apiKey: ApiKey; token: string }>(API_KEYS_API, apiKeyInput.parse(toInput(values)));

export interface KeyLanguage {
  code: string;
  label: string;
}

/** The languages a key may read, as checkboxes; none checked is every language. */
function LanguageChecks({
  id,
  legend,
  languages,
  error,
  registered,
}: {
  id: string;
  legend: string;
  languages: KeyLanguage[];
  error: string | undefined;
  registered: UseFormRegisterReturn;
}) {
  const { t } = useAdminText();
  return (
    <CheckGroup id={id} legend={legend} hint={t("admin.api_keys.languages_hint")} error={error}>
      {languages.map((language) => (
        <label key={language.code} className="admin-check">
          <input type="checkbox" value={language.code} {...registered} />
          <span dir="auto">{language.label}</span> <code dir="ltr">{language.code}</code>
        </label>
      ))}
    </CheckGroup>
  );
}

export function KeyForm({
  languages,
  onAdded,
}: {
  languages: KeyLanguage[];
  onAdded: (apiKey: ApiKey, token: string) => void;
}) {
  const formId = useId();
  const idFor = (field: string) => `${formId}-${field}`;
  const adminForm = useAdminForm<NewKey>({ schema: apiKeyInput, toInput }, { defaultValues: EMPTY });
  const { form } = adminForm;
  const { t } = useAdminText();
  const labels = Object.fromEntries(Object.entries(LABEL_KEYS).map(([field, key]) => [field, t(key)])) as LabelsOf;

  async function add(values: NewKey) {
    try {
      const { apiKey, token } = await createKey(values);
      form.reset(EMPTY);
      onAdded(apiKey, token);
    } catch (error) {
      adminForm.showFailure(error, Object.keys(LABEL_KEYS), t("admin.api_keys.add_failed"));
    }
  }

  return (
    <AddForm
      adminForm={adminForm}
      onValid={add}
      idFor={idFor}
      title={t("admin.api_keys.new_title")}
      labels={labels}
      submitLabel={t("admin.api_keys.add_button")}
      after={
        <LanguageChecks
          id={idFor("languages")}
          legend={labels.languages}
          languages={languages}
          error={adminForm.errors.languages}
          registered={form.register("languages")}
        />
      }
    >
      <FormField
        control={form.control}
        name="name"
        id={idFor("name")}
        label={labels.name}
        className="admin-field--wide"
      >
        {(aria, field) => <input {...aria} {...field} type="text" dir="auto" autoComplete="off" />}
      </FormField>
      <FormField
        control={form.control}
        name="origins"
        id={idFor("origins")}
        label={labels.origins}
        hint={t("admin.api_keys.origins_hint")}
        className="admin-field--wide"
      >
        {(aria, field) => <textarea {...aria} {...field} rows={2} spellCheck={false} dir="ltr" />}
      </FormField>
      <FormField
        control={form.control}
        name="rateLimit"
        id={idFor("rateLimit")}
        label={labels.rateLimit}
        hint={t("admin.api_keys.rate_limit_hint")}
      >
        {(aria, field) => <input {...aria} {...field} type="number" inputMode="numeric" min={1} dir="ltr" />}
      </FormField>
    </AddForm>
  );
}
