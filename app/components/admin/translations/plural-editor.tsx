/**
 * A UI string's plural, one field per plural category of the string's language (issue 45 item 5, decision
 * 0213): Arabic shows six, Japanese one, each with counts it is used for and the source's form beside it.
 * Checked while typing; an error is shown at the field that has it. The message stays one ICU text: the fields
 * write it back into the text field above them.
 */
import { useId, useMemo } from "react";
import {
  pluralExamples,
  pluralFieldProblems,
  pluralOf,
  pluralSelectors,
  pluralText,
  type PluralFieldProblem,
  type PluralMessage,
} from "#core/i18n/plural-editor.ts";
import type { TranslationLanguage } from "#core/admin/translations/schema.ts";
import { idList } from "#app/components/admin/form-fields.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";

export interface MessageSource {
  text: string;
  language: TranslationLanguage;
}

/** The plural to edit: the text's own, else (for a text not written yet) the source's shape with empty forms. */
export function editablePlural(text: string, source: MessageSource | null): PluralMessage | null {
  const own = pluralOf(text);
  if (own) return own;
  if (text.trim() !== "" || !source) return null;
  const shape = pluralOf(source.text);
  return shape && { ...shape, forms: {} };
}

export function ProblemText({ problem }: { problem: PluralFieldProblem }) {
  const { t } = useAdminText();
  const { code, argument = "", line = 1, column = 1 } = problem;
  // The argument as it is written in a message, braces and all.
  return t(`admin.workbench.icu.${code}`, { argument: `{${argument}}`, line, column });
}

interface PluralEditorProps {
  message: PluralMessage;
  language: TranslationLanguage;
  source: MessageSource | null;
  /** The text the fields make, and the fields themselves (a form being typed may not parse yet). */
  onChange: (text: string, message: PluralMessage) => void;
}

export function PluralEditor({ message, language, source, onChange }: PluralEditorProps) {
  const id = useId();
  const { t, lang, dir } = useAdminText();
  const selectors = pluralSelectors(message, language.code);
  const sourceForms = useMemo(() => (source ? pluralOf(source.text)?.forms : undefined), [source]);
  const examples = useMemo(() => pluralExamples(language.code, message.kind), [language.code, message.kind]);
  const problems = pluralFieldProblems(
    message,
    language.code,
    source ? { text: source.text, locale: source.language.code } : undefined,
  );
  const general = problems.filter((problem) => problem.selector === null);
  const change = (selector: string, form: string) => {
    const next = { ...message, forms: { ...message.forms, [selector]: form } };
    onChange(pluralText(next, selectors), next);
  };
  return (
    // The admin's words in the admin's language and direction, inside a cell of the string's (the fields keep theirs).
    <fieldset className="plural-editor" lang={lang} dir={dir}>
      <legend>{t("admin.workbench.plural_legend", { argument: message.argument, language: language.label })}</legend>
      {general.map((problem, at) => (
        <p key={at} className="admin-field__error">
          <ProblemText problem={problem} />
        </p>
      ))}
      {selectors.map((selector) => {
        const field = `${id}-${selector}`;
        const own = problems.filter((problem) => problem.selector === selector);
        const reference = sourceForms?.[selector] ?? sourceForms?.other;
        const counts = examples[selector];
        return (
          <div key={selector} className="plural-editor__form">
            <label htmlFor={field} className="plural-editor__label">
              <code>{selector}</code>
              {counts && (
                <span className="plural-editor__examples">
                  {" "}
                  {t("admin.workbench.plural_examples", { examples: counts.join(", ") })}
                </span>
              )}
            </label>
            {reference !== undefined && source && (
              <p
                className="plural-editor__source"
                id={`${field}-source`}
                lang={source.language.code}
                dir={source.language.dir}
              >
                {reference}
              </p>
            )}
            <input
              id={field}
              type="text"
              lang={language.code}
              dir={language.dir}
              value={message.forms[selector] ?? ""}
              aria-invalid={own.length > 0 || undefined}
              aria-describedby={idList(
                reference !== undefined && source ? `${field}-source` : null,
                own.length > 0 ? `${field}-error` : null,
              )}
              onChange={(event) => change(selector, event.target.value)}
            />
            {own.length > 0 && (
              <p className="admin-field__error" id={`${field}-error`}>
                <ProblemText problem={own[0]!} />
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
