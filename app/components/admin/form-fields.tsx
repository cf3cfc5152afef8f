/**
 * Form pieces for admin screens: a labelled field with its hint and error
 * wired to the control (aria-describedby, aria-invalid), and an error summary
 * in a role="alert" region that links to each field.
 */
import type { ReactNode } from "react";
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from "react-hook-form";
import type { z } from "zod";
import { explainIssue } from "#core/i18n/admin-checks.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { failureMessage, refusalMessage, refusalOf } from "./feedback.tsx";

/** An aria-describedby of the ids given (the nulls left out), or nothing when none is. */
export const idList = (...ids: (string | null)[]): string | undefined => ids.filter(Boolean).join(" ") || undefined;

/** Field name → message. "body" holds an error about the request as a whole. */
export type FieldErrors = Record<string, string>;

/** The first zod issue per top-level field, in the admin's language (core/i18n/admin-checks.ts; the schemas' English is the API's). */
export function fieldErrorsFrom(issues: readonly z.core.$ZodIssue[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "body";
    errors[field] ??= explainIssue(issue, t);
  }
  return errors;
}

/** A failed request as field errors: the server's field error on its field, anything else as a general error. */
export function requestErrors(
  error: unknown,
  fields: readonly string[],
  couldNot: string,
  t: Translate,
): { fields: FieldErrors; general: string | null } {
  const refusal = refusalOf(error);
  if (refusal?.field !== undefined && fields.includes(refusal.field)) {
    return { fields: { [refusal.field]: refusalMessage(refusal, t) }, general: null };
  }
  return { fields: {}, general: failureMessage(error, couldNot, t) };
}

export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const describedBy = idList(hint ? `${id}-hint` : null, error ? `${id}-error` : null);
  return (
    <div className={["admin-field", error ? "admin-field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      )}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error && (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a control bound to a form field takes: its value and handlers (no `name`: the admin's forms are sent as JSON, never natively). */
export type BoundControl<Values extends FieldValues, Name extends FieldPath<Values>> = Pick<
  ControllerRenderProps<Values, Name>,
  "value" | "onChange" | "onBlur" | "ref"
>;

/**
 * A Field bound to a react-hook-form field: its value, change handler and error (shown at the field).
 * `children` gets the control's id and ARIA attributes, and the field's value and handlers.
 */
export function FormField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  children,
  ...field
}: {
  control: Control<Values>;
  name: Name;
  id: string;
  label: string;
  hint?: string;
  className?: string;
  children: (control: ControlProps, field: BoundControl<Values, Name>) => ReactNode;
}) {
  const {
    field: { value, onChange, onBlur, ref },
    fieldState,
  } = useController({ control, name });
  return (
    <Field {...field} error={fieldState.error?.message}>
      {(aria) => children(aria, { value, onChange, onBlur, ref })}
    </Field>
  );
}

/** A fieldset of checkboxes for one field (a webhook's events, an API key's languages): its legend, hint and error wired to it. */
export function CheckGroup({
  id,
  legend,
  hint,
  error,
  children,
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <fieldset className="admin-checks" id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/**
 * Always rendered, so screen readers already watch the region when errors arrive.
 * `labels` names the fields in the summary; `idFor` gives each field's control id for the links.
 */
export function ErrorSummary({
  errors,
  general,
  labels,
  idFor,
}: {
  errors: FieldErrors;
  general: string | null;
  labels: Record<string, string>;
  idFor: (field: string) => string;
}) {
  const { t } = useAdminText();
  const entries = Object.entries(errors);
  const hasErrors = general !== null || entries.length > 0;
  return (
    <div role="alert" className={hasErrors ? "admin-error-summary" : "admin-error-summary admin-error-summary--empty"}>
      {general && <p>{general}</p>}
      {entries.length > 0 && (
        <>
          <p>{t("admin.form.correct_fields", { count: entries.length })}</p>
          <ul>
            {entries.map(([field, message]) => (
              <li key={field}>
                {field in labels ? <a href={`#${idFor(field)}`}>{`${labels[field]}: ${message}`}</a> : message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** What FormErrorSummary shows of a form (useAdminForm's): its errors and the region its failed checks focus. */
export interface SummarizedErrors {
  errors: FieldErrors;
  general: string | null;
  summaryId: string;
}

/** The ErrorSummary of a form on useAdminForm, in the focusable region a failed check or request moves focus to. */
export function FormErrorSummary({
  formErrors,
  labels,
  idFor,
}: {
  formErrors: SummarizedErrors;
  labels: Record<string, string>;
  idFor: (field: string) => string;
}) {
  const { summaryId, errors, general } = formErrors;
  return (
    <div id={summaryId} tabIndex={-1} className="admin-form__summary">
      <ErrorSummary errors={errors} general={general} labels={labels} idFor={idFor} />
    </div>
  );
}
