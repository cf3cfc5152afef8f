/**
 * Help with the segment being translated (issue 45 items 2, 3 and 7): the translation memory's matches, whose
 * translation replaces the segment's text (`onAccept`), the glossary terms the source holds, whose approved
 * translation goes in at the field's cursor (`onInsert`), and — when a provider is configured — a machine suggestion
 * asked for with a button, which replaces the text too and marks it "machine" (decision 0218). Each lands as typed:
 * checked, autosaved, never published by itself. Shown for the focused segment only, so opening a long article asks
 * the memory nothing.
 */
import type { SegmentKind } from "#core/segments/split.ts";
import { GlossaryHints } from "./glossary-hints.tsx";
import { useMachineMarks } from "./machine-marks.ts";
import { MachineSuggestion, machineTranslatable } from "./machine-suggestion.tsx";
import { MemoryMatches } from "./memory-matches.tsx";

export interface SegmentAssistProps {
  sourceText: string;
  sourceKind: SegmentKind;
  sourceLanguage: string;
  targetLanguage: string;
  onAccept: (text: string) => void;
  onInsert: (text: string) => void;
}

export function SegmentAssist({
  sourceText,
  sourceKind,
  sourceLanguage,
  targetLanguage,
  onAccept,
  onInsert,
}: SegmentAssistProps) {
  const { enabled: machine } = useMachineMarks();
  const panel = { sourceText, sourceLanguage, targetLanguage };
  return (
    <div className="segment__assist">
      <MemoryMatches {...panel} onAccept={onAccept} />
      {machine && machineTranslatable(sourceKind) && (
        // Keyed by the source: another segment's suggestion is never shown here.
        <MachineSuggestion key={sourceText} {...panel} sourceKind={sourceKind} onAccept={onAccept} />
      )}
      <GlossaryHints {...panel} onAccept={onInsert} />
    </div>
  );
}
