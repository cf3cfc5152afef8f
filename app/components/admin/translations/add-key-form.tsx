/** Adds a translation key with its text in the favorite language; the others show as missing. */
import { useId, useState, type FormEvent } from "react";
import { newTranslationKeySchema, type TranslationLanguage } from "#core/admin/translations/schema.ts";
import { Field, fieldErrorsFrom, FormErrorSummary, requestErrors, useFormErrors } from "#app/components/admin/form-fields.tsx";
import { TRANSLATIONS_API } from "#app/components/admin/translations/keys.ts";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

/** Public keys are in capitals (NAV:HOME), the admin's own in lower case (admin.nav.home). */
function keyAsTyped(value: string): string {
  return /^admin\./i.test(value) ? value.toLowerCase() : value.toUpperCase();
}

export function AddKeyForm({ favorite, onAdded }: { favorite: TranslationLanguage; onAdded: (key: string) => void }) {
  const formId = useId();
  const idFor = (field: string) => `${formId}-${field}`;
  const [key, setKey] = useState("");
  const [text, setText] = useState("");
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const [saving, setSaving] = useState(false);
  const { t } = useAdminText();
  const labels = { key: t("admin.translations.key"), labels: t("admin.translations.text_in", { language: favorite.label, code: favorite.code }) };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { key, labels: { [favorite.code]: text } };
    const checked = newTranslationKeySchema.safeParse(body);
    if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues, t), null);
    setSaving(true);
    try {
      await api.post(TRANSLATIONS_API, checked.data);
      formErrors.clear();
      setKey("");
      setText("");
      onAdded(checked.data.key);
    } catch (error) {
      const failure = requestErrors(error, ["key", "labels", `labels.${favorite.code}`], t("admin.translations.add_failed"), t);
      const fields = Object.fromEntries(Object.entries(failure.fields).map(([field, message]) => [field.startsWith("labels") ? "labels" : field, message]));
      formErrors.show(fields, failure.general);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="admin-form" noValidate onSubmit={submit} aria-busy={saving}>
      <FormErrorSummary formErrors={formErrors} labels={labels} idFor={idFor} />
      <div className="admin-form__grid">
        <Field id={idFor("key")} label={labels.key} hint={t("admin.translations.key_hint")} error={errors.key}>
          {(control) => <input {...control} type="text" autoComplete="off" spellCheck={false} value={key} onChange={(event) => setKey(keyAsTyped(event.target.value))} />}
        </Field>
        <Field id={idFor("labels")} label={labels.labels} hint={t("admin.translations.text_hint")} error={errors.labels} className="admin-field--wide">
          {(control) => <textarea {...control} rows={2} lang={favorite.code} dir={favorite.dir} value={text} onChange={(event) => setText(event.target.value)} />}
        </Field>
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {t("admin.translations.add_key_button")}
        </button>
      </div>
    </form>
  );
}
