/**
 * One aligned segment (decision 0210): the source block beside its translation field, its status as a badge,
 * what changed in the source as a word diff, the quality checks of what is typed (decision 0212), and the
 * slot where translation memory and glossary hints go (SegmentAssist). Ctrl/Cmd+Enter confirms it and goes on.
 */
import { memo, type KeyboardEvent } from "react";
import type { AlignedSegment } from "#core/segments/align.ts";
import type { QualityProblem } from "#core/segments/checks.ts";
import { DiffText } from "#app/components/admin/article-editor/diff-text.tsx";
import type { EditorLanguage } from "#app/components/admin/article-editor/editor-shared.ts";
import { idList } from "#app/components/admin/form-fields.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";
import { isMachineText } from "#core/segments/machine.ts";
import { useMachineMarks } from "./machine-marks.ts";
import { SegmentAssist } from "./segment-assist.tsx";

export const segmentFieldId = (id: string) => `segment-${id}`;

/** The key of one warning of one segment, for dismissing it. */
export const warningKey = (rowId: string, problem: QualityProblem) => `${rowId}:${problem.check}`;

interface SegmentRowProps {
  row: AlignedSegment;
  index: number;
  text: string;
  /** The quality checks' problems of `text` (decision 0212). */
  problems: QualityProblem[];
  sourceLanguage: EditorLanguage;
  language: EditorLanguage;
  confirmed: boolean;
  dismissed: ReadonlySet<string>;
  onType: (index: number, text: string) => void;
  onConfirm: (index: number) => void;
  onDismiss: (key: string) => void;
  onFocusRow: (index: number) => void;
  /** The segment whose field was focused last: it shows the memory's matches and the glossary's terms. */
  active: boolean;
}

function SegmentProblems({
  rowId,
  problems,
  dismissed,
  onDismiss,
}: Pick<SegmentRowProps, "dismissed" | "onDismiss"> & { rowId: string; problems: QualityProblem[] }) {
  const { t } = useAdminText();
  const open = problems.filter((problem) => problem.blocking || !dismissed.has(warningKey(rowId, problem)));
  return (
    <ul className="segment__problems" id={`${segmentFieldId(rowId)}-problems`}>
      {open.map((problem) => (
        <li
          key={problem.check}
          className={problem.blocking ? "segment__problem segment__problem--blocking" : "segment__problem"}
        >
          <span>
            {problem.blocking && <strong>{t("admin.workbench.blocking")} </strong>}
            {t(`admin.workbench.check.${problem.check}`, problem.params)}
          </span>
          {!problem.blocking && (
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => {
                onDismiss(warningKey(rowId, problem));
                // The button goes: focus goes back to the segment's field, never to <body>.
                document.getElementById(segmentFieldId(rowId))?.focus();
              }}
            >
              {t("admin.workbench.dismiss")}
              <span className="visually-hidden"> {t(`admin.workbench.check.${problem.check}`, problem.params)}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The source side of a row: its status, whether it was confirmed, its kind, its text and what changed in it. */
function SegmentSource({
  row,
  fieldId,
  sourceLanguage,
  confirmed,
  machine,
}: Pick<SegmentRowProps, "row" | "sourceLanguage" | "confirmed"> & { fieldId: string; machine: boolean }) {
  const { t } = useAdminText();
  const source = row.source;
  const kind = source?.kind ?? "paragraph";
  return (
    <div className="segment__source">
      <p className="segment__meta">
        <span className={`segment__badge segment__badge--${row.status}`}>
          {t(`admin.workbench.status.${row.status}`)}
        </span>{" "}
        {confirmed && (
          <span className="segment__badge segment__badge--confirmed">{t("admin.workbench.confirmed")}</span>
        )}{" "}
        {machine && (
          <span className="segment__badge segment__badge--machine" id={`${fieldId}-machine`}>
            {t("admin.machine.mark")}
          </span>
        )}{" "}
        <span className="segment__kind">{t(`admin.workbench.kind.${kind}`)}</span>
      </p>
      {source && (
        <div
          className="segment__source-text"
          id={`${fieldId}-source`}
          lang={sourceLanguage.code}
          dir={sourceLanguage.dir}
        >
          {source.text}
        </div>
      )}
      {row.diff.length > 0 && (
        <div className="segment__diff">
          <p className="segment__diff-title">{t("admin.workbench.source_changes")}</p>
          <p className="source-diff__text" lang={sourceLanguage.code} dir={sourceLanguage.dir}>
            <DiffText parts={row.diff} />
          </p>
        </div>
      )}
    </div>
  );
}

export const SegmentRow = memo(function SegmentRow({
  row,
  index,
  text,
  problems,
  sourceLanguage,
  language,
  confirmed,
  dismissed,
  onType,
  onConfirm,
  onDismiss,
  onFocusRow,
  active,
}: SegmentRowProps) {
  const { t } = useAdminText();
  const fieldId = segmentFieldId(row.id);
  const source = row.source;
  const machine = isMachineText(text, useMachineMarks().taken);
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      onConfirm(index);
    }
  }
  return (
    <li className={`segment segment--${row.status}`} data-status={row.status}>
      <SegmentSource
        row={row}
        fieldId={fieldId}
        sourceLanguage={sourceLanguage}
        confirmed={confirmed}
        machine={machine}
      />
      <div className="segment__target">
        <label htmlFor={fieldId} className="segment__label">
          {t("admin.workbench.translation_of", { number: index + 1 })}
        </label>
        <textarea
          id={fieldId}
          className="segment__field"
          lang={language.code}
          dir={language.dir}
          value={text}
          rows={Math.max(2, text.split("\n").length)}
          spellCheck
          aria-describedby={idList(
            source ? `${fieldId}-source` : null,
            machine ? `${fieldId}-machine` : null,
            problems.length > 0 ? `${fieldId}-problems` : null,
          )}
          aria-invalid={problems.some((problem) => problem.blocking) || undefined}
          onChange={(event) => onType(index, event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => onFocusRow(index)}
        />
        {problems.length > 0 && (
          <SegmentProblems rowId={row.id} problems={problems} dismissed={dismissed} onDismiss={onDismiss} />
        )}
        {source && active && (
          <SegmentAssist
            sourceText={source.text}
            sourceKind={source.kind}
            sourceLanguage={sourceLanguage.code}
            targetLanguage={language.code}
            onAccept={(accepted) => onType(index, accepted)}
            onInsert={(term) => {
              // At the field's last selection (kept while a button has the focus), else at the end.
              const field = document.getElementById(fieldId) as HTMLTextAreaElement | null;
              const start = field?.selectionStart ?? text.length;
              const end = field?.selectionEnd ?? start;
              onType(index, text.slice(0, start) + term + text.slice(end));
            }}
          />
        )}
      </div>
    </li>
  );
});
