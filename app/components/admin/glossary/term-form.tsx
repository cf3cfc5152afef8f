/** Adds a term to a language pair's glossary: approved when an editor or admin adds it, proposed when a translator does. */
import { AddForm } from "#app/components/admin/add-form.tsx";
import { useId } from "react";
import { glossaryInput, type GlossaryTermView } from "#core/admin/glossary/schema.ts";
import { useAdminForm } from "#app/components/admin/admin-form.ts";
import { FormField } from "#app/components/admin/form-fields.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

export const GLOSSARY_API = "/api/admin/glossary";

interface NewTerm {
  term: string;
  translation: string;
  /** One forbidden translation a line. */
  forbidden: string;
  note: string;
}

const EMPTY: NewTerm = { term: "", translation: "", forbidden: "", note: "" };

interface Props {
  from: string;
  to: string;
  /** The target language's direction, for the translations' fields. */
  targetDir: "ltr" | "rtl";
  /** Whether the term is approved at once (an editor or admin) or proposed (a translator). */
  approves: boolean;
  onAdded: (term: GlossaryTermView) => void;
}

export function TermForm({ from, to, targetDir, approves, onAdded }: Props) {
  const formId = useId();
  const idFor = (field: string) => `${formId}-${field}`;
  const toInput = (values: NewTerm) => ({
    from,
    to,
    term: values.term,
    translation: values.translation,
    forbidden: values.forbidden
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== ""),
    note: values.note,
  });
  const adminForm = useAdminForm<NewTerm>({ schema: glossaryInput, toInput }, { defaultValues: EMPTY });
  const { form } = adminForm;
  const { t } = useAdminText();
  const labels = {
    term: t("admin.glossary.term"),
    translation: t("admin.glossary.translation"),
    forbidden: t("admin.glossary.forbidden"),
    note: t("admin.glossary.note"),
  };

  async function add(values: NewTerm) {
    try {
      const { term } = await api.post<{ term: GlossaryTermView }>(GLOSSARY_API, toInput(values));
      form.reset(EMPTY);
      onAdded(term);
    } catch (error) {
      adminForm.showFailure(error, Object.keys(labels), t("admin.glossary.add_failed"));
    }
  }

  return (
    <AddForm
      adminForm={adminForm}
      onValid={add}
      idFor={idFor}
      title={t("admin.glossary.new_title")}
      labels={labels}
      submitLabel={t(approves ? "admin.glossary.add_button" : "admin.glossary.propose_button")}
    >
      <FormField control={form.control} name="term" id={idFor("term")} label={labels.term}>
        {(aria, field) => <input {...aria} {...field} type="text" dir="auto" autoComplete="off" />}
      </FormField>
      <FormField control={form.control} name="translation" id={idFor("translation")} label={labels.translation}>
        {(aria, field) => <input {...aria} {...field} type="text" dir={targetDir} autoComplete="off" />}
      </FormField>
      <FormField
        control={form.control}
        name="forbidden"
        id={idFor("forbidden")}
        label={labels.forbidden}
        hint={t("admin.glossary.forbidden_hint")}
      >
        {(aria, field) => <textarea {...aria} {...field} rows={3} dir={targetDir} />}
      </FormField>
      <FormField control={form.control} name="note" id={idFor("note")} label={labels.note}>
        {(aria, field) => <textarea {...aria} {...field} rows={3} dir="auto" />}
      </FormField>
    </AddForm>
  );
}
