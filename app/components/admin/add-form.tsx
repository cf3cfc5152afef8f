/**
 * The frame of a screen's "add" form on useAdminForm (webhook endpoints, API keys, glossary terms): its title, the
 * error summary a failed check moves focus to, the fields in the admin grid (`children`) and any wider group after
 * them (`after`), and the submit button, the form busy while it is sent.
 */
import type { ReactNode } from "react";
import type { FieldValues, SubmitHandler } from "react-hook-form";
import type { AdminForm } from "./admin-form.ts";
import { FormErrorSummary } from "./form-fields.tsx";

interface AddFormProps<Values extends FieldValues> {
  adminForm: AdminForm<Values>;
  onValid: SubmitHandler<Values>;
  idFor: (field: string) => string;
  title: string;
  labels: Record<string, string>;
  submitLabel: string;
  children: ReactNode;
  after?: ReactNode;
}

export function AddForm<Values extends FieldValues>({
  adminForm,
  onValid,
  idFor,
  title,
  labels,
  submitLabel,
  children,
  after,
}: AddFormProps<Values>) {
  const busy = adminForm.form.formState.isSubmitting;
  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={adminForm.submit(onValid)}
      aria-busy={busy}
      aria-labelledby={idFor("title")}
    >
      <h2 id={idFor("title")}>{title}</h2>
      <FormErrorSummary formErrors={adminForm} labels={labels} idFor={idFor} />
      <div className="admin-form__grid">{children}</div>
      {after}
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
