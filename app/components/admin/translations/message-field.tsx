/**
 * A UI string's text in the cell editor: the ICU text, checked while typing (syntax, the source's arguments,
 * the language's plural categories) as the server checks it on save (decision 0070), and under it, for a
 * plural message, one field per plural category of the language (decision 0213). Both edit the same text.
 */
import { useMemo, useState, type ReactNode } from "react";
import type { TranslationLanguage } from "#core/admin/translations/schema.ts";
import { messageFieldProblems, type PluralMessage } from "#core/i18n/plural-editor.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { editablePlural, PluralEditor, ProblemText, type MessageSource } from "./plural-editor.tsx";

interface MessageFieldProps {
  text: string;
  language: TranslationLanguage;
  source: MessageSource | null;
  onText: (text: string) => void;
  /** The text as one field. */
  textField: ReactNode;
}

export function MessageField({ text, language, source, onText, textField }: MessageFieldProps) {
  // What the fields last wrote: while a form is half typed ("{na") the text does not parse, and the fields stay.
  const [fromFields, setFromFields] = useState<{ text: string; message: PluralMessage } | null>(null);
  const parsed = useMemo(() => editablePlural(text, source), [text, source]);
  const plural = parsed ?? (fromFields?.text === text ? fromFields.message : null);
  return (
    <>
      {textField}
      {plural && (
        <PluralEditor
          message={plural}
          language={language}
          source={source}
          onChange={(next, message) => {
            setFromFields({ text: next, message });
            onText(next);
          }}
        />
      )}
    </>
  );
}

/** The first problem of the text as ICU, said while typing (nothing when it is right). */
export function IcuTextCheck({
  text,
  language,
  source,
}: {
  text: string;
  language: TranslationLanguage;
  source: MessageSource | null;
}) {
  const { lang, dir } = useAdminText();
  const problems = useMemo(
    () =>
      text.trim() === ""
        ? []
        : messageFieldProblems(
            text,
            language.code,
            source ? { text: source.text, locale: source.language.code } : undefined,
          ),
    [text, language.code, source],
  );
  return (
    <p className="cell-editor__check" aria-live="polite" lang={lang} dir={dir}>
      {problems[0] && <ProblemText problem={problems[0]} />}
    </p>
  );
}
