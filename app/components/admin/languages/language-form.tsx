/**
 * Adds a language, or edits one in place (Escape cancels an edit). An edit names the language's ETag
 * (decision 0151): when someone else saved it meanwhile, the conflict notice shows what they changed.
 * The draft and its errors are react-hook-form's, checked with the API's schemas (decision 0185).
 */
import { useId, useState, type KeyboardEvent } from "react";
import { useController, useWatch, type Control } from "react-hook-form";
import {
  canonicalLanguageTag,
  languagePatchSchema,
  newLanguageSchema,
  type AdminLanguage,
  type TaggedAdminLanguage,
} from "#core/admin/languages/schema.ts";
import { useAdminForm, type AdminForm } from "#app/components/admin/admin-form.ts";
import { ConflictNotice, conflictOf, type Conflict } from "#app/components/admin/conflict-notice.tsx";
import { FormErrorSummary, FormField } from "#app/components/admin/form-fields.tsx";
import {
  changesOf,
  draftOf,
  EMPTY_DRAFT,
  fieldLabels,
  FIELDS,
  LANGUAGES_API,
  newPayloadOf,
  type LanguageDraft,
} from "#app/components/admin/languages/language-draft.ts";
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

type TextField = "code" | "shortCode" | "label" | "welcome";

interface LanguageWritesOptions {
  language: TaggedAdminLanguage | null;
  onDone: (saved: AdminLanguage | null) => void;
  /** After taking their state: focus goes to the name field. */
  focusName: () => void;
}

/** Adding, or saving an edit from the ETag read (or the other person's: "Save mine anyway"), and taking their state. */
function useLanguageWrites(
  adminForm: AdminForm<LanguageDraft>,
  [base, setBase]: [TaggedAdminLanguage | null, (base: TaggedAdminLanguage) => void],
  { language, onDone, focusName }: LanguageWritesOptions,
) {
  const { t } = useAdminText();
  const { form } = adminForm;
  const [conflict, setConflict] = useState<Conflict<AdminLanguage> | null>(null);
  /** Sends the draft's changes from the state with ETag `from` (the one read, or the other person's: "Save mine anyway"). */
  async function send(draft: LanguageDraft, from: string | undefined) {
    try {
      const result = base
        ? await api.patch<{ language: AdminLanguage }>(`${LANGUAGES_API}/${base.id}`, changesOf(draft, base), {
            ifMatch: from,
          })
        : await api.post<{ language: AdminLanguage }>(LANGUAGES_API, newPayloadOf(draft));
      if (!base) form.reset(EMPTY_DRAFT);
      onDone(result.language);
    } catch (error) {
      const met = conflictOf<AdminLanguage>(error);
      if (met) {
        adminForm.clear();
        setConflict(met);
      } else
        adminForm.showFailure(
          error,
          FIELDS,
          t(language ? "admin.languages.save_failed" : "admin.languages.add_failed"),
        );
    }
  }

  /** Saves, unless an edit changed nothing: then the editor just closes. */
  function save(from: string | undefined) {
    if (base && Object.keys(changesOf(form.getValues(), base)).length === 0) return onDone(null);
    void adminForm.submit((draft) => send(draft, from))();
  }

  function takeTheirs({ current, etag }: Conflict<AdminLanguage>) {
    if (current === null || etag === null) return onDone(null);
    setBase({ ...current, etag });
    form.reset(draftOf(current));
    setConflict(null);
    focusName();
  }

  return { conflict, save, takeTheirs };
}

export function LanguageForm({ language, languages = [], onDone }: LanguageFormProps) {
  const formId = useId();
  const idFor = (field: string) => `${formId}-${field}`;
  // What the edit is made from: the language as read, or the other person's once their state is taken.
  const [base, setBase] = useState(language);
  const adminForm = useAdminForm<LanguageDraft>(
    base
      ? { schema: languagePatchSchema, toInput: (draft) => changesOf(draft, base) }
      : { schema: newLanguageSchema, toInput: newPayloadOf },
    { defaultValues: language ? draftOf(language) : EMPTY_DRAFT },
  );
  const { form } = adminForm;
  const { control } = form;
  const saving = form.formState.isSubmitting;
  const { t } = useAdminText();
  const labels = fieldLabels(t);
  const { conflict, save, takeTheirs } = useLanguageWrites(adminForm, [base, setBase], {
    language,
    onDone,
    focusName: () => document.getElementById(idFor("label"))?.focus(),
  });

  function cancelOnEscape(event: KeyboardEvent<HTMLFormElement>) {
    if (language && event.key === "Escape") {
      event.preventDefault();
      onDone(null);
    }
  }

  return (
    <form
      className="admin-form language-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save(base?.etag);
      }}
      onKeyDown={cancelOnEscape}
      aria-busy={saving}
    >
      <FormErrorSummary formErrors={adminForm} labels={labels} idFor={idFor} />
      {conflict && base && (
        <ConflictNotice
          theirs={
            conflict.current && (
              <ChangedFields before={base} after={conflict.current} labels={labels} languages={languages} />
            )
          }
          busy={saving}
          onSaveMine={() => save(conflict.etag ?? undefined)}
          onTakeTheirs={() => takeTheirs(conflict)}
        />
      )}
      <LanguageFields control={control} idFor={idFor} labels={labels} />
      <CheckField
        control={control}
        name="enabled"
        id={idFor("enabled")}
        label={labels.enabled!}
        hint={
          language === null
            ? t("admin.languages.hint_enabled_new")
            : language.favorite
              ? t("admin.languages.favorite_always_shown")
              : t("admin.languages.hint_enabled_off")
        }
        disabled={language?.favorite}
      />
      {language && (
        <>
          <FallbacksField control={control} id={idFor("fallbacks")} language={language} languages={languages} />
          <CheckField
            control={control}
            name="listFallbackArticles"
            id={idFor("listFallbackArticles")}
            label={t("admin.languages.list_fallback_articles")}
            hint={t("admin.languages.list_fallback_articles_hint")}
          />
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

/** The language's tag, short code, name, home page name, speakers and direction. */
function LanguageFields({
  control,
  idFor,
  labels,
}: {
  control: Control<LanguageDraft>;
  idFor: (field: string) => string;
  labels: Record<string, string>;
}) {
  const { t } = useAdminText();
  // The name and home page are in the language being added, once its tag is one (a half-typed "en_US" is not a lang value).
  const typedLang = canonicalLanguageTag(useWatch({ control, name: "code" }).trim()) ?? undefined;
  const text = (field: TextField, hint: string, extra: { lang?: string; dir?: "ltr" | "rtl" | "auto" } = {}) => (
    <FormField control={control} name={field} id={idFor(field)} label={labels[field]!} hint={hint}>
      {(aria, bound) => <input {...aria} {...extra} {...bound} type="text" autoComplete="off" spellCheck={false} />}
    </FormField>
  );

  return (
    <div className="admin-form__grid">
      {text("code", t("admin.languages.hint_code"))}
      {text("shortCode", t("admin.languages.hint_short_code"))}
      {text("label", t("admin.languages.hint_label"), { lang: typedLang, dir: "auto" })}
      {text("welcome", t("admin.languages.hint_welcome"), { lang: typedLang, dir: "auto" })}
      <FormField
        control={control}
        name="population"
        id={idFor("population")}
        label={labels.population!}
        hint={t("admin.languages.hint_population")}
      >
        {(aria, bound) => <input {...aria} {...bound} type="number" inputMode="numeric" min={0} step={1} />}
      </FormField>
      <FormField control={control} name="dir" id={idFor("dir")} label={labels.dir!}>
        {(aria, bound) => (
          <select
            {...aria}
            {...bound}
            onChange={(event) => bound.onChange(event.target.value === "rtl" ? "rtl" : "ltr")}
          >
            <option value="ltr">{t("admin.languages.ltr")}</option>
            <option value="rtl">{t("admin.languages.rtl")}</option>
          </select>
        )}
      </FormField>
    </div>
  );
}

/** A checkbox with its hint, and its error (in place of the hint in its description) when it has one. */
function CheckField({
  control,
  name,
  id,
  label,
  hint,
  disabled,
}: {
  control: Control<LanguageDraft>;
  name: "enabled" | "listFallbackArticles";
  id: string;
  label: string;
  hint: string;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <div className={error ? "admin-check admin-field--invalid" : "admin-check"}>
      <input
        id={id}
        type="checkbox"
        checked={field.value}
        disabled={disabled}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="admin-field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The fallback chain of an edited language, as a form field. */
function FallbacksField({
  control,
  id,
  language,
  languages,
}: {
  control: Control<LanguageDraft>;
  id: string;
  language: AdminLanguage;
  languages: AdminLanguage[];
}) {
  const { field, fieldState } = useController({ control, name: "fallbacks" });
  return (
    <FallbackChainEditor
      id={id}
      language={language}
      languages={languages}
      chain={field.value}
      error={fieldState.error?.message}
      onChange={field.onChange}
    />
  );
}

/** The fields the other person changed, with the values they saved (a fallback chain by the languages' names). */
function ChangedFields({
  before,
  after,
  labels,
  languages,
}: {
  before: AdminLanguage;
  after: AdminLanguage;
  labels: Record<string, string>;
  languages: AdminLanguage[];
}) {
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
