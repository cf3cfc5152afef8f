/** Adds a translation key with its text in the favorite language; the others show as missing. */
import { useId } from "react";
import { newTranslationKeySchema, type TranslationLanguage } from "#core/admin/translations/schema.ts";
import { useAdminForm } from "#app/components/admin/admin-form.ts";
import { FormErrorSummary, FormField } from "#app/components/admin/form-fields.tsx";
import { TRANSLATIONS_API } from "#app/components/admin/translations/keys.ts";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

/** Public keys are in capitals (NAV:HOME), the admin's own in lower case (admin.nav.home). */
function keyAsTyped(value: string): string {
  return /^admin\./i.test(value) ? value.toLowerCase() : value.toUpperCase();
}

interface NewKey {
  key: string;
  /** The text in the favorite language. */
  text: string;
}

const EMPTY: NewKey = { key: "", text: "" };

export function AddKeyForm({ favorite, onAdded }: { favorite: TranslationLanguage; onAdded: (key: string) => void }) {
  const formId = useId();
  const idFor = (field: string) => `${formId}-${field}`;
  const toInput = ({ key, text }: NewKey) => ({ key, labels: { [favorite.code]: text } });
  // The schema's "labels" (and "labels.<code>" in the server's refusals) is this form's text field.
  const adminForm = useAdminForm<NewKey>(
    { schema: newTranslationKeySchema, toInput, fieldOf: (field) => (field.startsWith("labels") ? "text" : field) },
    { defaultValues: EMPTY },
  );
  const { form } = adminForm;
  const { t } = useAdminText();
  const labels = {
    key: t("admin.translations.key"),
    text: t("admin.translations.text_in", { language: favorite.label, code: favorite.code }),
  };

  async function add(values: NewKey) {
    const input = newTranslationKeySchema.parse(toInput(values));
    try {
      await api.post(TRANSLATIONS_API, input);
      form.reset(EMPTY);
      onAdded(input.key);
    } catch (error) {
      adminForm.showFailure(error, ["key", "labels", `labels.${favorite.code}`], t("admin.translations.add_failed"));
    }
  }

  return (
    <form className="admin-form" noValidate onSubmit={adminForm.submit(add)} aria-busy={form.formState.isSubmitting}>
      <FormErrorSummary formErrors={adminForm} labels={labels} idFor={idFor} />
      <div className="admin-form__grid">
        <FormField
          control={form.control}
          name="key"
          id={idFor("key")}
          label={labels.key}
          hint={t("admin.translations.key_hint")}
        >
          {(aria, field) => (
            <input
              {...aria}
              {...field}
              type="text"
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => field.onChange(keyAsTyped(event.target.value))}
            />
          )}
        </FormField>
        <FormField
          control={form.control}
          name="text"
          id={idFor("text")}
          label={labels.text}
          hint={t("admin.translations.text_hint")}
          className="admin-field--wide"
        >
          {(aria, field) => <textarea {...aria} {...field} rows={2} lang={favorite.code} dir={favorite.dir} />}
        </FormField>
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          {t("admin.translations.add_key_button")}
        </button>
      </div>
    </form>
  );
}
