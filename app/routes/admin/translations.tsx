/**
 * /admin/translations (PRODUCT.md §4, §7): the key × language grid. Missing
 * cells are highlighted and named "missing"; each language shows how complete
 * it is; a cell opens an inline editor (Enter or click; Escape cancels).
 * HOME is the language's welcome: read-only here, edited on the Languages screen.
 */
import { Fragment, useId, useMemo, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useRevalidator } from "react-router";
import { newTranslationKeySchema, type TranslationCell, type TranslationLanguage, type TranslationRow } from "#core/admin/translations/schema.ts";
import { translationsView } from "#server/admin/translations/service.ts";
import { requireAdmin } from "#server/auth/guard.ts";
import { failureMessage, SaveStatus, useSaveFeedback, withoutFieldPrefix } from "#app/components/admin/feedback.tsx";
import { useFocusReturn } from "#app/components/admin/focus-return.ts";
import { ExchangePanel } from "#app/components/admin/translations/exchange-panel.tsx";
import { Field, fieldErrorsFrom, FormErrorSummary, requestErrors, useFormErrors } from "#app/components/admin/form-fields.tsx";
import { requestContext, servicesContext } from "#server/context.ts";
import { api, ApiError } from "#app/lib/api-client.ts";
import { foldForSearch } from "#core/text.ts";
import "#app/styles/admin-grid.css";
import type { Route } from "./+types/translations";

const API = "/api/admin/translations";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context.get(requestContext).user);
  return translationsView(context.get(servicesContext));
}

type SectionKind = "home" | "section" | "text";

function kindOf(key: string): SectionKind {
  if (key === "HOME") return "home";
  return key === "ARTICLES" || key === "JOBS" ? "section" : "text";
}

function cellId(key: string, code: string): string {
  return `${key}\u0000${code}`;
}

function cellPath(key: string, code: string): string {
  return `${API}/${encodeURIComponent(key)}/${encodeURIComponent(code)}`;
}

interface CellEditorProps {
  row: TranslationRow;
  language: TranslationLanguage;
  cell: TranslationCell | null;
  onClose: (saved: string | null) => void;
}

function CellEditor({ row, language, cell, onClose }: CellEditorProps) {
  const id = useId();
  const kind = kindOf(row.key);
  const [label, setLabel] = useState(cell?.label ?? "");
  const [search, setSearch] = useState(cell?.search ?? "");
  const [error, setError] = useState<{ field: "label" | "search" | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const name = `${language.code} translation of ${row.key}`;
  // Section names of an enabled language are pages of the site: they can be renamed, not removed.
  const removable = cell !== null && (kind === "text" || !language.enabled);

  async function run(action: string, request: () => Promise<unknown>, done: string) {
    setSaving(true);
    try {
      await request();
      onClose(done);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.body?.error.field : undefined;
      const onField = field === "label" || field === "search" ? field : null;
      const message = failureMessage(failure, action);
      setError({ field: onField, message: onField ? withoutFieldPrefix(message, onField) : message });
      setSaving(false);
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (label.trim() === "") {
      setError({ field: "label", message: "The text must not be empty; use Remove to delete a translation." });
      return;
    }
    const body = kind === "section" ? { label, search: search.trim() === "" ? null : search } : { label };
    void run("save the translation", () => api.put(cellPath(row.key, language.code), body), `Saved the ${name}.`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose(null);
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  }

  const describedBy = (field: "label" | "search") => (error?.field === field ? `${id}-error` : undefined);
  return (
    <form className="cell-editor" onSubmit={save} onKeyDown={onKeyDown} aria-busy={saving} noValidate>
      <label htmlFor={`${id}-label`} className="visually-hidden">
        {name}
      </label>
      {kind === "section" ? (
        <input
          id={`${id}-label`}
          type="text"
          value={label}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opens on the admin's click: focus goes where they asked
          autoFocus
          aria-invalid={error?.field === "label" || undefined}
          aria-describedby={describedBy("label")}
          onChange={(event) => setLabel(event.target.value)}
        />
      ) : (
        <textarea
          id={`${id}-label`}
          value={label}
          rows={Math.min(8, Math.max(2, Math.ceil(label.length / 28)))}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opens on the admin's click: focus goes where they asked
          autoFocus
          aria-invalid={error?.field === "label" || undefined}
          aria-describedby={describedBy("label")}
          onChange={(event) => setLabel(event.target.value)}
        />
      )}
      {kind === "section" && (
        <>
          <label htmlFor={`${id}-search`} className="cell-editor__label">
            Also accepted<span className="visually-hidden"> in {language.code} for {row.key}</span>
          </label>
          <input
            id={`${id}-search`}
            type="text"
            value={search}
            aria-invalid={error?.field === "search" || undefined}
            aria-describedby={describedBy("search")}
            onChange={(event) => setSearch(event.target.value)}
          />
        </>
      )}
      <div role="alert" className="cell-editor__error" id={`${id}-error`}>
        {error?.message}
      </div>
      <div className="cell-editor__actions">
        <button type="submit" className="button button--small" disabled={saving}>
          Save
        </button>
        <button type="button" className="button button--small button--secondary" onClick={() => onClose(null)}>
          Cancel
        </button>
        {removable &&
          (confirmingRemoval ? (
            <button
              type="button"
              className="button button--small button--danger button--danger-confirm"
              disabled={saving}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- shown by the admin's "Remove" click: focus moves to its confirmation
              autoFocus
              onClick={() => void run("remove the translation", () => api.delete(cellPath(row.key, language.code)), `Removed the ${name}.`)}
            >
              Really remove?
            </button>
          ) : (
            <button type="button" className="button button--small button--danger" onClick={() => setConfirmingRemoval(true)}>
              Remove
            </button>
          ))}
      </div>
    </form>
  );
}

function AddKeyForm({ favorite, onAdded }: { favorite: TranslationLanguage; onAdded: (key: string) => void }) {
  const formId = useId();
  const idFor = (field: string) => `${formId}-${field}`;
  const labels = { key: "Key", labels: `Text in ${favorite.label} (${favorite.code})` };
  const [key, setKey] = useState("");
  const [text, setText] = useState("");
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { key, labels: { [favorite.code]: text } };
    const checked = newTranslationKeySchema.safeParse(body);
    if (!checked.success) return formErrors.show(fieldErrorsFrom(checked.error.issues), null);
    setSaving(true);
    try {
      await api.post(API, checked.data);
      formErrors.clear();
      setKey("");
      setText("");
      onAdded(checked.data.key);
    } catch (error) {
      const failure = requestErrors(error, ["key", "labels", `labels.${favorite.code}`], "add the key");
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
        <Field id={idFor("key")} label={labels.key} hint="Capitals, digits and _, parts joined by colons: PROMO:BANNER" error={errors.key}>
          {(control) => <input {...control} type="text" autoComplete="off" spellCheck={false} value={key} onChange={(event) => setKey(event.target.value.toUpperCase())} />}
        </Field>
        <Field id={idFor("labels")} label={labels.labels} hint="Other languages show as missing until translated" error={errors.labels} className="admin-field--wide">
          {(control) => <textarea {...control} rows={2} lang={favorite.code} dir={favorite.dir} value={text} onChange={(event) => setText(event.target.value)} />}
        </Field>
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={saving}>
          Add key
        </button>
      </div>
    </form>
  );
}

/** A key with line-break opportunities after ":" and "_" only, so a narrow column never splits a word of it. */
function KeyWithBreaks({ translationKey }: { translationKey: string }) {
  const parts = translationKey.split(/(?<=[:_])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

export default function AdminTranslations({ loaderData }: Route.ComponentProps) {
  const { languages, keys, completeness } = loaderData;
  const revalidator = useRevalidator();
  const feedback = useSaveFeedback();
  const [query, setQuery] = useState("");
  const [missingOnly, setMissingOnly] = useState(false);
  // Every language by default: one just added (not on the site yet) is the one to translate.
  const [siteOnly, setSiteOnly] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const focus = useFocusReturn<string>();
  const filterId = useId();

  const columns = siteOnly ? languages.filter((language) => language.enabled) : languages;
  const favorite = languages.find((language) => language.favorite) ?? languages[0];
  const rows = useMemo(() => {
    const folded = foldForSearch(query.trim());
    return keys.filter((row) => {
      if (missingOnly && !columns.some((language) => row.labels[language.code] === null)) return false;
      if (folded === "") return true;
      return (
        foldForSearch(row.key).includes(folded) ||
        columns.some((language) => foldForSearch(row.labels[language.code]?.label ?? "").includes(folded))
      );
    });
  }, [keys, columns, query, missingOnly]);

  function closeEditor(id: string, saved: string | null) {
    setEditing(null);
    if (saved) {
      feedback.success(saved);
      void revalidator.revalidate();
    }
    focus.returnTo(id);
  }

  return (
    <div className="admin-page">
      <title>Translations · Admin · Polyglot Press</title>
      <h1>Translations</h1>
      <p className="admin-page__intro">
        Every text of the public site, per language. A missing translation shows its key to visitors. ARTICLES and JOBS are page addresses; HOME is each
        language's home page, changed on the <Link to="/admin/languages">Languages</Link> screen.
      </p>
      <SaveStatus feedback={feedback} />

      <section aria-labelledby="completeness-heading" className="admin-panel">
        <h2 id="completeness-heading">Completeness</h2>
        <ul className="completeness">
          {languages.map((language) => {
            const stats = completeness[language.code]!;
            return (
              <li key={language.code} className={stats.translated === stats.total ? "completeness__item completeness__item--done" : "completeness__item"}>
                <span className="completeness__name">
                  <span lang={language.code} dir={language.dir}>
                    {language.label}
                  </span>{" "}
                  <code>{language.code}</code>
                  {!language.enabled && <span className="completeness__off">not shown on the site</span>}
                </span>
                <progress max={stats.total} value={stats.translated} aria-label={`${language.code} completeness`} />
                <span className="completeness__figures">
                  {stats.percent}% · {stats.translated} of {stats.total}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="grid-tools" role="search" aria-label="Filter translations">
        <div className="grid-tools__filter">
          <label htmlFor={filterId}>Find a key or text</label>
          <input id={filterId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="NAV:, sign in…" />
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={missingOnly} onChange={(event) => setMissingOnly(event.target.checked)} />
          Missing only
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={siteOnly} onChange={(event) => setSiteOnly(event.target.checked)} />
          Only languages on the site
        </label>
        <p className="grid-tools__count" aria-live="polite">
          {rows.length} of {keys.length} keys
        </p>
      </div>

      <div className="translations-grid" role="region" aria-labelledby="grid-caption" tabIndex={0}>
        <table>
          <caption id="grid-caption" className="visually-hidden">
            Translations: keys by language
          </caption>
          <thead>
            <tr>
              <th scope="col" className="translations-grid__key">
                Key
              </th>
              {columns.map((language) => (
                <th scope="col" key={language.code} className={language.enabled ? undefined : "translations-grid__off"}>
                  <span lang={language.code} dir={language.dir}>
                    {language.label}
                  </span>{" "}
                  <code>{language.code}</code>
                  <span className="translations-grid__percent">{completeness[language.code]!.percent}%</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const kind = kindOf(row.key);
              return (
                <tr key={row.key} className={kind === "text" ? undefined : "translations-grid__section"}>
                  <th scope="row" className="translations-grid__key">
                    <code>
                      <KeyWithBreaks translationKey={row.key} />
                    </code>
                    {kind === "section" && <span className="translations-grid__note">page address</span>}
                    {kind === "home" && <span className="translations-grid__note">home page · read-only</span>}
                  </th>
                  {columns.map((language) => {
                    const cell = row.labels[language.code] ?? null;
                    const id = cellId(row.key, language.code);
                    const missing = cell === null;
                    return (
                      <td key={language.code} lang={language.code} dir={language.dir} className={missing ? "cell cell--missing" : "cell"}>
                        {editing === id ? (
                          <CellEditor row={row} language={language} cell={cell} onClose={(saved) => closeEditor(id, saved)} />
                        ) : kind === "home" ? (
                          <span className="cell__text">{cell?.label}</span>
                        ) : (
                          <button
                            type="button"
                            className="cell__button"
                            ref={focus.register(id)}
                            onClick={() => setEditing(id)}
                          >
                            {missing ? (
                              <span className="cell__missing" lang="en" dir="ltr">
                                missing
                              </span>
                            ) : (
                              <span className="cell__text">
                                {cell.label}
                                {cell.search && <span className="cell__search">also: {cell.search}</span>}
                              </span>
                            )}
                            <span className="visually-hidden" lang="en">
                              {` — edit the ${language.code} translation of ${row.key}`}
                            </span>
                          </button>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length === 0 && <p className="translations-grid__empty">No key matches these filters.</p>}
      </div>

      {favorite && (
        <section className="admin-panel" aria-labelledby="add-key">
          <h2 id="add-key">Add a key</h2>
          <AddKeyForm
            favorite={favorite}
            onAdded={(key) => {
              feedback.success(`Added ${key}; translate it in the other languages.`);
              setQuery(key);
              setMissingOnly(false);
              void revalidator.revalidate();
            }}
          />
        </section>
      )}

      <ExchangePanel
        languages={languages}
        onImported={(message) => {
          feedback.success(message);
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
