/**
 * Admin forms on react-hook-form (decision 0185): the form holds the typed values, knows whether they
 * differ from the stored ones (`formState.isDirty`) and keeps each field's error. Checks run the same
 * core/ schema the API validates with, on the body the form would send; their issues become the fields'
 * errors in the admin's language (decision 0120). A check or request that fails moves focus to the error
 * summary (FormErrorSummary), so a screen reader reads the errors out; the fields are checked again only
 * on the next submit, so the summary (role="alert") does not speak at every keystroke.
 */
import { useId } from "react";
import {
  useForm,
  type FieldErrors as FormStateErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormHandleSubmit,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import type { Translate } from "#core/i18n/translate.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { fieldErrorsFrom, requestErrors, type FieldErrors } from "./form-fields.tsx";

/** The field an issue's top-level path names ("body": the request as a whole), or another name for it in this form. */
export type FieldOf = (field: string) => string;

export interface SchemaCheck<Values extends FieldValues> {
  /** The core/ schema the API checks the body with. */
  schema: z.ZodType;
  /** The body the form would send for these values (what the schema checks). */
  toInput: (values: Values) => unknown;
  /** Renames the schema's fields to the form's where they differ. */
  fieldOf?: FieldOf;
  /** A text of the form's own for an issue the generic texts say less well ("Choose at least one language."). */
  messageOf?: (field: string) => string | undefined;
}

/** A react-hook-form resolver running a core/ schema on the body the values make; the values themselves are what the form submits. */
export function schemaResolver<Values extends FieldValues>(
  { schema, toInput, fieldOf = (field) => field, messageOf }: SchemaCheck<Values>,
  t: Translate,
): Resolver<Values> {
  return (values) => {
    const checked = schema.safeParse(toInput(values));
    if (checked.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(fieldErrorsFrom(checked.error.issues, t))) {
      const name = fieldOf(field);
      errors[name] ??= { type: "schema", message: messageOf?.(name) ?? message };
    }
    return { values: {}, errors: errors as FormStateErrors<Values> };
  };
}

/** The form's errors as field → message, the request's general error left out (it is `general`). */
export function messagesOf(errors: FormStateErrors): FieldErrors {
  const messages: FieldErrors = {};
  for (const [field, error] of Object.entries(errors)) {
    if (field !== "root" && typeof error?.message === "string") messages[field] = error.message;
  }
  return messages;
}

/** Where a request's general error is kept: react-hook-form clears it at the next submit. */
const GENERAL = "root.request" as const;

export interface AdminForm<Values extends FieldValues> {
  form: UseFormReturn<Values>;
  /** Field → message, for the error summary. */
  errors: FieldErrors;
  /** An error about the form as a whole (a failed request), or null. */
  general: string | null;
  /** The id of the focusable region around the error summary. */
  summaryId: string;
  /** The submit handler: checks, then `onValid`; a failed check moves focus to the summary. */
  submit: (onValid: SubmitHandler<Values>) => ReturnType<UseFormHandleSubmit<Values>>;
  /** Shows a failed request: on its field when the server named one of `fields` (renamed by `fieldOf`), else as the general error. */
  showFailure: (error: unknown, fields: readonly string[], couldNot: string) => void;
  /** Shows field errors and a general error, as a check would. */
  show: (fields: FieldErrors, general: string | null) => void;
  /** Clears every error (the summary keeps the focus it has). */
  clear: () => void;
}

/** useForm with the admin's settings: checked by a core/ schema on submit only, errors in the summary, focus to it. */
export function useAdminForm<Values extends FieldValues>(
  check: SchemaCheck<Values>,
  options: Omit<UseFormProps<Values>, "resolver"> = {},
): AdminForm<Values> {
  const { t } = useAdminText();
  const form = useForm<Values>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
    ...options,
    resolver: schemaResolver(check, t),
  });
  const summaryId = useId();
  const { errors } = form.formState;
  const focusSummary = () => document.getElementById(summaryId)?.focus();

  function show(fields: FieldErrors, general: string | null) {
    form.clearErrors();
    for (const [field, message] of Object.entries(fields))
      form.setError(field as Path<Values>, { type: "request", message });
    if (general !== null) form.setError(GENERAL, { type: "request", message: general });
    focusSummary();
  }

  return {
    form,
    errors: messagesOf(errors),
    general: errors.root?.request?.message ?? null,
    summaryId,
    submit: (onValid) => form.handleSubmit(onValid, focusSummary),
    showFailure(error, fields, couldNot) {
      const failure = requestErrors(error, fields, couldNot, t);
      const fieldOf = check.fieldOf ?? ((field: string) => field);
      show(
        Object.fromEntries(Object.entries(failure.fields).map(([field, message]) => [fieldOf(field), message])),
        failure.general,
      );
    },
    show,
    clear: () => form.clearErrors(),
  };
}
