/**
 * A machine suggestion for the segment being translated (issue 45 item 7, decision 0218), asked for with a button
 * only (a provider is billed per character: nothing is sent by focusing or typing). The suggestion is shown as one,
 * marked "machine", with the quality checks the server ran on it; "Use this suggestion" hands it to `onAccept`, which
 * replaces the segment's text as typing would (checked, autosaved, never published by itself), and marks it.
 */
import { useState } from "react";
import type { MachineTranslationAnswer } from "#core/admin/machine-translation/schema.ts";
import type { SegmentKind } from "#core/segments/split.ts";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useMachineMarks } from "./machine-marks.ts";
import "#app/styles/admin-glossary.css";

/** Blocks a service has nothing to translate in: code is kept as written, a rule has no words. */
export const machineTranslatable = (kind: SegmentKind) => kind !== "code" && kind !== "rule";

export interface MachineSuggestionProps {
  sourceText: string;
  sourceKind: SegmentKind;
  sourceLanguage: string;
  targetLanguage: string;
  onAccept: (text: string) => void;
}

type State =
  | { state: "idle" }
  | { state: "asking" }
  | { state: "failed"; message: string }
  | { state: "shown"; answer: MachineTranslationAnswer; source: string };

export function MachineSuggestion({
  sourceText,
  sourceKind,
  sourceLanguage,
  targetLanguage,
  onAccept,
}: MachineSuggestionProps) {
  const { t } = useAdminText();
  const { take } = useMachineMarks();
  const [state, setState] = useState<State>({ state: "idle" });
  async function ask() {
    setState({ state: "asking" });
    try {
      const answer = await api.post<MachineTranslationAnswer>(
        `/api/admin/machine-translation/${encodeURIComponent(targetLanguage)}`,
        { from: sourceLanguage, segments: [{ text: sourceText, kind: sourceKind }] },
      );
      setState({ state: "shown", answer, source: sourceText });
    } catch (error) {
      setState({ state: "failed", message: failureMessage(error, t("admin.machine.failed"), t) });
    }
  }
  // A suggestion for another source text (the source changed under it) is not shown as this one's.
  const suggestion = state.state === "shown" && state.source === sourceText ? state.answer.suggestions[0] : undefined;
  return (
    <section className="workbench-panel machine-suggestion" aria-labelledby="machine-suggestion-title">
      <h3 id="machine-suggestion-title">{t("admin.machine.title")}</h3>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => void ask()}
        disabled={state.state === "asking"}
      >
        {t("admin.machine.suggest_button")}
      </button>
      <p role="status" className="workbench-panel__meta">
        {state.state === "asking" ? t("admin.machine.loading") : state.state === "failed" ? state.message : ""}
      </p>
      {suggestion && state.state === "shown" && (
        <div className="machine-suggestion__result" data-origin={suggestion.origin}>
          <p className="workbench-panel__meta">
            <span className="segment__badge segment__badge--machine">{t("admin.machine.mark")}</span>{" "}
            {t("admin.machine.note", { provider: state.answer.provider })}
          </p>
          <p className="machine-suggestion__text" lang={targetLanguage} dir="auto">
            {suggestion.text}
          </p>
          {suggestion.problems.length > 0 && (
            <>
              <p className="workbench-panel__meta">{t("admin.machine.checks")}</p>
              <ul className="machine-suggestion__checks">
                {suggestion.problems.map((problem) => (
                  <li key={problem.check}>{t(`admin.workbench.check.${problem.check}`, problem.params)}</li>
                ))}
              </ul>
            </>
          )}
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              take(suggestion.text);
              onAccept(suggestion.text);
            }}
          >
            {t("admin.machine.use_button")}
          </button>
        </div>
      )}
    </section>
  );
}
