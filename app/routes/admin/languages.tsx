/**
 * /admin/languages (PRODUCT.md §3, §7): every language, most speakers first;
 * add one, edit one in place, enable or disable it, choose the favorite.
 * Writes go through the admin API, then the loader data is revalidated.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { useRevalidator } from "react-router";
import { listLanguages } from "#server/admin/languages/service.ts";
import { languagePatchSchema, newLanguageSchema, type AdminLanguage } from "#core/admin/languages/schema.ts";
import { requireAdmin } from "#server/auth/guard.ts";
import { ErrorAlert, failureMessage, SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { useFocusReturn } from "#app/components/admin/focus-return.ts";
import { Field, fieldErrorsFrom, FormErrorSummary, requestErrors, useFormErrors } from "#app/components/admin/form-fields.tsx";
import { TableRegion } from "#app/components/admin/table-region.tsx";
import { requestContext, servicesContext } from "#server/context.ts";
import { api } from "#app/lib/api-client.ts";
import "#app/styles/admin-grid.css";
import type { Route } from "./+types/languages";

const API = "/api/admin/languages";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context.get(requestContext).user);
  return { languages: await listLanguages(context.get(servicesContext)) };
}

const FIELD_LABELS: Record<string, string> = {
  code: "Language tag",
  short_code: "Short code",
  label: "Name",
  welcome: "Home page name",
  population: "Speakers (millions)",
  dir: "Text direction",
  enabled: "Shown on the site",
};
const FIELDS = Object.keys(FIELD_LABELS);

interface LanguageDraft {
  code: string;
  short_code: string;
  label: string;
  welcome: string;
  population: string;
  dir: "ltr" | "rtl";
  enabled: boolean;
}

const EMPTY_DRAFT: LanguageDraft = { code: "", short_code: "", label: "", welcome: "", population: "", dir: "ltr", enabled: false };

function draftOf(language: AdminLanguage): LanguageDraft {
  return { ...language, population: String(language.population) };
}

/** The JSON the API takes; an empty or non-numeric population stays visible to validation as such. */
function payloadOf(draft: LanguageDraft) {
  const population = draft.population.trim() === "" ? undefined : Number(draft.population);
  return { ...draft, population };
}

/** Only the fields that differ from the stored language, so an edit never rewrites what it did not touch. */
function changesOf(draft: LanguageDraft, language: AdminLanguage): Record<string, unknown> {
  const payload = payloadOf(draft);
  const original = payloadOf(draftOf(language));
  return Object.fromEntries(Object.entries(payload).filter(([field, value]) => value !== original[field as keyof typeof original]));
}

interface LanguageFormProps {
  /** The language edited, or null to add one. */
  language: AdminLanguage | null;
  onDone: (saved: AdminLanguage | null) => void;
}

function LanguageForm({ language, onDone }: LanguageFormProps) {
  const formId = useId();
  const idFor = (field: string) => `${formId}-${field}`;
  const [draft, setDraft] = useState<LanguageDraft>(language ? draftOf(language) : EMPTY_DRAFT);
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const [saving, setSaving] = useState(false);

  const set = <Field extends keyof LanguageDraft>(field: Field, value: LanguageDraft[Field]) => setDraft((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = language ? changesOf(draft, language) : payloadOf(draft);
    if (language && Object.keys(body).length === 0) return onDone(null);
    const checked = (language ? languagePatchSchema : newLanguageSchema).safeParse(body);
    if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues), null);
    setSaving(true);
    try {
      const result = language
        ? await api.patch<{ language: AdminLanguage }>(`${API}/${language.id}`, body)
        : await api.post<{ language: AdminLanguage }>(API, body);
      formErrors.clear();
      if (!language) setDraft(EMPTY_DRAFT);
      onDone(result.language);
    } catch (error) {
      const failure = requestErrors(error, FIELDS, language ? "save the language" : "add the language");
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
    <Field id={idFor(field)} label={FIELD_LABELS[field]!} hint={hint} error={errors[field]}>
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
      <FormErrorSummary formErrors={formErrors} labels={FIELD_LABELS} idFor={idFor} />
      <div className="admin-form__grid">
        {text("code", "BCP 47, for example it-IT or ar")}
        {text("short_code", "In the address: /it/…")}
        {text("label", "Its own name for itself: Italiano", { lang: draft.code || undefined, dir: "auto" })}
        {text("welcome", "Its home page address: benvenuto", { lang: draft.code || undefined, dir: "auto" })}
        <Field id={idFor("population")} label={FIELD_LABELS.population!} hint="Orders the language picker" error={errors.population}>
          {(control) => (
            <input {...control} type="number" inputMode="numeric" min={0} step={1} value={draft.population} onChange={(event) => set("population", event.target.value)} />
          )}
        </Field>
        <Field id={idFor("dir")} label={FIELD_LABELS.dir!} error={errors.dir}>
          {(control) => (
            <select {...control} value={draft.dir} onChange={(event) => set("dir", event.target.value === "rtl" ? "rtl" : "ltr")}>
              <option value="ltr">Left to right</option>
              <option value="rtl">Right to left</option>
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
        <label htmlFor={idFor("enabled")}>{FIELD_LABELS.enabled}</label>
        <p id={`${idFor("enabled")}-hint`} className="admin-field__hint">
          {language === null
            ? "Turn on when its translations are ready."
            : language.favorite
              ? "The favorite language is always shown."
              : "When off, its pages answer “not found”."}
        </p>
        {errors.enabled && (
          <p id={`${idFor("enabled")}-error`} className="admin-field__error">
            {errors.enabled}
          </p>
        )}
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {language ? "Save" : "Add language"}
        </button>
        {language && (
          <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

export default function AdminLanguages({ loaderData }: Route.ComponentProps) {
  const { languages } = loaderData;
  const revalidator = useRevalidator();
  const feedback = useSaveFeedback();
  const [editing, setEditing] = useState<number | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  // The switch shows the requested state at once; the stored state replaces it after the reload.
  const [requestedEnabled, setRequestedEnabled] = useState<{ id: number; enabled: boolean } | null>(null);
  const focus = useFocusReturn<number>();

  async function rowAction(language: AdminLanguage, action: string, request: () => Promise<unknown>, success: string) {
    setPending(language.id);
    setRowError(null);
    try {
      await request();
      feedback.success(success);
      await revalidator.revalidate();
    } catch (error) {
      setRowError(failureMessage(error, action));
    } finally {
      setPending(null);
      setRequestedEnabled(null);
    }
  }

  function closeEditor(language: AdminLanguage, saved: AdminLanguage | null) {
    setEditing(null);
    if (saved) {
      feedback.success(`${saved.label} saved.`);
      void revalidator.revalidate();
    }
    // Back to where the admin was: the row's Edit button.
    focus.returnTo(language.id);
  }

  return (
    <div className="admin-page">
      <title>Languages · Admin · Polyglot Press</title>
      <h1>Languages</h1>
      <p className="admin-page__intro">
        The site's languages, most speakers first — the order of the public language picker. Exactly one is the favorite: visitors without a saved choice start
        there.
      </p>
      <SaveStatus feedback={feedback} />
      <ErrorAlert message={rowError} />

      <TableRegion captionId="languages-caption">
        <table className="admin-table languages-table">
          <caption id="languages-caption">
            {languages.length} languages, {languages.filter((language) => language.enabled).length} shown on the site
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Tag</th>
              <th scope="col">Short code</th>
              <th scope="col">Home page</th>
              <th scope="col" className="admin-table__number">
                Speakers (M)
              </th>
              <th scope="col">Shown</th>
              <th scope="col">Favorite</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {languages.map((language) => {
              const busy = pending === language.id;
              const disabledNote = `${language.code}-favorite-note`;
              return [
                <tr key={language.id} className={language.enabled ? undefined : "languages-table__row--disabled"} aria-busy={busy || undefined}>
                  <th scope="row">
                    <span lang={language.code} dir={language.dir}>
                      {language.label}
                    </span>
                  </th>
                  <td>
                    <code>{language.code}</code>
                  </td>
                  <td>
                    <code>{language.short_code}</code>
                  </td>
                  <td>
                    <a href={language.link} lang={language.code} dir={language.dir}>
                      {language.welcome}
                    </a>
                  </td>
                  <td className="admin-table__number">{language.population.toLocaleString("en-US")}</td>
                  <td>
                    <label className="admin-switch">
                      <input
                        type="checkbox"
                        checked={requestedEnabled?.id === language.id ? requestedEnabled.enabled : language.enabled}
                        disabled={busy || language.favorite}
                        aria-describedby={language.favorite ? disabledNote : undefined}
                        onChange={(event) => {
                          const enabled = event.target.checked;
                          setRequestedEnabled({ id: language.id, enabled });
                          void rowAction(
                            language,
                            enabled ? "enable the language" : "disable the language",
                            () => api.patch(`${API}/${language.id}`, { enabled }),
                            `${language.label} is ${enabled ? "now shown on the site" : "no longer shown on the site"}.`,
                          );
                        }}
                      />
                      <span className="visually-hidden">Show {language.label} on the site</span>
                    </label>
                    {language.favorite && (
                      <span id={disabledNote} className="visually-hidden">
                        The favorite language is always shown.
                      </span>
                    )}
                  </td>
                  <td>
                    {language.favorite ? (
                      <span className="admin-badge">
                        <span aria-hidden="true">★</span>Favorite
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        disabled={busy || !language.enabled}
                        aria-label={`Make favorite: ${language.label}`}
                        title={language.enabled ? undefined : "Show it on the site first"}
                        onClick={() =>
                          void rowAction(language, "change the favorite", () => api.post(`${API}/${language.id}/favorite`, undefined), `${language.label} is now the favorite.`)
                        }
                      >
                        Make favorite
                      </button>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      aria-expanded={editing === language.id}
                      aria-controls={editing === language.id ? `edit-${language.id}` : undefined}
                      ref={focus.register(language.id)}
                      onClick={() => setEditing(editing === language.id ? null : language.id)}
                    >
                      Edit<span className="visually-hidden"> {language.label}</span>
                    </button>
                  </td>
                </tr>,
                editing === language.id && (
                  <tr key={`${language.id}-edit`} id={`edit-${language.id}`} className="languages-table__editor">
                    <td colSpan={8}>
                      <h2 className="admin-subheading">Edit {language.label}</h2>
                      <LanguageForm language={language} onDone={(saved) => closeEditor(language, saved)} />
                    </td>
                  </tr>
                ),
              ];
            })}
          </tbody>
        </table>
      </TableRegion>

      <section className="admin-panel" aria-labelledby="add-language">
        <h2 id="add-language">Add a language</h2>
        <LanguageForm
          language={null}
          onDone={(saved) => {
            if (!saved) return;
            feedback.success(`${saved.label} added.`);
            void revalidator.revalidate();
          }}
        />
      </section>
    </div>
  );
}
