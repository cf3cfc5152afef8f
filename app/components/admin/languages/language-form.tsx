/** Adds a language, or edits one in place (Escape cancels an edit). */
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { canonicalLanguageTag, languagePatchSchema, newLanguageSchema, type AdminLanguage } from "#core/admin/languages/schema.ts";
import { Field, fieldErrorsFrom, FormErrorSummary, requestErrors, useFormErrors } from "#app/components/admin/form-fields.tsx";
import { changesOf, draftOf, EMPTY_DRAFT, fieldLabels, FIELDS, LANGUAGES_API, newPayloadOf, type LanguageDraft } from "#app/components/admin/languages/language-draft.ts";
import { FallbackChainEditor } from "#app/components/admin/languages/fallback-chain-editor.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

interface LanguageFormProps {
  /** The language edited, or null to add one. */
  language: AdminLanguage | null;
  /** Every language, for the fallback chain (editing only). */
  languages?: AdminLanguage[];
  onDone: (saved: AdminLanguage | null) => void;
}

export function LanguageForm({ language, languages = [], onDone }: LanguageFormProps) {
  const formId = useId();
  const idFor = (field: string) => `${formId}-${field}`;
  const [draft, setDraft] = useState<LanguageDraft>(language ? draftOf(language) : EMPTY_DRAFT);
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const [saving, setSaving] = useState(false);
  const { t } = useAdminText();
  const labels = fieldLabels(t);
  // The name and home page are in the language being added, once its tag is one (a half-typed "en_US" is not a lang value).
  const typedLang = canonicalLanguageTag(draft.code.trim()) ?? undefined;

  const set = <Field extends keyof LanguageDraft>(field: Field, value: LanguageDraft[Field]) => setDraft((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = language ? changesOf(draft, language) : newPayloadOf(draft);
    if (language && Object.keys(body).length === 0) return onDone(null);
    const checked = (language ? languagePatchSchema : newLanguageSchema).safeParse(body);
    if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues, t), null);
    setSaving(true);
    try {
      const result = language
        ? await api.patch<{ language: AdminLanguage }>(`${LANGUAGES_API}/${language.id}`, body)
        : await api.post<{ language: AdminLanguage }>(LANGUAGES_API, body);
      formErrors.clear();
      if (!language) setDraft(EMPTY_DRAFT);
      onDone(result.language);
    } catch (error) {
      const failure = requestErrors(error, FIELDS, t(language ? "admin.languages.save_failed" : "admin.languages.add_failed"), t);
      formErrors.show(failure.fields, failure.general);
    } finally {
      setSaving(false);
    }
  }

  function cancelOnEscape(event: KeyboardEvent<HTMLFormElement>) {
    if (language && event.key === "Escape") {
      event.preventDefault();
      onDone(null);
    }
  }

  const text = (field: "code" | "short_code" | "label" | "welcome", hint: string, extra: { lang?: string; dir?: "ltr" | "rtl" | "auto" } = {}) => (
    <Field id={idFor(field)} label={labels[field]!} hint={hint} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          {...extra}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={draft[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form className="admin-form language-form" noValidate onSubmit={submit} onKeyDown={cancelOnEscape} aria-busy={saving}>
      <FormErrorSummary formErrors={formErrors} labels={labels} idFor={idFor} />
      <div className="admin-form__grid">
        {text("code", t("admin.languages.hint_code"))}
        {text("short_code", t("admin.languages.hint_short_code"))}
        {text("label", t("admin.languages.hint_label"), { lang: typedLang, dir: "auto" })}
        {text("welcome", t("admin.languages.hint_welcome"), { lang: typedLang, dir: "auto" })}
        <Field id={idFor("population")} label={labels.population!} hint={t("admin.languages.hint_population")} error={errors.population}>
          {(control) => (
            <input {...control} type="number" inputMode="numeric" min={0} step={1} value={draft.population} onChange={(event) => set("population", event.target.value)} />
          )}
        </Field>
        <Field id={idFor("dir")} label={labels.dir!} error={errors.dir}>
          {(control) => (
            <select {...control} value={draft.dir} onChange={(event) => set("dir", event.target.value === "rtl" ? "rtl" : "ltr")}>
              <option value="ltr">{t("admin.languages.ltr")}</option>
              <option value="rtl">{t("admin.languages.rtl")}</option>
            </select>
          )}
        </Field>
      </div>
      <div className={errors.enabled ? "admin-check admin-field--invalid" : "admin-check"}>
        <input
          id={idFor("enabled")}
          type="checkbox"
          checked={draft.enabled}
          disabled={language?.favorite}
          aria-describedby={errors.enabled ? `${idFor("enabled")}-error` : `${idFor("enabled")}-hint`}
          onChange={(event) => set("enabled", event.target.checked)}
        />
        <label htmlFor={idFor("enabled")}>{labels.enabled}</label>
        <p id={`${idFor("enabled")}-hint`} className="admin-field__hint">
          {language === null
            ? t("admin.languages.hint_enabled_new")
            : language.favorite
              ? t("admin.languages.favorite_always_shown")
              : t("admin.languages.hint_enabled_off")}
        </p>
        {errors.enabled && (
          <p id={`${idFor("enabled")}-error`} className="admin-field__error">
            {errors.enabled}
          </p>
        )}
      </div>
      {language && (
        <>
          <FallbackChainEditor
            id={idFor("fallbacks")}
            language={language}
            languages={languages}
            chain={draft.fallbacks}
            error={errors.fallbacks}
            onChange={(chain) => set("fallbacks", chain)}
          />
          <div className={errors.list_fallback_articles ? "admin-check admin-field--invalid" : "admin-check"}>
            <input
              id={idFor("list_fallback_articles")}
              type="checkbox"
              checked={draft.list_fallback_articles}
              aria-describedby={`${idFor("list_fallback_articles")}-hint`}
              onChange={(event) => set("list_fallback_articles", event.target.checked)}
            />
            <label htmlFor={idFor("list_fallback_articles")}>{t("admin.languages.list_fallback_articles")}</label>
            <p id={`${idFor("list_fallback_articles")}-hint`} className="admin-field__hint">
              {t("admin.languages.list_fallback_articles_hint")}
            </p>
          </div>
        </>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {language ? t("admin.common.save") : t("admin.languages.add_button")}
        </button>
        {language && (
          <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
            {t("admin.common.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
