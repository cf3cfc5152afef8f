/**
 * Adds a language, or edits one in place (Escape cancels an edit). An edit names the language's ETag
 * (decision 0151): when someone else saved it meanwhile, the conflict notice shows what they changed.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { canonicalLanguageTag, languagePatchSchema, newLanguageSchema, type AdminLanguage, type TaggedAdminLanguage } from "#core/admin/languages/schema.ts";
import { ConflictNotice, conflictOf, type Conflict } from "#app/components/admin/conflict-notice.tsx";
import { Field, fieldErrorsFrom, FormErrorSummary, requestErrors, useFormErrors } from "#app/components/admin/form-fields.tsx";
import { changesOf, draftOf, EMPTY_DRAFT, fieldLabels, FIELDS, LANGUAGES_API, newPayloadOf, type LanguageDraft } from "#app/components/admin/languages/language-draft.ts";
import { FallbackChainEditor } from "#app/components/admin/languages/fallback-chain-editor.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

interface LanguageFormProps {
  /** The language edited, with the ETag it was read with, or null to add one. */
  language: TaggedAdminLanguage | null;
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
  // What the edit is made from: the language as read, or the other person's once their state is taken.
  const [base, setBase] = useState(language);
  const [conflict, setConflict] = useState<Conflict<AdminLanguage> | null>(null);
  const { t } = useAdminText();
  const labels = fieldLabels(t);
  // The name and home page are in the language being added, once its tag is one (a half-typed "en_US" is not a lang value).
  const typedLang = canonicalLanguageTag(draft.code.trim()) ?? undefined;

  const set = <Field extends keyof LanguageDraft>(field: Field, value: LanguageDraft[Field]) => setDraft((current) => ({ ...current, [field]: value }));

  /** Saves the draft's changes from the state with ETag `from` (the one read, or the other person's: "Save mine anyway"). */
  async function save(from: string | undefined) {
    const body = base ? changesOf(draft, base) : newPayloadOf(draft);
    if (base && Object.keys(body).length === 0) return onDone(null);
    const checked = (base ? languagePatchSchema : newLanguageSchema).safeParse(body);
    if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues, t), null);
    setSaving(true);
    try {
      const result = base
        ? await api.patch<{ language: AdminLanguage }>(`${LANGUAGES_API}/${base.id}`, body, { ifMatch: from })
        : await api.post<{ language: AdminLanguage }>(LANGUAGES_API, body);
      formErrors.clear();
      if (!base) setDraft(EMPTY_DRAFT);
      onDone(result.language);
    } catch (error) {
      const met = conflictOf<AdminLanguage>(error);
      if (met) {
        formErrors.clear();
        setConflict(met);
        return;
      }
      const failure = requestErrors(error, FIELDS, t(language ? "admin.languages.save_failed" : "admin.languages.add_failed"), t);
      formErrors.show(failure.fields, failure.general);
    } finally {
      setSaving(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(base?.etag);
  }

  function takeTheirs({ current, etag }: Conflict<AdminLanguage>) {
    if (current === null || etag === null) return onDone(null);
    setBase({ ...current, etag });
    setDraft(draftOf(current));
    setConflict(null);
    document.getElementById(idFor("label"))?.focus();
  }

  function cancelOnEscape(event: KeyboardEvent<HTMLFormElement>) {
    if (language && event.key === "Escape") {
      event.preventDefault();
      onDone(null);
    }
  }

  const text = (field: "code" | "shortCode" | "label" | "welcome", hint: string, extra: { lang?: string; dir?: "ltr" | "rtl" | "auto" } = {}) => (
    <Field id={idFor(field)} label={labels[field]!} hint={hint} error={errors[field]}>
      {(control) => <input {...control} {...extra} type="text" autoComplete="off" spellCheck={false} value={draft[field]} onChange={(event) => set(field, event.target.value)} />}
    </Field>
  );

  return (
    <form className="admin-form language-form" noValidate onSubmit={submit} onKeyDown={cancelOnEscape} aria-busy={saving}>
      <FormErrorSummary formErrors={formErrors} labels={labels} idFor={idFor} />
      {conflict && base && (
        <ConflictNotice
          theirs={conflict.current && <ChangedFields before={base} after={conflict.current} labels={labels} languages={languages} />}
          busy={saving}
          onSaveMine={() => void save(conflict.etag ?? undefined)}
          onTakeTheirs={() => takeTheirs(conflict)}
        />
      )}
      <div className="admin-form__grid">
        {text("code", t("admin.languages.hint_code"))}
        {text("shortCode", t("admin.languages.hint_short_code"))}
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
          {language === null ? t("admin.languages.hint_enabled_new") : language.favorite ? t("admin.languages.favorite_always_shown") : t("admin.languages.hint_enabled_off")}
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
          <div className={errors.listFallbackArticles ? "admin-check admin-field--invalid" : "admin-check"}>
            <input
              id={idFor("listFallbackArticles")}
              type="checkbox"
              checked={draft.listFallbackArticles}
              aria-describedby={`${idFor("listFallbackArticles")}-hint`}
              onChange={(event) => set("listFallbackArticles", event.target.checked)}
            />
            <label htmlFor={idFor("listFallbackArticles")}>{t("admin.languages.list_fallback_articles")}</label>
            <p id={`${idFor("listFallbackArticles")}-hint`} className="admin-field__hint">
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

/** The fields the other person changed, with the values they saved (a fallback chain by the languages' names). */
function ChangedFields({ before, after, labels, languages }: { before: AdminLanguage; after: AdminLanguage; labels: Record<string, string>; languages: AdminLanguage[] }) {
  const changed = Object.entries(changesOf(draftOf(after), before));
  const nameOf = (id: unknown) => languages.find((language) => language.id === id)?.label ?? String(id);
  return (
    <dl className="conflict-notice__fields">
      {changed.map(([field, value]) => (
        <div key={field}>
          <dt>{labels[field] ?? field}</dt>
          <dd>{Array.isArray(value) ? value.map(nameOf).join(", ") : String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
