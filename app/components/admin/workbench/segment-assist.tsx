/**
 * Help with the segment being translated (issue 45 items 2 and 3): the translation memory's matches, whose
 * translation replaces the segment's text (`onAccept`), and the glossary terms the source holds, whose approved
 * translation goes in at the field's cursor (`onInsert`). Either lands as typed: checked, autosaved, never published
 * by itself. Shown for the focused segment only, so opening a long article asks the memory nothing.
 */
import { GlossaryHints } from "./glossary-hints.tsx";
import { MemoryMatches } from "./memory-matches.tsx";

export interface SegmentAssistProps {
  sourceText: string;
  sourceLanguage: string;
  targetLanguage: string;
  onAccept: (text: string) => void;
  onInsert: (text: string) => void;
}

export function SegmentAssist({ sourceText, sourceLanguage, targetLanguage, onAccept, onInsert }: SegmentAssistProps) {
  const panel = { sourceText, sourceLanguage, targetLanguage };
  return (
    <div className="segment__assist">
      <MemoryMatches {...panel} onAccept={onAccept} />
      <GlossaryHints {...panel} onAccept={onInsert} />
    </div>
  );
}
