/**
 * The translation's body as aligned segments (issue 45 item 1, decision 0210): each source block beside its
 * translation, "Previous change" / "Next change" (also Alt+↑ / Alt+↓ anywhere in the view) to go from one
 * new or changed segment to the next, Ctrl/Cmd+Enter to confirm a segment and go on, and the quality
 * checks' summary (decision 0212). What is typed is written back into the form's body, joined exactly.
 */
import { useCallback, useMemo, useState, type KeyboardEvent } from "react";
import { segmentProblems, type QualityProblem } from "#core/segments/checks.ts";
import type { AlignedSegment } from "#core/segments/align.ts";
import type { EditorLanguage } from "#app/components/admin/article-editor/editor-shared.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { glossaryWarnings, type GlossaryTerm } from "#core/glossary/check.ts";
import { useApprovedTerms } from "./glossary-hints.tsx";
import { SegmentRow, segmentFieldId, warningKey } from "./segment-row.tsx";
import { useSegments, type SegmentMarks, type SegmentSources } from "./use-segments.ts";

interface SegmentViewProps {
  sources: SegmentSources;
  sourceLanguage: EditorLanguage;
  language: EditorLanguage;
  body: string;
  onBody: (body: string) => void;
  marks: SegmentMarks;
}

const needsWork = (row: AlignedSegment) => row.status === "new" || row.status === "changed";

function focusRow(row: AlignedSegment | undefined) {
  if (!row) return;
  const field = document.getElementById(segmentFieldId(row.id));
  field?.focus();
  field?.closest(".segment")?.scrollIntoView({ block: "center" });
}

/**
 * Each row's problems, the glossary's included, checked again only for the rows whose text changed (a keystroke
 * checks one segment) or when the glossary's terms arrive.
 */
function useRowProblems(
  rows: readonly AlignedSegment[],
  texts: readonly string[],
  terms: readonly GlossaryTerm[],
): QualityProblem[][] {
  // A memo of the checks per row object (a new alignment makes new rows, which start unchecked).
  const [checked] = useState(
    () => new WeakMap<AlignedSegment, { text: string; terms: readonly GlossaryTerm[]; problems: QualityProblem[] }>(),
  );
  return useMemo(
    () =>
      rows.map((row, index) => {
        const text = texts[index] ?? "";
        const known = checked.get(row);
        if (known?.text === text && known.terms === terms) return known.problems;
        const problems = row.source
          ? [
              ...segmentProblems(row.source.text, text, row.source.kind),
              ...glossaryWarnings(terms, row.source.text, text),
            ]
          : [];
        checked.set(row, { text, terms, problems });
        return problems;
      }),
    [rows, texts, terms, checked],
  );
}

/** The open warnings of every segment, each with a way to it: the summary read before publishing. */
function QualitySummary({
  rows,
  problems,
  dismissed,
}: {
  rows: readonly AlignedSegment[];
  problems: readonly QualityProblem[][];
  dismissed: ReadonlySet<string>;
}) {
  const { t } = useAdminText();
  const open = rows.flatMap((row, index) =>
    (problems[index] ?? [])
      .filter((problem) => problem.blocking || !dismissed.has(warningKey(row.id, problem)))
      .map((problem) => ({ row, index, problem })),
  );
  const blocking = open.filter(({ problem }) => problem.blocking).length;
  return (
    <section className="segment-summary" aria-labelledby="segment-summary-title">
      <h4 id="segment-summary-title">{t("admin.workbench.summary_title")}</h4>
      {open.length === 0 ? (
        <p>{t("admin.workbench.summary_none")}</p>
      ) : (
        <>
          <p>
            {t("admin.workbench.summary_count", { count: open.length })}
            {blocking > 0 && ` ${t("admin.workbench.summary_blocking", { count: blocking })}`}
          </p>
          <ul className="segment-summary__list">
            {open.map(({ row, index, problem }) => (
              <li key={warningKey(row.id, problem)}>
                <button type="button" className="segment-summary__go" onClick={() => focusRow(row)}>
                  {t("admin.workbench.segment_number", { number: index + 1 })}
                </button>
                {": "}
                {t(`admin.workbench.check.${problem.check}`, problem.params)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Where the segments stand, the way from one change to the next, and what the keys do. */
function SegmentBar({
  counts,
  said,
  onGo,
}: {
  counts: Record<"changed" | "added" | "unchanged" | "removed", number>;
  said: string;
  onGo: (step: 1 | -1) => void;
}) {
  const { t } = useAdminText();
  return (
    <div className="segment-view__bar">
      <p className="segment-view__counts">{t("admin.workbench.counts", counts)}</p>
      <div className="segment-view__nav">
        <button type="button" className="button button--small button--secondary" onClick={() => onGo(-1)}>
          {t("admin.workbench.previous_change")}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={() => onGo(1)}>
          {t("admin.workbench.next_change")}
        </button>
      </div>
      <p className="admin-field__hint segment-view__keys">{t("admin.workbench.keys_hint")}</p>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}

export function SegmentView({ sources, sourceLanguage, language, body, onBody, marks }: SegmentViewProps) {
  const { t } = useAdminText();
  const { alignment, texts, type } = useSegments(sources, body, onBody);
  const { confirmed, confirm, dismissed, dismiss } = marks;
  const { rows } = alignment;
  const { terms } = useApprovedTerms(sourceLanguage.code, language.code);
  const problems = useRowProblems(rows, texts, terms);
  const [focused, setFocused] = useState(-1);
  const [said, setSaid] = useState("");
  const counts = useMemo(() => {
    const count = (status: AlignedSegment["status"]) => rows.filter((row) => row.status === status).length;
    return { changed: count("changed"), added: count("new"), unchanged: count("unchanged"), removed: count("removed") };
  }, [rows]);

  /** Goes to the next (or previous) new or changed segment from the one focused. */
  function go(step: 1 | -1) {
    for (let index = focused + step; index >= 0 && index < rows.length; index += step) {
      if (needsWork(rows[index]!)) {
        focusRow(rows[index]);
        setSaid("");
        return;
      }
    }
    setSaid(t(step === 1 ? "admin.workbench.no_next_change" : "admin.workbench.no_previous_change"));
  }

  const confirmAndGoOn = useCallback(
    (index: number) => {
      confirm(rows[index]!.id);
      // On to the next segment that still needs work, else simply the next one.
      const next = rows.findIndex((row, at) => at > index && needsWork(row) && !confirmed.has(row.id));
      focusRow(rows[next >= 0 ? next : index + 1]);
    },
    [rows, confirm, confirmed],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    go(event.key === "ArrowDown" ? 1 : -1);
  }

  return (
    // Alt+↑/↓ are caught where they happen, in the view's fields and buttons: the keys' own meaning elsewhere stays.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keys of the fields inside, not of the container
    <div className="segment-view" onKeyDown={onKeyDown}>
      <SegmentBar counts={counts} said={said} onGo={go} />
      <ol className="segment-view__list">
        {rows.map((row, index) => (
          <SegmentRow
            key={row.id}
            row={row}
            index={index}
            text={texts[index] ?? ""}
            problems={problems[index]!}
            sourceLanguage={sourceLanguage}
            language={language}
            confirmed={confirmed.has(row.id)}
            dismissed={dismissed}
            onType={type}
            onConfirm={confirmAndGoOn}
            onDismiss={dismiss}
            onFocusRow={setFocused}
            active={focused === index}
          />
        ))}
      </ol>
      <QualitySummary rows={rows} problems={problems} dismissed={dismissed} />
    </div>
  );
}
