/**
 * The slot for help with one segment: translation memory matches and glossary hints (issue 45 items 2 and 3,
 * built beside this view). It receives the segment's source text and the two languages, and hands a chosen
 * suggestion to `onAccept`, which puts it in the segment's field (as typed: checked, autosaved, never published
 * by itself). Until those services exist it shows nothing.
 */
export interface SegmentAssistProps {
  sourceText: string;
  sourceLanguage: string;
  targetLanguage: string;
  onAccept: (text: string) => void;
}

export function SegmentAssist(_props: SegmentAssistProps) {
  return null;
}
