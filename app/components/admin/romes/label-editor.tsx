import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { JobLabel, JobLabels, LabelLanguage } from "#core/admin/romes/schema.ts";
import { ConflictNotice, conflictOf, writtenFrom, type Conflict } from "#app/components/admin/conflict-notice.tsx";
import { api } from "#app/lib/api-client.ts";
import { refusalMessage, refusalOf } from "#app/components/admin/feedback.tsx";
import { useMay } from "#app/lib/admin-grant.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; message: string }
  | { kind: "failed"; languageCode: string | null; message: string }
  /** Someone else saved this language's label meanwhile (decision 0151). */
  | { kind: "conflict"; language: LabelLanguage; conflict: Conflict<JobLabel> };

const OFFICIAL_LANGUAGE = "fr-FR";

/** One input per enabled language for a code's labels; an emptied input removes that label. */
/** A text field's trimmed value; "" when the form has no such field. */
function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

export function LabelEditor({ job, closeHref, onSaved }: { job: JobLabels; closeHref: string; onSaved: () => void }) {
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // The ETag each label's field was filled from, where it is not the loader's: the other person's, once taken or saved over.
  const etagsFrom = useRef<Record<string, string | null>>({});
  useEffect(() => {
    etagsFrom.current = {};
  }, [job.etags]);
  const etagOf = (code: string) => (code in etagsFrom.current ? etagsFrom.current[code]! : (job.etags[code] ?? null));
  const id = useId();
  const may = useMay();
  const { t } = useAdminText();
  // Only the languages the signed-in person may translate (decision 0072).
  const languages = job.languages.filter((language) => may("translate", language.code));

  // Opening the editor moves the focus to it, so keyboard users land on the form. Another code
  // remounts the editor (its key), which also starts it afresh.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changes = languages
      .map((language) => ({ language, value: formText(form, language.code) }))
      .filter(({ language, value }) => value !== (job.labels[language.code] ?? ""));
    if (changes.length === 0) {
      setState({ kind: "saved", message: t("admin.romes.nothing_changed") });
      return;
    }
    // After a conflict its notice stays (with the focus) until this save ends.
    if (state.kind !== "conflict") setState({ kind: "saving" });
    const saved: string[] = [];
    for (const { language, value } of changes) {
      const path = `/api/admin/romes/${job.code}/labels/${encodeURIComponent(language.code)}`;
      try {
        if (value === "") await api.delete(path, writtenFrom(etagOf(language.code)));
        else await api.put(path, { label: value }, writtenFrom(etagOf(language.code)));
        saved.push(language.label);
      } catch (error) {
        const conflict = conflictOf<JobLabel>(error);
        if (conflict) {
          setState({ kind: "conflict", language, conflict });
          if (saved.length > 0) onSaved();
          return;
        }
        const refusal = refusalOf(error);
        const reason = refusal ? refusalMessage(refusal, t) : t("admin.common.unreachable");
        const message =
          saved.length > 0
            ? t("admin.romes.not_saved_some", { language: language.label, reason, saved: saved.join(", ") })
            : t("admin.romes.not_saved", { language: language.label, reason });
        setState({ kind: "failed", languageCode: language.code, message });
        if (saved.length > 0) onSaved();
        return;
      }
    }
    const afterConflict = state.kind === "conflict";
    setState({ kind: "saved", message: t("admin.romes.saved", { languages: saved.join(", "), code: job.code }) });
    onSaved();
    // The conflict notice had the focus: it goes back to the editor's heading, not to the page.
    if (afterConflict) heading.current?.focus();
  }

  /** "Save mine anyway": the form is saved again, this label from the other person's ETag. */
  function saveMine(code: string, conflict: Conflict<JobLabel>) {
    etagsFrom.current[code] = conflict.etag;
    form.current?.requestSubmit();
  }

  /** "Take theirs": their label goes into the field, which the next save makes from their ETag. */
  function takeTheirs(language: LabelLanguage, conflict: Conflict<JobLabel>) {
    etagsFrom.current[language.code] = conflict.etag;
    const field = document.getElementById(`${id}-${language.code}`);
    if (field instanceof HTMLInputElement) {
      field.value = conflict.current?.label ?? "";
      field.focus();
    }
    setState({ kind: "idle" });
  }

  const failedLanguage = state.kind === "failed" ? state.languageCode : null;
  return (
    <section className="romes-card romes-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t("admin.romes.labels_of", { code: job.code })}
      </h2>
      <p className="romes-hint" id={`${id}-hint`}>
        {t("admin.romes.labels_hint")}
      </p>
      {/* Remounted with the saved labels, so the fields show what is stored. */}
      <form
        ref={form}
        key={JSON.stringify(job.labels)}
        onSubmit={save}
        className="romes-editor__form"
        aria-describedby={`${id}-hint`}
      >
        {languages.map((language) => (
          <LabelField
            key={language.code}
            id={`${id}-${language.code}`}
            language={language}
            value={job.labels[language.code] ?? ""}
            invalid={failedLanguage === language.code}
            errorId={`${id}-error`}
          />
        ))}
        <div className="romes-editor__actions">
          <button type="submit" className="button" disabled={state.kind === "saving"}>
            {state.kind === "saving" ? t("admin.common.saving") : t("admin.romes.save_labels")}
          </button>
          <Link to={closeHref} preventScrollReset className="romes-link-button">
            {t("admin.common.close")}
          </Link>
        </div>
      </form>
      <p className="romes-status" aria-live="polite">
        {state.kind === "saved" ? state.message : ""}
      </p>
      {state.kind === "conflict" && (
        <ConflictNotice
          theirs={
            state.conflict.current && (
              <p lang={state.language.code} dir={state.language.dir}>
                {state.language.label}: {state.conflict.current.label}
              </p>
            )
          }
          onSaveMine={() => saveMine(state.language.code, state.conflict)}
          onTakeTheirs={() => takeTheirs(state.language, state.conflict)}
        />
      )}
      {state.kind === "failed" && (
        <p role="alert" id={`${id}-error`} className="romes-alert">
          {state.message}
        </p>
      )}
    </section>
  );
}

function LabelField({
  id,
  language,
  value,
  invalid,
  errorId,
}: {
  id: string;
  language: LabelLanguage;
  value: string;
  invalid: boolean;
  errorId: string;
}) {
  const official = language.code === OFFICIAL_LANGUAGE;
  const { t } = useAdminText();
  return (
    <div className={official ? "romes-field romes-editor__field--official" : "romes-field"}>
      <label htmlFor={id}>
        {language.label} <span className="romes-lang-code">({language.code})</span>
        {official && <span className="romes-badge">{t("admin.romes.official")}</span>}
      </label>
      <input
        id={id}
        name={language.code}
        type="text"
        lang={language.code}
        dir={language.dir}
        defaultValue={value}
        maxLength={200}
        required={official}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
    </div>
  );
}
