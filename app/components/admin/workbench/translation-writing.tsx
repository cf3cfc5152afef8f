/**
 * A translation's body, edited as segments beside the source (decision 0210) or as one text (the form's own
 * Markdown field and preview): a switch between the two, the same body underneath, so nothing typed is lost
 * by switching.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { AdminArticleVersion, SourceText } from "#core/admin/articles/schema.ts";
import type { EditorLanguage } from "#app/components/admin/article-editor/editor-shared.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { SegmentView } from "./segment-view.tsx";
import { useSegmentMarks } from "./use-segments.ts";
import { ViewSwitch } from "#app/components/admin/view-switch.tsx";

/** What a translation is edited against: the source now and as the translation's base, and the view to open on. */
export interface Workbench {
  source: string;
  /** The source's body at the translation's base: "" for a new translation, null when no longer kept. */
  base: string | null;
  sourceLanguage: EditorLanguage;
  /** Segments for an outdated translation: its changes are what there is to do. */
  initialView: "segments" | "whole";
  /** Whether a machine-translation provider is configured: the segments offer machine suggestions (decision 0218). */
  machine: boolean;
}

interface TranslationWritingProps {
  workbench: Workbench;
  language: EditorLanguage;
  body: string;
  onBody: (body: string) => void;
  /** The body as one text: the form's Markdown field and its preview. */
  whole: ReactNode;
}

export function TranslationWriting({ workbench, language, body, onBody, whole }: TranslationWritingProps) {
  const { t } = useAdminText();
  const { source, base, sourceLanguage } = workbench;
  const [view, setView] = useState(workbench.initialView);
  const marks = useSegmentMarks();
  const sources = useMemo(
    () => ({ source, base, sourceLanguage: sourceLanguage.code }),
    [source, base, sourceLanguage.code],
  );
  // One function for the life of the view, so that typing in a segment re-renders that segment only.
  const latestOnBody = useRef(onBody);
  useLayoutEffect(() => {
    latestOnBody.current = onBody;
  });
  const writeBody = useCallback((next: string) => latestOnBody.current(next), []);
  return (
    <div className={view === "segments" ? "translation-writing translation-writing--segments" : "translation-writing"}>
      <ViewSwitch
        className="translation-writing__switch"
        label={t("admin.workbench.edit_as")}
        views={["segments", "whole"] as const}
        current={view}
        labelOf={(option) => t(`admin.workbench.view_${option}`)}
        onChange={setView}
      />
      {view === "segments" ? (
        <SegmentView
          sources={sources}
          sourceLanguage={sourceLanguage}
          language={language}
          body={body}
          onBody={writeBody}
          marks={marks}
        />
      ) : (
        whole
      )}
    </div>
  );
}

/**
 * The workbench of a translation: the source's body now, and at the translation's base — the source itself
 * when up to date, the kept snapshot when outdated (null when not kept, or of another source language), ""
 * for a translation not written yet (every block is new).
 */
export function workbenchOf(
  source: Pick<AdminArticleVersion, "code" | "body">,
  sourceLanguage: EditorLanguage,
  translation: Pick<AdminArticleVersion, "baseRevision"> | null,
  sourceRevision: number,
  baseTexts: Readonly<Record<number, SourceText>>,
  machine = false,
): Workbench {
  const outdated = translation !== null && translation.baseRevision < sourceRevision;
  const kept = translation ? baseTexts[translation.baseRevision] : undefined;
  const base =
    translation === null ? "" : !outdated ? source.body : kept && kept.code === source.code ? kept.body : null;
  return { source: source.body, base, sourceLanguage, initialView: outdated ? "segments" : "whole", machine };
}
